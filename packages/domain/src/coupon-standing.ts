import type { Coupon } from './coupon.ts';

/** Why a coupon would be refused at checkout now, whatever the cart (the admin list's marks). */
export type CouponMark = 'inactive' | 'not started' | 'expired' | 'used up';

export const COUPON_MARK_LABELS: Record<CouponMark, string> = {
  inactive: 'Inactive',
  'not started': 'Not started',
  expired: 'Expired',
  'used up': 'Used up',
};

/**
 * The marks of a coupon at `now` with `used` uses so far, by the same rules `applyCoupon` refuses
 * it with (inactive, before its start, after its inclusive end, uses at the limit); empty when a
 * shopper could use it now.
 */
export function couponMarks(
  c: Pick<Coupon, 'active' | 'startsAt' | 'endsAt' | 'usageLimit'>,
  used: number,
  now: Date,
): CouponMark[] {
  const marks: CouponMark[] = [];
  if (!c.active) marks.push('inactive');
  if (c.startsAt && now.getTime() < c.startsAt.getTime()) marks.push('not started');
  if (c.endsAt && now.getTime() > c.endsAt.getTime()) marks.push('expired');
  if (c.usageLimit !== null && used >= c.usageLimit) marks.push('used up');
  return marks;
}

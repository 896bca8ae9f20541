import { formatInr } from './money.ts';
import { assertPaise, divideRoundHalfUp, percentToBasisPoints } from './rounding.ts';

/** What a coupon takes off (spec: percentage_offer or price_offer). */
export type CouponOffer =
  | {
      type: 'percentage';
      /** 0 < percent <= 100, at most 2 decimals. */
      percent: number;
      /** The most a percentage may take off; null: no cap. */
      maxDiscountPaise: number | null;
    }
  | { type: 'fixed'; amountPaise: number };

export interface Coupon {
  code: string;
  offer: CouponOffer;
  active: boolean;
  /** First moment it can be used; null: from the start. */
  startsAt: Date | null;
  /** Last moment it can be used (inclusive); null: never expires. */
  endsAt: Date | null;
  /** The sale total must reach this (>=); 0: no minimum. */
  minSaleTotalPaise: number;
  /** Uses allowed in all; null: unlimited. */
  usageLimit: number | null;
  /** Uses allowed per customer; null: unlimited. */
  perCustomerLimit: number | null;
}

export const COUPON_MESSAGES = {
  empty: 'Please enter a coupon code',
  invalid: 'Invalid coupon',
  notStarted: 'This coupon is not valid yet',
  expired: 'This coupon has expired',
  usedUp: 'This coupon has been used up',
  usedByCustomer: 'You have already used this coupon',
} as const;

/** "Add ₹250 more to use this coupon (minimum order ₹1,000)". */
export function couponMinimumMessage(shortPaise: number, minimumPaise: number): string {
  return `Add ${formatInr(shortPaise)} more to use this coupon (minimum order ${formatInr(minimumPaise)})`;
}

export type CouponResult =
  { ok: true; code: string; discountPaise: number } | { ok: false; message: string };

function assertCount(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(n)}`);
  }
}

/** Case-insensitive comparison of codes, ignoring surrounding spaces. */
export function sameCouponCode(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/**
 * The discount of a coupon on a sale total (accounts-checkout-payments §5, §9), in paise.
 *
 * The checks, in this order, each with its message:
 * 1. an empty code (after trimming): "Please enter a coupon code";
 * 2. no coupon with that code (compared case-insensitively), or an inactive one: "Invalid coupon";
 * 3. before `startsAt`: "This coupon is not valid yet"; after `endsAt` (inclusive end):
 *    "This coupon has expired";
 * 4. `usage.total` >= the usage limit: "This coupon has been used up"; `usage.byCustomer` >= the
 *    per-customer limit: "You have already used this coupon";
 * 5. a sale total below the minimum: "Add ₹X more to use this coupon (minimum order ₹Y)".
 *
 * The discount: a percentage of the sale total rounded half up to whole paise (the same rule as
 * every other rounding here), then capped by `maxDiscountPaise`; or the fixed amount. Either way
 * never more than the sale total. `usage` counts the uses already taken (placed orders holding
 * the coupon), not counting the order being priced.
 *
 * Throws RangeError for a malformed coupon, total or count (the store's data, not the shopper's).
 */
export function applyCoupon(input: {
  enteredCode: string;
  coupon: Coupon | null;
  saleTotalPaise: number;
  now: Date;
  usage: { total: number; byCustomer: number };
}): CouponResult {
  const { enteredCode, coupon, saleTotalPaise, now, usage } = input;
  assertPaise('Sale total', saleTotalPaise);
  assertCount('Usage total', usage.total);
  assertCount('Usage by customer', usage.byCustomer);
  if (enteredCode.trim() === '') return { ok: false, message: COUPON_MESSAGES.empty };
  if (!coupon || !coupon.active || !sameCouponCode(enteredCode, coupon.code)) {
    return { ok: false, message: COUPON_MESSAGES.invalid };
  }
  assertCouponRule(coupon);
  if (coupon.startsAt && now.getTime() < coupon.startsAt.getTime()) {
    return { ok: false, message: COUPON_MESSAGES.notStarted };
  }
  if (coupon.endsAt && now.getTime() > coupon.endsAt.getTime()) {
    return { ok: false, message: COUPON_MESSAGES.expired };
  }
  if (coupon.usageLimit !== null && usage.total >= coupon.usageLimit) {
    return { ok: false, message: COUPON_MESSAGES.usedUp };
  }
  if (coupon.perCustomerLimit !== null && usage.byCustomer >= coupon.perCustomerLimit) {
    return { ok: false, message: COUPON_MESSAGES.usedByCustomer };
  }
  if (saleTotalPaise < coupon.minSaleTotalPaise) {
    return {
      ok: false,
      message: couponMinimumMessage(
        coupon.minSaleTotalPaise - saleTotalPaise,
        coupon.minSaleTotalPaise,
      ),
    };
  }
  return {
    ok: true,
    code: coupon.code.trim(),
    discountPaise: couponDiscountPaise(coupon.offer, saleTotalPaise),
  };
}

/**
 * The discount of an offer on a sale total, without the other checks: percent of the total
 * rounded half up to whole paise, capped by its maximum; or the fixed amount; never above the
 * total.
 */
export function couponDiscountPaise(offer: CouponOffer, saleTotalPaise: number): number {
  assertPaise('Sale total', saleTotalPaise);
  assertOffer(offer);
  let discount: number;
  if (offer.type === 'percentage') {
    const basisPoints = percentToBasisPoints(offer.percent, 'Percentage offer');
    discount = divideRoundHalfUp(saleTotalPaise * basisPoints, 10_000);
    if (offer.maxDiscountPaise !== null) discount = Math.min(discount, offer.maxDiscountPaise);
  } else {
    discount = offer.amountPaise;
  }
  return Math.min(discount, saleTotalPaise);
}

function assertOffer(offer: CouponOffer): void {
  if (offer.type === 'percentage') {
    if (percentToBasisPoints(offer.percent, 'Percentage offer') === 0) {
      throw new RangeError('Percentage offer must be above 0');
    }
    if (offer.maxDiscountPaise !== null) assertPaise('Maximum discount', offer.maxDiscountPaise);
  } else {
    assertPaise('Price offer', offer.amountPaise);
  }
}

/** Throws RangeError for a malformed coupon (what `applyCoupon` refuses as the store's error). */
export function assertCouponRule(coupon: Coupon): void {
  assertOffer(coupon.offer);
  assertPaise('Minimum sale total', coupon.minSaleTotalPaise);
  if (coupon.usageLimit !== null) assertCount('Usage limit', coupon.usageLimit);
  if (coupon.perCustomerLimit !== null) assertCount('Per-customer limit', coupon.perCustomerLimit);
  for (const [name, date] of [
    ['Start', coupon.startsAt],
    ['End', coupon.endsAt],
  ] as const) {
    if (date && Number.isNaN(date.getTime())) throw new RangeError(`${name} is not a date`);
  }
}

import { describe, expect, it } from 'vitest';
import {
  COUPON_MESSAGES,
  applyCoupon,
  couponDiscountPaise,
  couponMinimumMessage,
  sameCouponCode,
  type Coupon,
} from './coupon.ts';

const now = new Date('2026-11-23T12:00:00Z');

const percent10: Coupon = {
  code: 'SKATE10',
  offer: { type: 'percentage', percent: 10, maxDiscountPaise: 50000 },
  active: true,
  startsAt: new Date('2026-01-01T00:00:00Z'),
  endsAt: new Date('2026-12-31T23:59:59Z'),
  minSaleTotalPaise: 0,
  usageLimit: 10,
  perCustomerLimit: 1,
};
const flat200: Coupon = {
  ...percent10,
  code: 'FLAT200',
  offer: { type: 'fixed', amountPaise: 20000 },
  minSaleTotalPaise: 100000,
};

const apply = (
  enteredCode: string,
  coupon: Coupon | null,
  saleTotalPaise = 150000,
  usage = { total: 0, byCustomer: 0 },
  at = now,
) => applyCoupon({ enteredCode, coupon, saleTotalPaise, now: at, usage });

describe('applyCoupon', () => {
  it('asks for a code when none is entered', () => {
    expect(apply('', percent10)).toEqual({ ok: false, message: 'Please enter a coupon code' });
    expect(apply('   ', null)).toEqual({ ok: false, message: 'Please enter a coupon code' });
  });

  it('matches the code case-insensitively and trimmed', () => {
    expect(apply('skate10', percent10)).toEqual({
      ok: true,
      code: 'SKATE10',
      discountPaise: 15000,
    });
    expect(apply('  Skate10 ', percent10)).toMatchObject({ ok: true });
  });

  it('answers "Invalid coupon" for an unknown, different or inactive coupon', () => {
    expect(apply('NOPE', null)).toEqual({ ok: false, message: 'Invalid coupon' });
    expect(apply('SKATE1', percent10)).toEqual({ ok: false, message: 'Invalid coupon' });
    expect(apply('SKATE10', { ...percent10, active: false })).toEqual({
      ok: false,
      message: 'Invalid coupon',
    });
  });

  it('is valid from its start through its end, inclusive', () => {
    const start = percent10.startsAt!;
    const end = percent10.endsAt!;
    const before = new Date(start.getTime() - 1);
    const after = new Date(end.getTime() + 1);
    expect(apply('SKATE10', percent10, 150000, undefined, before)).toEqual({
      ok: false,
      message: COUPON_MESSAGES.notStarted,
    });
    expect(apply('SKATE10', percent10, 150000, undefined, start)).toMatchObject({ ok: true });
    expect(apply('SKATE10', percent10, 150000, undefined, end)).toMatchObject({ ok: true });
    expect(apply('SKATE10', percent10, 150000, undefined, after)).toEqual({
      ok: false,
      message: 'This coupon has expired',
    });
  });

  it('has no dates to check when start and end are open', () => {
    const open = { ...percent10, startsAt: null, endsAt: null };
    expect(apply('SKATE10', open, 150000, undefined, new Date('2099-01-01'))).toMatchObject({
      ok: true,
    });
    expect(apply('SKATE10', open, 150000, undefined, new Date('1999-01-01'))).toMatchObject({
      ok: true,
    });
  });

  it('is used up at its total limit, and per customer at theirs', () => {
    expect(apply('SKATE10', percent10, 150000, { total: 9, byCustomer: 0 })).toMatchObject({
      ok: true,
    });
    expect(apply('SKATE10', percent10, 150000, { total: 10, byCustomer: 0 })).toEqual({
      ok: false,
      message: 'This coupon has been used up',
    });
    expect(apply('SKATE10', percent10, 150000, { total: 3, byCustomer: 1 })).toEqual({
      ok: false,
      message: 'You have already used this coupon',
    });
    const unlimited = { ...percent10, usageLimit: null, perCustomerLimit: null };
    expect(apply('SKATE10', unlimited, 150000, { total: 10_000, byCustomer: 50 })).toMatchObject({
      ok: true,
    });
    expect(apply('SKATE10', { ...percent10, usageLimit: 0 })).toMatchObject({ ok: false });
  });

  it('says how much more to add below the minimum', () => {
    expect(apply('FLAT200', flat200, 75000)).toEqual({
      ok: false,
      message: 'Add ₹250 more to use this coupon (minimum order ₹1,000)',
    });
    expect(apply('FLAT200', flat200, 99950)).toEqual({
      ok: false,
      message: 'Add ₹0.50 more to use this coupon (minimum order ₹1,000)',
    });
    expect(apply('FLAT200', flat200, 100000)).toEqual({
      ok: true,
      code: 'FLAT200',
      discountPaise: 20000,
    });
  });

  it('checks in order: expiry before usage before minimum', () => {
    const after = new Date('2027-06-01T00:00:00Z');
    expect(apply('FLAT200', flat200, 100, { total: 99, byCustomer: 9 }, after).ok).toBe(false);
    expect(apply('FLAT200', flat200, 100, { total: 99, byCustomer: 9 }, after)).toMatchObject({
      message: COUPON_MESSAGES.expired,
    });
    expect(apply('FLAT200', flat200, 100, { total: 99, byCustomer: 9 })).toMatchObject({
      message: COUPON_MESSAGES.usedUp,
    });
  });

  it('rejects malformed counts and totals', () => {
    expect(() => apply('SKATE10', percent10, -1)).toThrow('Sale total');
    expect(() => apply('SKATE10', percent10, 100, { total: -1, byCustomer: 0 })).toThrow(
      RangeError,
    );
    expect(() => apply('SKATE10', percent10, 100, { total: 0, byCustomer: 0.5 })).toThrow(
      RangeError,
    );
    expect(() => apply('SKATE10', { ...percent10, endsAt: new Date('nope') })).toThrow('End');
    expect(() => apply('SKATE10', { ...percent10, usageLimit: -1 })).toThrow('Usage limit');
  });
});

describe('couponDiscountPaise', () => {
  it('takes a percentage of the sale total, rounded half up to whole paise', () => {
    const tenPercent = { type: 'percentage', percent: 10, maxDiscountPaise: null } as const;
    expect(couponDiscountPaise(tenPercent, 150000)).toBe(15000);
    expect(couponDiscountPaise(tenPercent, 12345)).toBe(1235); // 1234.5 -> 1235
    expect(couponDiscountPaise(tenPercent, 12344)).toBe(1234); // 1234.4 -> 1234
    expect(couponDiscountPaise({ ...tenPercent, percent: 12.5 }, 999)).toBe(125); // 124.875
    expect(couponDiscountPaise({ ...tenPercent, percent: 7.3 }, 1000)).toBe(73);
    expect(couponDiscountPaise(tenPercent, 0)).toBe(0);
  });

  it('caps a percentage at its maximum discount', () => {
    const capped = { type: 'percentage', percent: 20, maxDiscountPaise: 30000 } as const;
    expect(couponDiscountPaise(capped, 100000)).toBe(20000);
    expect(couponDiscountPaise(capped, 150000)).toBe(30000);
    expect(couponDiscountPaise(capped, 1000000)).toBe(30000);
  });

  it('never takes off more than the total', () => {
    expect(couponDiscountPaise({ type: 'fixed', amountPaise: 20000 }, 15000)).toBe(15000);
    expect(
      couponDiscountPaise({ type: 'percentage', percent: 100, maxDiscountPaise: null }, 777),
    ).toBe(777);
  });

  it('rejects malformed offers', () => {
    expect(() =>
      couponDiscountPaise({ type: 'percentage', percent: 0, maxDiscountPaise: null }, 1),
    ).toThrow('above 0');
    expect(() =>
      couponDiscountPaise({ type: 'percentage', percent: 101, maxDiscountPaise: null }, 1),
    ).toThrow('Percentage offer');
    expect(() =>
      couponDiscountPaise({ type: 'percentage', percent: 10, maxDiscountPaise: -5 }, 1),
    ).toThrow('Maximum discount');
    expect(() => couponDiscountPaise({ type: 'fixed', amountPaise: 10.5 }, 1)).toThrow(
      'Price offer',
    );
  });
});

describe('helpers', () => {
  it('compares codes case-insensitively', () => {
    expect(sameCouponCode('abc', ' ABC ')).toBe(true);
    expect(sameCouponCode('abc', 'abd')).toBe(false);
  });

  it('formats the minimum message with rupees as the shop does', () => {
    expect(couponMinimumMessage(12345600, 20000000)).toBe(
      'Add ₹1,23,456 more to use this coupon (minimum order ₹2,00,000)',
    );
  });
});

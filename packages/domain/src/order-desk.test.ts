import { describe, expect, it } from 'vitest';
import {
  COLLECT_MESSAGES,
  decideCollect,
  isOrderFullyPaid,
  istDay,
  istDayRange,
  istDayStart,
  type OrderPaymentFacts,
} from './order-desk.ts';

const pod: OrderPaymentFacts = {
  orderStatus: 'Delivered',
  paymentMode: 'Pay on delivery',
  paymentStatus: 'Success',
  payNowPaise: 20_000,
  remainingPaise: 80_000,
  collected: false,
};

describe('collecting the remainder at delivery', () => {
  it('collects the remaining amount of a delivered or out-for-delivery pay-on-delivery order', () => {
    expect(decideCollect(pod)).toEqual({ ok: true, amountPaise: 80_000 });
    expect(decideCollect({ ...pod, orderStatus: 'Out for delivery' })).toEqual({
      ok: true,
      amountPaise: 80_000,
    });
    // No advance: nothing was paid online (Pending), still collectable.
    expect(decideCollect({ ...pod, payNowPaise: 0, paymentStatus: 'Pending' })).toMatchObject({
      ok: true,
    });
  });

  it('refuses before the order is on its way, twice, for Pay now and with an unpaid advance', () => {
    expect(decideCollect({ ...pod, orderStatus: 'Shipped' })).toEqual({
      ok: false,
      reason: COLLECT_MESSAGES.notYet('Shipped'),
    });
    expect(decideCollect({ ...pod, orderStatus: 'Cancelled' }).ok).toBe(false);
    expect(decideCollect({ ...pod, collected: true })).toEqual({
      ok: false,
      reason: COLLECT_MESSAGES.already,
    });
    expect(decideCollect({ ...pod, paymentMode: 'Pay now', remainingPaise: 0 })).toEqual({
      ok: false,
      reason: COLLECT_MESSAGES.notOnDelivery,
    });
    expect(decideCollect({ ...pod, remainingPaise: 0 })).toEqual({
      ok: false,
      reason: COLLECT_MESSAGES.nothingLeft,
    });
    expect(decideCollect({ ...pod, paymentStatus: 'Pending' })).toEqual({
      ok: false,
      reason: COLLECT_MESSAGES.advanceUnpaid,
    });
  });

  it('calls an order fully paid once nothing is left to take', () => {
    expect(
      isOrderFullyPaid({ paymentStatus: 'Success', remainingPaise: 0, collected: false }),
    ).toBe(true);
    expect(isOrderFullyPaid(pod)).toBe(false);
    expect(isOrderFullyPaid({ ...pod, collected: true })).toBe(true);
    expect(
      isOrderFullyPaid({ paymentStatus: 'Refund pending', remainingPaise: 0, collected: false }),
    ).toBe(false);
  });
});

describe('India-time days', () => {
  it('starts a day at 18:30 UTC the day before', () => {
    expect(istDayStart('2026-11-23')?.toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(istDayStart('2026-02-30')).toBeNull();
    expect(istDayStart('23-11-2026')).toBeNull();
  });

  it('covers both ends of a range, either optional', () => {
    const r = istDayRange('2026-11-01', '2026-11-23');
    expect(r?.from?.toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(r?.before?.toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(istDayRange(undefined, undefined)).toEqual({ from: null, before: null });
    expect(istDayRange('nope', undefined)).toBeNull();
  });

  it('names the India-time day of an instant', () => {
    expect(istDay(new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
    expect(istDay(new Date('2026-11-22T18:29:59Z'))).toBe('2026-11-22');
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-statuses.ts';
import {
  allowedOrderMoves,
  decideOrderMove,
  isOrderFinished,
  isDispatched,
  isOrderPaidEnoughToShip,
  ORDER_MOVE_MESSAGES,
  type OrderMoveFacts,
} from './order-transitions.ts';

const paid: Omit<OrderMoveFacts, 'from' | 'to'> = {
  paymentMode: 'Pay now',
  paymentStatus: 'Success',
  payNowPaise: 50_000,
};
const move = (from: OrderStatus, to: OrderStatus, facts = paid) =>
  decideOrderMove({ ...facts, from, to });

describe('order transitions', () => {
  it('moves a paid order forward one step, stamping the step it reaches', () => {
    expect(move('Pending', 'Processing')).toEqual({
      ok: true,
      stamps: ['processingDate'],
      delivered: false,
    });
    expect(move('Processing', 'Packed')).toEqual({ ok: true, stamps: [], delivered: false });
    expect(move('Packed', 'Shipped')).toEqual({
      ok: true,
      stamps: ['shippedDate'],
      delivered: false,
    });
    expect(move('Shipped', 'Out for delivery')).toEqual({
      ok: true,
      stamps: ['outDeliveryDate'],
      delivered: false,
    });
    expect(move('Out for delivery', 'Delivered')).toEqual({
      ok: true,
      stamps: ['deliveryDate'],
      delivered: true,
    });
  });

  it('moves forward several steps, stamping every step passed', () => {
    expect(move('Processing', 'Delivered')).toEqual({
      ok: true,
      stamps: ['shippedDate', 'outDeliveryDate', 'deliveryDate'],
      delivered: true,
    });
    expect(move('Pending', 'Shipped')).toEqual({
      ok: true,
      stamps: ['processingDate', 'shippedDate'],
      delivered: false,
    });
  });

  it('cancels only before Shipped, with no stamps', () => {
    for (const from of ['Pending', 'Processing', 'Packed'] as const) {
      expect(move(from, 'Cancelled')).toEqual({ ok: true, stamps: [], delivered: false });
    }
    for (const from of ['Shipped', 'Out for delivery'] as const) {
      expect(move(from, 'Cancelled')).toEqual({
        ok: false,
        reason: ORDER_MOVE_MESSAGES.cancelAfterShipped(from),
      });
    }
  });

  it('allows nothing after Delivered or Cancelled', () => {
    for (const from of ['Delivered', 'Cancelled'] as const) {
      for (const to of ORDER_STATUSES) {
        const d = move(from, to);
        expect(d.ok).toBe(false);
      }
      expect(move(from, 'Processing')).toEqual({
        ok: false,
        reason: ORDER_MOVE_MESSAGES.finished(from),
      });
    }
  });

  it('never moves backwards, to Pending, or to the same status', () => {
    expect(move('Shipped', 'Packed')).toEqual({
      ok: false,
      reason: ORDER_MOVE_MESSAGES.backwards('Shipped', 'Packed'),
    });
    expect(move('Processing', 'Pending')).toEqual({
      ok: false,
      reason: ORDER_MOVE_MESSAGES.toPending,
    });
    expect(move('Packed', 'Packed')).toEqual({
      ok: false,
      reason: ORDER_MOVE_MESSAGES.same('Packed'),
    });
  });

  it('holds an unpaid order: Pay now not yet Success, or an unpaid advance, may only be cancelled', () => {
    const unpaidNow = {
      paymentMode: 'Pay now',
      paymentStatus: 'Pending',
      payNowPaise: 50_000,
    } as const;
    const failed = { ...unpaidNow, paymentStatus: 'Failed' } as const;
    const unpaidAdvance = {
      paymentMode: 'Pay on delivery',
      paymentStatus: 'Pending',
      payNowPaise: 10_000,
    } as const;
    for (const facts of [unpaidNow, failed, unpaidAdvance] as const) {
      expect(move('Pending', 'Processing', facts)).toEqual({
        ok: false,
        reason: ORDER_MOVE_MESSAGES.unpaid,
      });
      expect(move('Pending', 'Cancelled', facts).ok).toBe(true);
    }
    const paidAdvance = { ...unpaidAdvance, paymentStatus: 'Success' } as const;
    expect(move('Processing', 'Packed', paidAdvance).ok).toBe(true);
  });

  it('lets Pay on delivery without an advance move forward at once', () => {
    const noAdvance = {
      paymentMode: 'Pay on delivery',
      paymentStatus: 'Pending',
      payNowPaise: 0,
    } as const;
    expect(isOrderPaidEnoughToShip(noAdvance)).toBe(true);
    expect(move('Processing', 'Shipped', noAdvance).ok).toBe(true);
  });

  it('refuses to move an order whose payment is being refunded', () => {
    const refunding = { ...paid, paymentStatus: 'Refund pending' } as const;
    expect(move('Processing', 'Packed', refunding)).toEqual({
      ok: false,
      reason: ORDER_MOVE_MESSAGES.refunded,
    });
  });

  it('lists the moves open from each status', () => {
    const from = (s: OrderStatus) => allowedOrderMoves({ ...paid, from: s });
    expect(from('Processing')).toEqual([
      'Packed',
      'Shipped',
      'Out for delivery',
      'Delivered',
      'Cancelled',
    ]);
    expect(from('Shipped')).toEqual(['Out for delivery', 'Delivered']);
    expect(from('Delivered')).toEqual([]);
    expect(
      allowedOrderMoves({
        from: 'Pending',
        paymentMode: 'Pay now',
        paymentStatus: 'Pending',
        payNowPaise: 1,
      }),
    ).toEqual(['Cancelled']);
  });
});

describe('isDispatched', () => {
  it('is true from Shipped on, false before and for Cancelled', () => {
    expect(ORDER_STATUSES.filter(isDispatched)).toEqual([
      'Shipped',
      'Out for delivery',
      'Delivered',
    ]);
  });
});

describe('isOrderFinished', () => {
  const facts = { paymentStatus: 'Success' as const, uncollectedPaise: 0 };
  it('is true for Cancelled and for Delivered with nothing left to collect', () => {
    expect(
      ORDER_STATUSES.filter((orderStatus) => isOrderFinished({ ...facts, orderStatus })),
    ).toEqual(['Delivered', 'Cancelled']);
    expect(
      isOrderFinished({ orderStatus: 'Cancelled', paymentStatus: 'Failed', uncollectedPaise: 0 }),
    ).toBe(true);
    expect(
      isOrderFinished({ orderStatus: 'Cancelled', paymentStatus: 'Refunded', uncollectedPaise: 0 }),
    ).toBe(true);
  });
  it('is false while a refund is owed, the door amount is uncollected, or the payment is awaited', () => {
    expect(
      isOrderFinished({
        orderStatus: 'Cancelled',
        paymentStatus: 'Refund pending',
        uncollectedPaise: 0,
      }),
    ).toBe(false);
    expect(isOrderFinished({ ...facts, orderStatus: 'Delivered', uncollectedPaise: 50_000 })).toBe(
      false,
    );
    expect(
      isOrderFinished({ orderStatus: 'Pending', paymentStatus: 'Failed', uncollectedPaise: 0 }),
    ).toBe(false);
  });
});

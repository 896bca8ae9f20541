import type { OrderStatus, PaymentMode, PaymentStatus } from './order-statuses.ts';

/** The forward path of an order, Pending first, Delivered last (Cancelled is off the path). */
export const FORWARD_ORDER_STATUSES = [
  'Pending',
  'Processing',
  'Packed',
  'Shipped',
  'Out for delivery',
  'Delivered',
] as const satisfies readonly OrderStatus[];

/**
 * Whether an order in this status has left the shop (Shipped or further): the moment GST law
 * calls for the tax invoice of goods (CGST Rule 46, "before or at the time of removal").
 */
export function isDispatched(status: OrderStatus): boolean {
  const at = (FORWARD_ORDER_STATUSES as readonly OrderStatus[]).indexOf(status);
  return at >= FORWARD_ORDER_STATUSES.indexOf('Shipped');
}

/** The date stamps of an order (the spec's processing_date, shipped_date, …). */
export type OrderStatusStamp =
  'processingDate' | 'shippedDate' | 'outDeliveryDate' | 'deliveryDate';

/** The stamp each status sets when an order reaches it (Pending and Packed have none). */
export const STAMP_OF_STATUS: Partial<Record<OrderStatus, OrderStatusStamp>> = {
  Processing: 'processingDate',
  Shipped: 'shippedDate',
  'Out for delivery': 'outDeliveryDate',
  Delivered: 'deliveryDate',
};

/** Why a move is refused (shown to the shop as the 409's message). */
export const ORDER_MOVE_MESSAGES = {
  same: (s: OrderStatus) => `The order is already ${s}.`,
  finished: (s: OrderStatus) => `The order is ${s}; its status cannot change any more.`,
  backwards: (from: OrderStatus, to: OrderStatus) =>
    `An order cannot go back from ${from} to ${to}.`,
  cancelAfterShipped: (s: OrderStatus) =>
    `The order is ${s}: it can only be cancelled before it is shipped.`,
  unpaid: 'The order is not paid yet: it can only be cancelled until the payment arrives.',
  refunded: 'The payment of this order is being refunded: it can only stay cancelled.',
  toPending: 'An order cannot be moved back to Pending.',
} as const;

/** What a move is decided on: the order's status and how it is paid. */
export interface OrderMoveFacts {
  from: OrderStatus;
  to: OrderStatus;
  paymentMode: PaymentMode;
  paymentStatus: PaymentStatus;
  /** What is taken online before the order ships: the total (Pay now) or the advance. */
  payNowPaise: number;
}

export type OrderMoveDecision =
  | {
      ok: true;
      /**
       * The date stamps to set: the target's and those of every status stepped over (a shop
       * that marks a Processing order Delivered has shipped it too, so its tracking line shows a
       * date on every passed step instead of "Pending"). A stamp that is already set keeps its
       * first value (the caller writes `coalesce(stamp, now)`), so moving never rewrites history.
       * Empty for Cancelled.
       */
      stamps: OrderStatusStamp[];
      /** The spec's `delivered` flag: true when the order reaches Delivered. */
      delivered: boolean;
    }
  | { ok: false; reason: string };

const position = (s: OrderStatus) => (FORWARD_ORDER_STATUSES as readonly OrderStatus[]).indexOf(s);

/**
 * Whether an order that has to be paid before it ships has been paid: Pay now needs its
 * payment; Pay on delivery needs its advance, unless the advance is zero (nothing to pay
 * online, so it counts as confirmed when placed).
 */
export function isOrderPaidEnoughToShip(
  f: Pick<OrderMoveFacts, 'paymentStatus' | 'payNowPaise'>,
): boolean {
  return f.payNowPaise === 0 || f.paymentStatus === 'Success';
}

/**
 * The moves a shop may make: forward one or more steps along Pending → Processing → Packed →
 * Shipped → Out for delivery → Delivered; Cancelled only before Shipped; nothing after Delivered
 * or Cancelled; never backwards. An order whose online payment has not arrived (Pay now not yet
 * "Success", or an unpaid advance) may only be cancelled; Pay on delivery without an advance may
 * move forward at once. An order whose payment is being refunded may not move at all.
 */
export function decideOrderMove(f: OrderMoveFacts): OrderMoveDecision {
  const { from, to } = f;
  if (from === to) return { ok: false, reason: ORDER_MOVE_MESSAGES.same(from) };
  if (from === 'Delivered' || from === 'Cancelled') {
    return { ok: false, reason: ORDER_MOVE_MESSAGES.finished(from) };
  }
  if (to === 'Cancelled') {
    if (position(from) >= position('Shipped')) {
      return { ok: false, reason: ORDER_MOVE_MESSAGES.cancelAfterShipped(from) };
    }
    return { ok: true, stamps: [], delivered: false };
  }
  if (to === 'Pending') return { ok: false, reason: ORDER_MOVE_MESSAGES.toPending };
  if (position(to) < position(from)) {
    return { ok: false, reason: ORDER_MOVE_MESSAGES.backwards(from, to) };
  }
  if (f.paymentStatus === 'Refund pending' || f.paymentStatus === 'Refunded') {
    return { ok: false, reason: ORDER_MOVE_MESSAGES.refunded };
  }
  if (!isOrderPaidEnoughToShip(f)) return { ok: false, reason: ORDER_MOVE_MESSAGES.unpaid };
  const stamps = FORWARD_ORDER_STATUSES.slice(position(from) + 1, position(to) + 1).flatMap((s) => {
    const stamp = STAMP_OF_STATUS[s];
    return stamp ? [stamp] : [];
  });
  return { ok: true, stamps, delivered: to === 'Delivered' };
}

/** The statuses an order may be moved to from where it is (for a shop's buttons). */
export function allowedOrderMoves(f: Omit<OrderMoveFacts, 'to'>): OrderStatus[] {
  return [...FORWARD_ORDER_STATUSES, 'Cancelled' as const].filter(
    (to) => decideOrderMove({ ...f, to }).ok,
  );
}

/** What decides whether an order is finished with (a shopper's erasure waits for the rest). */
export interface OrderFinishFacts {
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Due at the door and not collected yet (0 for Pay now, or once collected). */
  uncollectedPaise: number;
}

/**
 * Whether the shop is done with an order (issue 61 item 3): Cancelled, or Delivered with nothing
 * left to collect at the door; and in either case no refund still owed ("Refund pending": a UPI
 * refund needs the shopper's phone). Until then the shop still needs the shopper's name, address
 * and phone to deliver, collect or refund, so a shopper's erasure waits for the order. An unpaid
 * order (payment Pending or Failed) is not finished: a late capture may still pay it, and the
 * unpaid-order expiry cancels it after UNPAID_ORDER_DAYS.
 */
export function isOrderFinished(f: OrderFinishFacts): boolean {
  if (f.paymentStatus === 'Refund pending') return false;
  if (f.orderStatus === 'Cancelled') return true;
  return f.orderStatus === 'Delivered' && f.uncollectedPaise === 0;
}

import type { OrderStatus } from '@shop/domain';

/** Who moves an order: its customer, a staff member or owner of its store, or the system. */
export type MoveActor =
  | { kind: 'customer'; userId: string }
  | { kind: 'staff'; userId: string; storeId: string }
  | { kind: 'system' };

export interface MoveInput {
  to: OrderStatus;
  note: string;
  /** The order's version as the mover last read it (undefined: whatever it is now). */
  version?: number | undefined;
  /**
   * The courier and its tracking number (the shop, usually when shipping). With `to` equal to
   * the current status they are corrected without a move.
   */
  courier?: string | undefined;
  trackingNumber?: string | undefined;
  /** Cancelling a paid order: how much to refund (default: all paid online not yet refunded). */
  refundAmountPaise?: number | undefined;
  /**
   * Only an unpaid manual UPI order (the shop rejecting a UPI payment it did not receive): a
   * paid one, or another mode, is refused (409) under the order's lock.
   */
  unpaidUpiOnly?: boolean;
  /**
   * No email or push to the customer (an unpaid order replaced by the customer's newer one,
   * decision 0050: they were never told of it as confirmed, and the newer order is their news).
   */
  quiet?: boolean;
  /** The customer's newer order replacing this unpaid one (decision 0050), kept on the cancel. */
  replacedBy?: string;
  /**
   * The system's cancel of an order whose payment never came (UNPAID_ORDER_DAYS): marked
   * "Payment not received"; only while it still awaits its payment, else 409.
   */
  paymentNotReceived?: boolean;
}

/** One order of a bulk move: moved (its status and version now) or refused (why). */
export type BulkMoveOutcome =
  | { orderId: string; moved: true; orderStatus: OrderStatus; version: number }
  | { orderId: string; moved: false; reason: string };

/** What `onMoved` is told, inside the move's transaction, after the order row is updated. */
export interface OrderMoved {
  orderId: string;
  storeId: string;
  from: OrderStatus;
  to: OrderStatus;
  at: Date;
}

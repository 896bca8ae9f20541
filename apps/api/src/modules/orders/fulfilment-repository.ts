import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { orderLines, orders, orderTimeline, type Database } from '@shop/db';
import type { OrderStatusStamp } from '@shop/domain';
import { releaseCouponUse } from '../coupons/index.ts';
import { returnStock, unsell } from '../inventory/index.ts';
import {
  hasPendingRefund,
  recordRefund,
  refundedPaiseOf,
  setRefundGatewayId,
  settleRefundSent,
  type NewRefund,
} from '../payments/index.ts';
import type { OrderRow, RefundRow, Tx } from './orders-repository.ts';

export type NewTimelineEntry = typeof orderTimeline.$inferInsert;

/**
 * The data side of moving an order through its statuses. The service runs a move inside
 * `transaction`, starting with `lockOrder` (the order row first, as placing and paying do), so
 * every lock is taken in one order: order, products, variations, coupon.
 */
export class FulfilmentRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** The order, locked until the transaction ends (SELECT … FOR UPDATE); null if unknown. */
  async lockOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    return row ?? null;
  }

  /**
   * Writes the move with one conditional update on the version read (null when another writer
   * got there first): the new status, the stamps not yet set (`coalesce`, so a date is never
   * rewritten), `delivered`, and for a cancel the hold's end and the payment status.
   */
  async applyMove(
    tx: Tx,
    row: OrderRow,
    move: {
      to: string;
      stamps: readonly OrderStatusStamp[];
      delivered: boolean;
      now: Date;
      paymentStatus?: string;
      stockReleasedAt?: Date;
      paymentExpiredAt?: Date;
      replacedByOrderId?: string;
      courier?: string;
      trackingNumber?: string;
    },
  ): Promise<OrderRow | null> {
    const at = sql`${move.now.toISOString()}::timestamptz`;
    const stamp = (s: OrderStatusStamp) => sql`coalesce(${orders[s]}, ${at})`;
    const [moved] = await tx
      .update(orders)
      .set({
        orderStatus: move.to,
        ...Object.fromEntries(move.stamps.map((s) => [s, stamp(s)])),
        ...(move.delivered && { delivered: true }),
        ...(move.paymentStatus && { paymentStatus: move.paymentStatus }),
        ...(move.stockReleasedAt && { stockReleasedAt: move.stockReleasedAt }),
        ...(move.paymentExpiredAt && { paymentExpiredAt: move.paymentExpiredAt }),
        ...(move.replacedByOrderId && { replacedByOrderId: move.replacedByOrderId }),
        ...(move.courier !== undefined && { courier: move.courier }),
        ...(move.trackingNumber !== undefined && { trackingNumber: move.trackingNumber }),
        version: sql`${orders.version} + 1`,
      })
      .where(and(eq(orders.id, row.id), eq(orders.version, row.version)))
      .returning();
    return moved ?? null;
  }

  /** Sets the courier and tracking number alone, on the version read (null: someone else won). */
  async setShippingDetails(
    tx: Tx,
    row: OrderRow,
    details: { courier?: string; trackingNumber?: string },
  ): Promise<OrderRow | null> {
    const [updated] = await tx
      .update(orders)
      .set({ ...details, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, row.id), eq(orders.version, row.version)))
      .returning();
    return updated ?? null;
  }

  /**
   * Records the remainder of a pay-on-delivery order as collected in cash (once: the row's
   * `collected_at` must still be empty), which makes the order paid; null when another writer
   * got there first.
   */
  async markCollected(
    tx: Tx,
    row: OrderRow,
    c: { amountPaise: number; at: Date; byUserId: string },
  ): Promise<OrderRow | null> {
    const [updated] = await tx
      .update(orders)
      .set({
        collectedPaise: c.amountPaise,
        collectedAt: c.at,
        collectedByUserId: c.byUserId,
        paymentStatus: 'Success',
        paidAt: sql`coalesce(${orders.paidAt}, ${c.at.toISOString()}::timestamptz)`,
        version: sql`${orders.version} + 1`,
      })
      .where(
        and(eq(orders.id, row.id), eq(orders.version, row.version), isNull(orders.collectedAt)),
      )
      .returning();
    return updated ?? null;
  }

  async addTimeline(tx: Tx, entry: NewTimelineEntry) {
    await tx.insert(orderTimeline).values(entry);
  }

  /**
   * Puts back what a cancelled order took: its stock while it still holds it (stock back, and
   * the sale taken back when it was counted, i.e. once paid), and its coupon use unless the hold
   * release already gave it back. Returns whether stock went back.
   */
  async putBack(tx: Tx, row: OrderRow, now: Date): Promise<boolean> {
    let stock = false;
    if (!row.stockReleasedAt) {
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, row.id))
        .orderBy(asc(orderLines.position));
      await returnStock(tx, lines);
      if (row.paymentStatus === 'Success') await unsell(tx, lines);
      stock = true;
    }
    await releaseCouponUse(tx, row.id, now);
    return stock;
  }

  /** What has been refunded or is being refunded of an order (failed refunds aside). */
  refundedPaise(tx: Tx, orderId: string): Promise<number> {
    return refundedPaiseOf(tx, orderId);
  }

  addRefund(tx: Tx, refund: NewRefund): Promise<RefundRow> {
    return recordRefund(tx, refund);
  }

  /**
   * The order's oldest pending refund paid back by the shop itself (`reference`: its UPI
   * transfer), and the order Refunded once no refund is pending. Null when none was pending.
   */
  async refundSent(
    tx: Tx,
    row: OrderRow,
    reference: string,
    now: Date,
  ): Promise<{ refund: RefundRow; order: OrderRow } | null> {
    const refund = await settleRefundSent(tx, row.id, reference, now);
    if (!refund) return null;
    const done = !(await hasPendingRefund(tx, row.id));
    const [order] = await tx
      .update(orders)
      .set({
        ...(done && { paymentStatus: 'Refunded' }),
        version: sql`${orders.version} + 1`,
      })
      .where(and(eq(orders.id, row.id), eq(orders.version, row.version)))
      .returning();
    return order ? { refund, order } : null;
  }

  /** Stores the gateway's id of a refund once the gateway has answered. */
  setGatewayRefundId(refundId: string, gatewayRefundId: string) {
    return setRefundGatewayId(this.db, refundId, gatewayRefundId);
  }
}

import { and, asc, count, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { orders, paymentEvents, refunds, type Database } from '@shop/db';
import type { ErasedRows } from '../../lib/personal-rows.ts';

export type RefundRow = typeof refunds.$inferSelect;

/** A cancel's refund reason, before the staff's note (fulfilment's cancel writes it). */
const CANCELLED = 'Order cancelled';

/** Refunds of payments: recorded, asked of the gateway, processed (by its webhook). */
export class RefundsRepository {
  constructor(private readonly db: Database) {}

  async addRefund(input: typeof refunds.$inferInsert) {
    await this.db.insert(refunds).values(input);
  }

  /** The gateway's id of an order's pending refund, once the gateway has answered. */
  async setRefundId(orderId: string, gatewayRefundId: string) {
    await this.db
      .update(refunds)
      .set({ gatewayRefundId })
      .where(and(eq(refunds.orderId, orderId), isNull(refunds.gatewayRefundId)));
  }

  /**
   * The order a refund webhook that names no gateway order is about: the order of the refund
   * with this gateway id, else of the oldest refund of this payment (null: none).
   */
  async orderOfRefund(gatewayRefundId: string, gatewayPaymentId: string) {
    const [byId] = await this.db
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.gatewayRefundId, gatewayRefundId));
    const [byPayment] = byId
      ? [byId]
      : await this.db
          .select({ orderId: refunds.orderId })
          .from(refunds)
          .where(eq(refunds.gatewayPaymentId, gatewayPaymentId))
          .orderBy(asc(refunds.createdAt))
          .limit(1);
    if (!byPayment) return null;
    const [order] = await this.db.select().from(orders).where(eq(orders.id, byPayment.orderId));
    return order ?? null;
  }

  /**
   * A refund the gateway has processed, of one order (the one whose store's webhook secret
   * verified the event): its row (matched by the gateway's refund id, or, when the webhook beat
   * the shop's record of that id, the payment's pending refund without one) becomes processed,
   * and the order, if waiting on a refund, becomes Refunded. Another order's refunds are never
   * touched, whatever ids the event names.
   */
  async refundProcessed(
    orderId: string,
    gatewayPaymentId: string,
    gatewayRefundId: string,
    now: Date,
  ) {
    await this.db.transaction(async (tx) => {
      const known = await tx
        .update(refunds)
        .set({ status: 'processed', processedAt: now })
        .where(
          and(
            eq(refunds.orderId, orderId),
            eq(refunds.gatewayRefundId, gatewayRefundId),
            eq(refunds.status, 'pending'),
          ),
        )
        .returning({ id: refunds.id });
      if (known.length === 0) {
        const [waiting] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(
            and(
              eq(refunds.orderId, orderId),
              eq(refunds.gatewayPaymentId, gatewayPaymentId),
              eq(refunds.status, 'pending'),
              isNull(refunds.gatewayRefundId),
            ),
          )
          .orderBy(asc(refunds.createdAt))
          .limit(1)
          .for('update');
        if (waiting) {
          await tx
            .update(refunds)
            .set({ status: 'processed', processedAt: now, gatewayRefundId })
            .where(eq(refunds.id, waiting.id));
        }
      }
      await tx
        .update(orders)
        .set({ paymentStatus: 'Refunded', version: sql`${orders.version} + 1` })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.gatewayPaymentId, gatewayPaymentId),
            eq(orders.paymentStatus, 'Refund pending'),
          ),
        );
    });
  }

  /** The refunds of some orders, each oldest first (one query for any number of orders). */
  async refundsOf(orderIds: readonly string[]): Promise<Map<string, RefundRow[]>> {
    const out = new Map<string, RefundRow[]>();
    if (orderIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, [...orderIds]))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
    for (const row of rows) out.set(row.orderId, [...(out.get(row.orderId) ?? []), row]);
    return out;
  }

  /**
   * A shopper's erasure of their orders' payment records (issue 61 item 3), in one transaction:
   * the gateway's payment events and the refunds are the shop's evidence of money received and
   * paid back (CGST Act s.36), kept whole and counted, the events' payloads too (the gateway's
   * message as it came, which may name the payer). Only a refund's reason loses the words staff
   * typed when cancelling ("Order cancelled: <note>" becomes "Order cancelled"): the amount,
   * the gateway ids and the times are the evidence, not the note. A second run changes nothing.
   */
  erasePersonalDataOf(orderIds: readonly string[]): Promise<ErasedRows[]> {
    const ids = [...orderIds];
    if (ids.length === 0) {
      return Promise.resolve(
        ['payment_events', 'refunds'].map((table) => ({
          table,
          erased: 0,
          anonymised: 0,
          kept: 0,
        })),
      );
    }
    return this.db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ reason: CANCELLED })
        .where(and(inArray(refunds.orderId, ids), like(refunds.reason, `${CANCELLED}: %`)));
      const [events] = await tx
        .select({ n: count() })
        .from(paymentEvents)
        .where(inArray(paymentEvents.orderId, ids));
      const [kept] = await tx
        .select({ n: count() })
        .from(refunds)
        .where(inArray(refunds.orderId, ids));
      return [
        { table: 'payment_events', erased: 0, anonymised: 0, kept: events!.n },
        { table: 'refunds', erased: 0, anonymised: 0, kept: kept!.n },
      ];
    });
  }
}

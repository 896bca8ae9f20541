import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { paymentEvents, refunds, type Database, type Transaction } from '@shop/db';
import type { RefundRow } from './refunds-repository.ts';

/**
 * The refunds and payment events other modules record or count: this module owns the
 * `refunds` and `payment_events` tables. Each function takes the caller's database handle or
 * transaction (an order's cancel records its refund inside the move's transaction).
 */
type Db = Database | Transaction;

/** What has been refunded or is being refunded of an order (failed refunds aside). */
export async function refundedPaiseOf(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${refunds.amountPaise})` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed')));
  return Number(row?.sum ?? 0);
}

/** Records a pending refund of an order. */
export async function recordRefund(
  db: Db,
  refund: typeof refunds.$inferInsert,
): Promise<RefundRow> {
  const [row] = await db.insert(refunds).values(refund).returning();
  return row!;
}

/**
 * A refund the shop paid back itself (a manual UPI payment: no gateway holds the money): the
 * order's oldest pending refund becomes processed, named `reference` (unique: one bank transfer
 * settles one refund). Answers it, or null when none was pending. Run under the order's lock.
 */
export async function settleRefundSent(
  db: Db,
  orderId: string,
  reference: string,
  now: Date,
): Promise<RefundRow | null> {
  const [pending] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.status, 'pending'),
        isNull(refunds.gatewayRefundId),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(1);
  if (!pending) return null;
  const [row] = await db
    .update(refunds)
    .set({ status: 'processed', processedAt: now, gatewayRefundId: reference })
    .where(eq(refunds.id, pending.id))
    .returning();
  return row ?? null;
}

/** Whether an order still has a refund not processed (pending, or asked of the gateway). */
export async function hasPendingRefund(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** Stores the gateway's id of a refund once the gateway has answered. */
export async function setRefundGatewayId(db: Db, refundId: string, gatewayRefundId: string) {
  await db.update(refunds).set({ gatewayRefundId }).where(eq(refunds.id, refundId));
}

/** How many gateway events are recorded but not yet processed (for /api/metrics). */
export async function unprocessedPaymentEvents(db: Db): Promise<number> {
  const [events] = await db
    .select({
      unprocessed: sql<number>`(count(*) filter (where ${paymentEvents.processedAt} is null))::int`,
    })
    .from(paymentEvents);
  return events?.unprocessed ?? 0;
}

export type NewRefund = typeof refunds.$inferInsert;

import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  lt,
  notInArray,
  sql,
} from 'drizzle-orm';
import {
  CONFIRMED_ORDER_EMAILS,
  confirmedOrderEmailsOf,
  orderEmails,
  orderGatewayOrders,
  orderLines,
  orders,
  orderTimeline,
  paymentEvents,
  type Database,
  type Transaction,
} from '@shop/db';
import { SETTLED_PAYMENT_STATUSES } from '@shop/domain';
import { placeholdersFor, ReusableStatement } from '../../lib/reusable-statement.ts';
import { CouponUsedUp, reclaimCouponUse } from '../coupons/index.ts';
import { countSold, OutOfStock, soldCounter, stockNeedsOf, takeStock } from '../inventory/index.ts';

type Tx = Transaction;
type OrderRow = typeof orders.$inferSelect;

/** Why a payment that arrived after its hold expired is refunded instead of honoured. */
export type LateRefund = 'stock gone' | 'coupon used up';

const LATE_REFUND_REASONS: Record<LateRefund, string> = {
  'stock gone': 'Paid after the stock hold expired and the stock was gone',
  'coupon used up': 'Paid after the stock hold expired and the coupon had been used up meanwhile',
};
/** Settled payment statuses: a paid order is never marked paid again. */
const PAID_STATUSES = [...SETTLED_PAYMENT_STATUSES];

/** Records a placed order's gateway order once (built once: every paid-online order runs it). */
const setGatewayOrderStatement = new ReusableStatement<{ id: string }>((db) =>
  db
    .update(orders)
    .set({
      gatewayOrderId: sql`${sql.placeholder('gatewayOrderId')}`,
      gatewayKeyId: sql`${sql.placeholder('keyId')}`,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.gatewayOrderId)))
    .returning({ id: orders.id })
    .prepare('set_gateway_order'),
);
// Verify, each webhook and the sandbox's pay read an order and record an event: built once.
const orderById = new ReusableStatement<OrderRow>((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .prepare('payments_order_by_id'),
);
const orderByGatewayOrderId = new ReusableStatement<OrderRow>((db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.gatewayOrderId, sql.placeholder('gatewayOrderId')))
    .prepare('payments_order_by_gateway_order'),
);
/**
 * markPaid's one statement (see there): marks a Pending order still holding its stock paid when
 * it is unpaid and has a line that is not a course (no invoice is due at payment), counts the
 * units sold (its products locked after the order, in id order, as the transaction does),
 * writes the timeline entry and owes the order's emails; answers the paid order, or nothing
 * (then the transaction decides).
 */
const paidAtOnce = new ReusableStatement<OrderRow>((db) => {
  const orderId = sql`${sql.placeholder('orderId')}::uuid`;
  const won = db.$with('won').as(
    db
      .update(orders)
      .set({
        paymentStatus: 'Success',
        paidAt: sql`${sql.placeholder('now')}`,
        gatewayPaymentId: sql`${sql.placeholder('paymentId')}`,
        orderStatus: 'Processing',
        processingDate: sql`coalesce(${orders.processingDate}, ${sql.placeholder('now')}::timestamptz)`,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          notInArray(orders.paymentStatus, PAID_STATUSES),
          eq(orders.orderStatus, 'Pending'),
          isNull(orders.stockReleasedAt),
          sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orderId} and not ${orderLines.course})`,
        ),
      )
      .returning(),
  );
  const sold = soldCounter(db, orderId, sql`exists (select 1 from ${won})`);
  const entry = db
    .$with('paid_entry', { id: orderTimeline.id })
    .as(
      sql`insert into ${orderTimeline} (order_id, store_id, at, from_status, to_status, actor_kind, note) select id, store_id, paid_at, 'Pending', 'Processing', 'system', 'Payment received' from ${won} returning id`,
    );
  // The paid row's columns, each by name (a CTE given whole would come back as one record).
  const paidColumns = Object.fromEntries(
    Object.keys(getTableColumns(orders)).map((k) => [
      k,
      (won as unknown as Record<string, unknown>)[k],
    ]),
  ) as unknown as typeof orders._.columns;
  // The confirmed order's emails, owed in the statement that pays it (decision 0047).
  const owed = db.$with('paid_emails', { id: orderEmails.id }).as(confirmedOrderEmailsOf(won));
  return db.with(won, sold, entry, owed).select(paidColumns).from(won).prepare('mark_paid_at_once');
});
const EVENT_FIELDS = [
  'gateway',
  'eventId',
  'eventType',
  'storeId',
  'orderId',
  'gatewayOrderId',
  'gatewayPaymentId',
  'payload',
  'processedAt',
] as const;
const recordEventStatement = new ReusableStatement<{ id: string }>((db) =>
  db
    .insert(paymentEvents)
    .values(placeholdersFor(paymentEvents, EVENT_FIELDS))
    .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id })
    .prepare('record_payment_event'),
);

/**
 * The payments of orders: their gateway orders, marking them paid or failed, and the gateway
 * events (each recorded once).
 */
export class PaymentsRepository {
  constructor(private readonly db: Database) {}

  async byId(id: string): Promise<OrderRow | null> {
    const [row] = await orderById.run(this.db, this.db, { id });
    return row ?? null;
  }

  /**
   * The order a gateway order was opened for: the one it names now, or one it named before
   * (replaced by Pay now, decision 0040).
   */
  async byGatewayOrderId(gatewayOrderId: string): Promise<OrderRow | null> {
    const [row] = await orderByGatewayOrderId.run(this.db, this.db, { gatewayOrderId });
    if (row) return row;
    const [old] = await this.db
      .select({ order: orders })
      .from(orderGatewayOrders)
      .innerJoin(orders, eq(orders.id, orderGatewayOrders.orderId))
      .where(eq(orderGatewayOrders.gatewayOrderId, gatewayOrderId));
    return old?.order ?? null;
  }

  /** The gateway orders an order no longer names, oldest first. */
  async replacedGatewayOrders(orderId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: orderGatewayOrders.gatewayOrderId })
      .from(orderGatewayOrders)
      .where(eq(orderGatewayOrders.orderId, orderId))
      .orderBy(asc(orderGatewayOrders.createdAt));
    return rows.map((r) => r.id);
  }
  /**
   * Records the order's gateway order unless it has one already (a retry that took over from a
   * request cut by a crash may race the original). Returns whether this one was recorded.
   */
  async setGatewayOrder(orderId: string, gatewayOrderId: string, keyId: string) {
    const set = await setGatewayOrderStatement.run(this.db, this.db, {
      orderId,
      gatewayOrderId,
      keyId,
    });
    return set.length > 0;
  }

  /** Unpaid orders with a gateway order whose hold ends after `since`, newest first. */
  unpaidWithGatewayOrder(since: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(
        and(
          isNotNull(orders.gatewayOrderId),
          gt(orders.stockHoldExpiresAt, since),
          notInArray(orders.paymentStatus, PAID_STATUSES),
        ),
      )
      .orderBy(desc(orders.stockHoldExpiresAt))
      .limit(limit);
  }

  /**
   * Marks an order paid with one conditional update (never twice), the order row locked first
   * (as placing and cancelling do). The winner also records the sale (totalSold) and the
   * timeline's Pending → Processing; when the hold had been released it takes the stock again.
   * A payment that cannot be kept is marked "Refund pending" with `refundReason`: the order was
   * cancelled meanwhile, or its hold expired and the stock is gone (then it is cancelled).
   * Returns the updated order when this call won, null when it was already settled.
   *
   * The usual payment (a Pending order still holding its stock, with goods in it, not a shop's
   * confirmation) is **one statement**: the conditional update, the units sold
   * and the timeline entry, answering the order and its lines (`paidAtOnce`). Anything else, or
   * nothing won by it, goes through the transaction below, which decides every case.
   */
  async markPaid(
    orderId: string,
    paymentId: string,
    now: Date,
    paid: {
      /** Runs in the same transaction when an order of courses only is paid (its invoice). */
      onCoursesOnly?: (tx: Tx, order: OrderRow) => Promise<void>;
      /**
       * A shop's confirmation of a manual UPI payment (decision 0039): the conditional update
       * also needs a manual UPI order naming `utr` (the UTR the staff member saw: one the
       * customer changed since keeps it unpaid), not cancelled (a rejection that won keeps it
       * unpaid), the timeline's row names the staff member and says so, and `audit` runs in
       * the same transaction.
       */
      confirmed?: {
        byUserId: string;
        utr: string;
        note: string;
        audit?: (tx: Tx) => Promise<void>;
      };
    } = {},
  ): Promise<{ order: OrderRow; refundReason: string | null } | null> {
    const { onCoursesOnly, confirmed } = paid;
    if (!confirmed) {
      const [order] = await paidAtOnce.run(this.db, this.db, { orderId, paymentId, now });
      if (order) return { order, refundReason: null };
    }
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ orderStatus: orders.orderStatus })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!before) return null;
      const [won] = await tx
        .update(orders)
        .set({
          paymentStatus: 'Success',
          paidAt: now,
          gatewayPaymentId: paymentId,
          orderStatus: sql`CASE WHEN ${orders.orderStatus} = 'Pending' THEN 'Processing' ELSE ${orders.orderStatus} END`,
          processingDate: sql`CASE WHEN ${orders.orderStatus} = 'Cancelled' THEN ${orders.processingDate} ELSE coalesce(${orders.processingDate}, ${now.toISOString()}::timestamptz) END`,
          version: sql`${orders.version} + 1`,
        })
        .where(
          and(
            eq(orders.id, orderId),
            notInArray(orders.paymentStatus, PAID_STATUSES),
            confirmed &&
              and(
                eq(orders.paymentMode, 'Pay by UPI'),
                eq(orders.utr, confirmed.utr),
                sql`${orders.orderStatus} <> 'Cancelled'`,
              ),
          ),
        )
        .returning();
      if (!won) return null;
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position));
      const timeline = {
        orderId,
        storeId: won.storeId,
        at: now,
        fromStatus: before.orderStatus,
        actorKind: confirmed ? 'staff' : 'system',
        actorUserId: confirmed?.byUserId ?? null,
      };
      let refundReason: string | null = null;
      if (before.orderStatus === 'Cancelled') {
        refundReason = 'Paid after the order was cancelled';
        await tx
          .update(orders)
          .set({ paymentStatus: 'Refund pending' })
          .where(eq(orders.id, orderId));
      } else if (won.stockReleasedAt) {
        try {
          // A savepoint: stock and coupon use come back together or not at all.
          await tx.transaction(async (inner) => {
            await takeStock(this.db, inner, stockNeedsOf(lines));
            await reclaimCouponUse(inner, orderId);
          });
          await tx.update(orders).set({ stockReleasedAt: null }).where(eq(orders.id, orderId));
        } catch (err) {
          if (err instanceof OutOfStock) refundReason = LATE_REFUND_REASONS['stock gone'];
          else if (err instanceof CouponUsedUp) {
            refundReason = LATE_REFUND_REASONS['coupon used up'];
          } else throw err;
          await tx
            .update(orders)
            .set({ paymentStatus: 'Refund pending', orderStatus: 'Cancelled' })
            .where(eq(orders.id, orderId));
          await tx
            .insert(orderTimeline)
            .values({ ...timeline, toStatus: 'Cancelled', note: refundReason });
        }
      }
      if (!refundReason) {
        await countSold(tx, lines);
        // The confirmed order's emails, owed with the payment (decision 0047).
        await tx
          .insert(orderEmails)
          .values(CONFIRMED_ORDER_EMAILS.map((kind) => ({ orderId, kind })));
        if (before.orderStatus === 'Pending') {
          await tx.insert(orderTimeline).values({
            ...timeline,
            toStatus: 'Processing',
            note: confirmed?.note ?? 'Payment received',
          });
        }
      }
      // The row as the conditional update left it, unless a refund or a retaken hold wrote it again.
      const order =
        refundReason !== null || won.stockReleasedAt
          ? (await tx.select().from(orders).where(eq(orders.id, orderId)))[0]!
          : won;
      if (refundReason === null) {
        if (lines.length > 0 && lines.every((l) => l.course)) await onCoursesOnly?.(tx, order);
        await confirmed?.audit?.(tx);
      }
      return { order, refundReason };
    });
  }
  /** A failed payment: Failed while unpaid (its stock stays held until the hold expires). */
  async markFailed(orderId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(orders)
      .set({ paymentStatus: 'Failed', failedAt: now, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'Pending')))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  /**
   * Records a gateway event once; false when it was already recorded (a replay).
   */
  async recordEvent(event: typeof paymentEvents.$inferInsert): Promise<boolean> {
    const values = Object.fromEntries(EVENT_FIELDS.map((k) => [k, event[k] ?? null]));
    return (await recordEventStatement.run(this.db, this.db, values)).length > 0;
  }

  /**
   * Claims an order's start-up gateway check (a `start-check` row in payment_events, unique per
   * order): true when no other process holds the claim, or its claim is older than `leaseMs`
   * (its process died mid-check). Released with `releaseStartCheck`.
   */
  async claimStartCheck(order: OrderRow, now: Date, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .insert(paymentEvents)
      .values({
        gateway: order.gateway,
        eventId: `start-check:${order.id}`,
        eventType: 'start-check',
        storeId: order.storeId,
        orderId: order.id,
        gatewayOrderId: order.gatewayOrderId,
        payload: {},
        receivedAt: now,
        processedAt: now,
      })
      .onConflictDoUpdate({
        target: [paymentEvents.gateway, paymentEvents.eventId],
        set: { receivedAt: now, processedAt: now },
        setWhere: lt(paymentEvents.receivedAt, new Date(now.getTime() - leaseMs)),
      })
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  /** Ends this process's claim of an order's start-up check (not a later claim of another). */
  async releaseStartCheck(order: OrderRow, claimedAt: Date) {
    await this.db
      .delete(paymentEvents)
      .where(
        and(
          eq(paymentEvents.gateway, order.gateway),
          eq(paymentEvents.eventId, `start-check:${order.id}`),
          eq(paymentEvents.receivedAt, claimedAt),
        ),
      );
  }
}

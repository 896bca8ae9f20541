import { and, asc, eq, gt, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  orderGatewayOrders,
  orderLines,
  orders,
  users,
  type Database,
  type Transaction,
} from '@shop/db';
import { SETTLED_PAYMENT_STATUSES, type PaymentStatus } from '@shop/domain';
import {
  giveBackCouponUses,
  reclaimCouponUse,
  releaseCouponUse,
  releaseCouponUsesOf,
} from '../coupons/index.ts';
import { ReusableStatement } from '../../lib/reusable-statement.ts';
import { returnStock, stockNeedsOf, takeStock } from './stock.ts';

type Tx = Transaction;
type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

const PAID_STATUSES = [...SETTLED_PAYMENT_STATUSES];

/**
 * An order that waits for its online payment and still holds its stock: an account has at most
 * one (decision 0034). The sweeper's, a release's and placing's condition, of `o` (the orders table
 * or an alias of it); `unpaidHold` of the table.
 */
export const unpaidHoldOf = (o: {
  stockReleasedAt: AnyPgColumn;
  paymentStatus: AnyPgColumn;
  amountToPayPaise: AnyPgColumn;
}) =>
  and(
    isNull(o.stockReleasedAt),
    notInArray(o.paymentStatus, PAID_STATUSES),
    gt(o.amountToPayPaise, 0),
  )!;
export const unpaidHold = unpaidHoldOf(orders);

/**
 * The gate of a one-statement placing of an unpaid order: passes (one row) only when the account
 * holds no unpaid order, as of the statement's snapshot, **and** its `users` row was not changed
 * since that snapshot. Every placing of an unpaid order writes the account's row (here, or first
 * thing in the transaction of `place`), so a placing of the same account that committed after
 * this statement's snapshot was taken, or is still running, changed the row's `xmin`: the UPDATE
 * waits for it, PostgreSQL re-checks the WHERE on the row's newest version (EvalPlanQual, with
 * the sub-select's value as first read) and the gate takes nothing. Then the order goes through
 * the transaction, which releases the account's earlier holds under the account's row lock.
 * No stale snapshot ever decides that an account holds nothing (decision 0034).
 */
export function accountGate(db: Database) {
  const user = sql`${sql.placeholder('a.user')}::uuid`;
  return db.$with('account').as(
    db
      .update(users)
      .set({ updatedAt: sql`${users.updatedAt}` })
      .where(
        and(
          sql`${users.id} = ${user}`,
          sql`${users}.xmin = (select u.xmin from ${users} u where u.id = ${user})`,
          sql`not exists (select 1 from ${orders} where ${orders.userId} = ${user} and ${unpaidHold})`,
        ),
      )
      .returning({ id: users.id }),
  );
}

/**
 * Releases the holds of an account's unpaid orders, first thing in a placing's transaction:
 * the account's row is written (its lock, held to the commit, orders the account's placings,
 * and its new `xmin` turns away a one-statement placing that read the account before: see
 * accountGate), the orders are marked released and their coupon uses given back. Their
 * stock goes back in the placing's own pass over the stock rows (one pass in id order), and the
 * coupons' `uses` under the placing's coupon locks. Returns the released orders and what to give
 * back.
 */
export async function releaseHoldsOf(
  tx: Tx,
  userId: string,
  now: Date,
  keep?: string,
): Promise<{ orders: ReleasedOrder[]; lines: OrderLineRow[]; couponIds: string[] }> {
  await writeAccount.run(tx, tx, { userId });
  const released = await releaseHolds.run(tx, tx, { userId, now, keep: keep ?? null });
  if (released.length === 0) return { orders: [], lines: [], couponIds: [] };
  const byId = new Map(released.map((r) => [r.id, r]));
  const orders = [...byId.values()].map(
    ({ id, cartFingerprint, totalAmountPaise, amountToPayPaise }) => ({
      id,
      cartFingerprint,
      totalAmountPaise,
      amountToPayPaise,
    }),
  );
  const lines = released.flatMap((r) => (r.line ? [r.line] : []));
  if (!released.some((r) => r.couponApplied)) return { orders, lines, couponIds: [] };
  return { orders, lines, couponIds: await releaseCouponUsesOf(tx, [...byId.keys()], now) };
}

/** An unpaid order whose hold releaseHoldsOf gave back: what tells whether it is the same cart. */
export interface ReleasedOrder {
  id: string;
  cartFingerprint: string | null;
  totalAmountPaise: number;
  amountToPayPaise: number;
}

/**
 * releaseHoldsOf's two statements (built once: every placing of an unpaid order that is not one
 * statement runs them). Two, not one: the release must read the orders with a snapshot taken
 * after the account's row lock was granted (READ COMMITTED takes one per statement), so that it
 * sees the order of a placing of the same account that committed while this one waited. The
 * second answers the released orders' lines too (one row per line, read with that snapshot: a
 * visible order's lines are, being written with it).
 */
const writeAccount = new ReusableStatement<never>((db) =>
  db
    .update(users)
    .set({ updatedAt: sql`${users.updatedAt}` })
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('write_account'),
);
const releaseHolds = new ReusableStatement<
  ReleasedOrder & { couponApplied: boolean; line: OrderLineRow | null }
>((db) => {
  const keep = sql`${sql.placeholder('keep')}::uuid`;
  const released = db.$with('released').as(
    db
      .update(orders)
      .set({
        stockReleasedAt: sql`${sql.placeholder('now')}::timestamptz`,
        version: sql`${orders.version} + 1`,
        // Set here, not by the column's $onUpdate (its value would be the statement's build time).
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.userId, sql.placeholder('userId')),
          unpaidHold,
          sql`(${keep} is null or ${orders.id} <> ${keep})`,
        ),
      )
      .returning({
        id: orders.id,
        couponApplied: orders.couponApplied,
        cartFingerprint: orders.cartFingerprint,
        totalAmountPaise: orders.totalAmountPaise,
        amountToPayPaise: orders.amountToPayPaise,
      }),
  );
  return db
    .with(released)
    .select({
      id: released.id,
      couponApplied: released.couponApplied,
      cartFingerprint: released.cartFingerprint,
      totalAmountPaise: released.totalAmountPaise,
      amountToPayPaise: released.amountToPayPaise,
      line: orderLines,
    })
    .from(released)
    .leftJoin(orderLines, eq(orderLines.orderId, released.id))
    .prepare('release_holds_of');
});

/** Stock holds of unpaid orders: holding again, releasing, and the expired ones. */
export class HoldsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Pay now of an unpaid order whose hold had ended (decision 0040): in one transaction, under
   * the account's row lock then the order's (placing's lock order, decision 0034), the account's
   * other unpaid holds are released (one hold per account), the order's stock and coupon use are
   * taken again when its hold was released (all or nothing), its hold renewed to `expiresAt` and
   * `gatewayOrderId` (opened before, no lock held over the network) named its gateway order, the
   * one it had kept among its replaced ones. When a parallel Pay now did all this first (the
   * order holds again, with a gateway order), nothing changes but `gatewayOrderId` is kept among
   * the replaced ones (never shown to a payer; a capture on it still finds the order), and
   * `renewed` is false. Null when the order no longer awaits its payment. Throws OutOfStock or
   * CouponUsedUp.
   */
  async holdAgain(
    orderId: string,
    now: Date,
    expiresAt: Date,
    gateway: { gatewayOrderId: string; keyId: string },
  ): Promise<{ order: OrderRow; renewed: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const [mine] = await tx
        .select({ userId: orders.userId })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!mine) return null;
      const released = await releaseHoldsOf(tx, mine.userId, now, orderId);
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      const keep = async (gatewayOrderId: string | null) => {
        if (gatewayOrderId === null) return;
        await tx
          .insert(orderGatewayOrders)
          .values({ gatewayOrderId, orderId, storeId: order!.storeId })
          .onConflictDoNothing();
      };
      if (
        !order ||
        order.orderStatus !== 'Pending' ||
        SETTLED_PAYMENT_STATUSES.includes(order.paymentStatus as PaymentStatus)
      ) {
        if (order) await keep(gateway.gatewayOrderId);
        return null;
      }
      const holding = !order.stockReleasedAt && order.stockHoldExpiresAt > now;
      const back = stockNeedsOf(released.lines);
      if (holding && order.gatewayOrderId) {
        if (back.length > 0) await takeStock(this.db, tx, [], back);
        await giveBackCouponUses(tx, released.couponIds);
        await keep(gateway.gatewayOrderId);
        return { order, renewed: false };
      }
      const lines = order.stockReleasedAt
        ? await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))
        : [];
      await takeStock(this.db, tx, stockNeedsOf(lines), back);
      await giveBackCouponUses(tx, released.couponIds);
      if (order.stockReleasedAt) await reclaimCouponUse(tx, orderId);
      await keep(order.gatewayOrderId);
      const [held] = await tx
        .update(orders)
        .set({
          stockReleasedAt: null,
          stockHoldExpiresAt: expiresAt,
          gatewayOrderId: gateway.gatewayOrderId,
          gatewayKeyId: gateway.keyId,
          version: sql`${orders.version} + 1`,
        })
        .where(eq(orders.id, orderId))
        .returning();
      return { order: held!, renewed: true };
    });
  }

  /**
   * Releases an unpaid order's hold if it has expired by `now`: stock back, coupon use back.
   * Returns whether it released (false: already released, paid, or held longer meanwhile).
   */
  async release(orderId: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => this.releaseIn(tx, orderId, now));
  }

  private async releaseIn(tx: Tx, orderId: string, now: Date) {
    const [held] = await tx
      .update(orders)
      .set({ stockReleasedAt: now, version: sql`${orders.version} + 1` })
      .where(
        and(
          eq(orders.id, orderId),
          isNull(orders.stockReleasedAt),
          notInArray(orders.paymentStatus, PAID_STATUSES),
          // Re-checked under the row's lock: a hold stretched meanwhile (a UTR entered after the
          // sweeper read it as expired) is kept.
          lte(orders.stockHoldExpiresAt, now),
        ),
      )
      .returning();
    if (!held) return false;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await returnStock(tx, lines);
    await releaseCouponUse(tx, orderId, now);
    return true;
  }

  /**
   * Unpaid orders whose hold has expired and is not yet released, oldest expiry first (the
   * sweeper checks each at the gateway, then releases it with `release`). Orders with nothing to
   * pay online (pay on delivery without an advance) keep their stock.
   */
  expiredHolds(now: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(
        and(
          isNull(orders.stockReleasedAt),
          lt(orders.stockHoldExpiresAt, now),
          notInArray(orders.paymentStatus, PAID_STATUSES),
          sql`${orders.amountToPayPaise} > 0`,
        ),
      )
      .orderBy(asc(orders.stockHoldExpiresAt))
      .limit(limit);
  }
}

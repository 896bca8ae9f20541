import { and, asc, desc, eq, gte, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import {
  couponRedemptions,
  coupons,
  orderLines,
  orders,
  paymentEvents,
  products,
  refunds,
  users,
  variations,
  type Database,
} from '@shop/db';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;

/** A Postgres unique violation (PGlite and node-postgres both carry the code). */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** Stock to take for one order: per product (simple) or per variation. */
export interface StockNeed {
  productId: string;
  variationId: string | null;
  quantity: number;
}

export class OutOfStock extends Error {
  constructor(readonly productId: string) {
    super('Out of stock');
  }
}
export class CouponUsedUp extends Error {
  constructor(readonly perCustomer: boolean) {
    super('Coupon used up');
  }
}

/** Why a payment that arrived after its hold expired is refunded instead of honoured. */
export type LateRefund = 'stock gone' | 'coupon used up';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Settled payment statuses: a paid order is never marked paid again. */
const PAID_STATUSES = ['Success', 'Refund pending', 'Refunded'];

/** The only code that reads and writes orders, their lines, holds, events and refunds. */
export class OrdersRepository {
  constructor(private readonly db: Database) {}

  async byIdempotencyKey(userId: string, key: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row ?? null;
  }

  /** Who to write to about an order. */
  async userContact(userId: string): Promise<{ email: string; name: string } | null> {
    const [row] = await this.db
      .select({ email: users.email, name: users.fullName })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async byId(id: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    return row ?? null;
  }

  async byGatewayOrderId(gatewayOrderId: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(eq(orders.gatewayOrderId, gatewayOrderId));
    return row ?? null;
  }

  /** The user's orders, newest first. */
  listOfUser(userId: string): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
  }

  async linesOf(orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
    const out = new Map<string, OrderLineRow[]>();
    if (orderIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...orderIds]))
      .orderBy(asc(orderLines.position));
    for (const row of rows) out.set(row.orderId, [...(out.get(row.orderId) ?? []), row]);
    return out;
  }

  /**
   * Takes `needs` from the stock rows in a fixed order (products, then variations, each by id),
   * one conditional UPDATE per row (`… WHERE stock >= want RETURNING`): the update takes the row
   * lock, and a concurrent buyer waiting on it re-checks the condition once the lock is free, so
   * stock never goes below zero. Throws OutOfStock (the transaction rolls back) when a row is
   * missing or has too little.
   */
  private async takeStock(tx: Tx, needs: readonly StockNeed[]) {
    const perProduct = new Map<string, number>();
    const perVariation = new Map<string, { want: number; productId: string }>();
    for (const n of needs) {
      if (n.variationId) {
        const had = perVariation.get(n.variationId);
        perVariation.set(n.variationId, {
          want: (had?.want ?? 0) + n.quantity,
          productId: n.productId,
        });
      } else perProduct.set(n.productId, (perProduct.get(n.productId) ?? 0) + n.quantity);
    }
    for (const [id, want] of [...perProduct].sort(([a], [b]) => a.localeCompare(b))) {
      const taken = await tx
        .update(products)
        .set({ totalStock: sql`${products.totalStock} - ${want}` })
        .where(and(eq(products.id, id), gte(products.totalStock, want)))
        .returning({ id: products.id });
      if (taken.length === 0) throw new OutOfStock(id);
    }
    for (const [id, need] of [...perVariation].sort(([a], [b]) => a.localeCompare(b))) {
      const taken = await tx
        .update(variations)
        .set({ stock: sql`${variations.stock} - ${need.want}` })
        .where(and(eq(variations.id, id), gte(variations.stock, need.want)))
        .returning({ id: variations.id });
      if (taken.length === 0) throw new OutOfStock(need.productId);
    }
  }

  /** Puts an order's stock back (products, then variations, each in id order). */
  private async returnStock(tx: Tx, lines: readonly OrderLineRow[]) {
    const sorted = [...lines].sort((a, b) =>
      (a.variationId ?? a.productId ?? '').localeCompare(b.variationId ?? b.productId ?? ''),
    );
    for (const line of sorted.filter((l) => !l.variationId && l.productId)) {
      await tx
        .update(products)
        .set({ totalStock: sql`${products.totalStock} + ${line.quantity}` })
        .where(eq(products.id, line.productId!));
    }
    for (const line of sorted.filter((l) => l.variationId)) {
      await tx
        .update(variations)
        .set({ stock: sql`${variations.stock} + ${line.quantity}` })
        .where(eq(variations.id, line.variationId!));
    }
  }

  /**
   * Takes one use of a coupon under its row lock (SELECT … FOR UPDATE, after the stock rows):
   * throws CouponUsedUp when its total limit is reached, or when `perCustomerLimit` is set and
   * the user's unreleased uses reach it.
   */
  private async takeCouponUse(
    tx: Tx,
    couponId: string,
    userId: string,
    perCustomerLimit: number | null,
  ) {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!row || (row.totalUsageLimit !== null && row.uses >= row.totalUsageLimit)) {
      throw new CouponUsedUp(false);
    }
    if (perCustomerLimit !== null) {
      const [mine] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.couponId, row.id),
            eq(couponRedemptions.userId, userId),
            isNull(couponRedemptions.releasedAt),
          ),
        );
      if ((mine?.n ?? 0) >= perCustomerLimit) throw new CouponUsedUp(true);
    }
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(eq(coupons.id, row.id));
  }

  /**
   * A late payment takes back the coupon use its expired hold released, under the same rules
   * as placing (the coupon's row lock, its total and per-customer limits, checked against the
   * coupon as it is now). Nothing to do when the order had no coupon or its use was not released.
   */
  private async retakeCouponUse(tx: Tx, orderId: string) {
    const [released] = await tx
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, orderId));
    if (!released?.releasedAt) return;
    const [coupon] = await tx
      .select({ perCustomerLimit: coupons.perCustomerLimit })
      .from(coupons)
      .where(eq(coupons.id, released.couponId));
    await this.takeCouponUse(
      tx,
      released.couponId,
      released.userId,
      coupon?.perCustomerLimit ?? null,
    );
    await tx
      .update(couponRedemptions)
      .set({ releasedAt: null })
      .where(eq(couponRedemptions.id, released.id));
  }

  /**
   * Places an order in one transaction: the order row first (so a concurrent request with the
   * same Idempotency-Key waits on its unique index and then fails, to be answered with this
   * order), then the stock under row locks, then the coupon use under the coupon's row lock,
   * then the lines. Throws OutOfStock, CouponUsedUp or a unique violation (same key).
   */
  async place(input: {
    order: NewOrder;
    lines: readonly NewOrderLine[];
    stock: readonly StockNeed[];
    coupon: {
      id: string;
      discountPaise: number;
      perCustomerLimit: number | null;
    } | null;
  }): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.insert(orders).values(input.order).returning();
      await this.takeStock(tx, input.stock);
      if (input.coupon) {
        await this.takeCouponUse(tx, input.coupon.id, order!.userId, input.coupon.perCustomerLimit);
        await tx.insert(couponRedemptions).values({
          storeId: order!.storeId,
          couponId: input.coupon.id,
          orderId: order!.id,
          userId: order!.userId,
          discountPaise: input.coupon.discountPaise,
        });
      }
      await tx
        .insert(orderLines)
        .values(input.lines.map((l) => ({ ...l, orderId: order!.id, storeId: order!.storeId })));
      return order!;
    });
  }

  async setGatewayOrder(orderId: string, gatewayOrderId: string, keyId: string) {
    await this.db
      .update(orders)
      .set({ gatewayOrderId, gatewayKeyId: keyId, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, orderId));
  }

  /**
   * Releases an unpaid order's hold now, if it still holds: stock back, coupon use back.
   * Returns whether it released (false: already released or paid meanwhile).
   */
  async release(orderId: string, now: Date, failed: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => this.releaseIn(tx, orderId, now, failed));
  }

  private async releaseIn(tx: Tx, orderId: string, now: Date, failed: boolean) {
    const [held] = await tx
      .update(orders)
      .set({
        stockReleasedAt: now,
        ...(failed && { paymentStatus: 'Failed', failedAt: now }),
        version: sql`${orders.version} + 1`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          isNull(orders.stockReleasedAt),
          notInArray(orders.paymentStatus, PAID_STATUSES),
        ),
      )
      .returning();
    if (!held) return false;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await this.returnStock(tx, lines);
    const [redemption] = await tx
      .update(couponRedemptions)
      .set({ releasedAt: now })
      .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
      .returning();
    if (redemption) {
      await tx
        .update(coupons)
        .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
        .where(eq(coupons.id, redemption.couponId));
    }
    return true;
  }

  /**
   * Releases up to `limit` expired holds of unpaid orders, each order in its own transaction,
   * skipping orders another process holds (FOR UPDATE SKIP LOCKED). Orders with nothing to pay
   * online (pay on delivery without an advance) keep their stock. Returns the ids released.
   */
  async releaseExpired(now: Date, limit = 50): Promise<string[]> {
    const released: string[] = [];
    for (let i = 0; i < limit; i += 1) {
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: orders.id })
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
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return null;
        await this.releaseIn(tx, row.id, now, false);
        return row.id;
      });
      if (!id) break;
      released.push(id);
    }
    return released;
  }

  /**
   * Marks an order paid with one conditional update (never twice). The winner also records the
   * sale (totalSold); when the hold had been released it takes the stock again, or, when it is
   * gone, marks the order "Refund pending". Returns the updated order when this call won, null
   * when it was already settled.
   */
  async markPaid(
    orderId: string,
    paymentId: string,
    now: Date,
  ): Promise<{ order: OrderRow; lines: OrderLineRow[]; lateRefund: LateRefund | null } | null> {
    return this.db.transaction(async (tx) => {
      const [won] = await tx
        .update(orders)
        .set({
          paymentStatus: 'Success',
          paidAt: now,
          gatewayPaymentId: paymentId,
          orderStatus: sql`CASE WHEN ${orders.orderStatus} = 'Pending' THEN 'Processing' ELSE ${orders.orderStatus} END`,
          processingDate: sql`coalesce(${orders.processingDate}, ${now.toISOString()}::timestamptz)`,
          version: sql`${orders.version} + 1`,
        })
        .where(and(eq(orders.id, orderId), notInArray(orders.paymentStatus, PAID_STATUSES)))
        .returning();
      if (!won) return null;
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position));
      let lateRefund: LateRefund | null = null;
      if (won.stockReleasedAt) {
        try {
          // A savepoint: stock and coupon use come back together or not at all.
          await tx.transaction(async (inner) => {
            await this.takeStock(
              inner,
              lines
                .filter((l) => l.productId)
                .map((l) => ({
                  productId: l.productId!,
                  variationId: l.variationId,
                  quantity: l.quantity,
                })),
            );
            await this.retakeCouponUse(inner, orderId);
          });
          await tx.update(orders).set({ stockReleasedAt: null }).where(eq(orders.id, orderId));
        } catch (err) {
          if (err instanceof OutOfStock) lateRefund = 'stock gone';
          else if (err instanceof CouponUsedUp) lateRefund = 'coupon used up';
          else throw err;
          await tx
            .update(orders)
            .set({ paymentStatus: 'Refund pending', orderStatus: 'Cancelled' })
            .where(eq(orders.id, orderId));
        }
      }
      if (!lateRefund) {
        const sold = [...lines]
          .filter((l) => l.productId)
          .sort((a, b) => a.productId!.localeCompare(b.productId!));
        for (const line of sold) {
          await tx
            .update(products)
            .set({ totalSold: sql`${products.totalSold} + ${line.quantity}` })
            .where(eq(products.id, line.productId!));
        }
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      return { order: order!, lines, lateRefund };
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
    const rows = await this.db
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

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

  async refundProcessed(gatewayPaymentId: string, gatewayRefundId: string, now: Date) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ status: 'processed', processedAt: now, gatewayRefundId })
        .where(and(eq(refunds.gatewayPaymentId, gatewayPaymentId), eq(refunds.status, 'pending')));
      await tx
        .update(orders)
        .set({ paymentStatus: 'Refunded', version: sql`${orders.version} + 1` })
        .where(
          and(
            eq(orders.gatewayPaymentId, gatewayPaymentId),
            eq(orders.paymentStatus, 'Refund pending'),
          ),
        );
    });
  }
}

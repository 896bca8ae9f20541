import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { couponRedemptions, coupons, type Transaction } from '@shop/db';

type Tx = Transaction;

/** A coupon's total or per-customer limit was reached when an order took its use. */
export class CouponUsedUp extends Error {
  constructor(readonly perCustomer: boolean) {
    super('Coupon used up');
  }
}

/**
 * Takes one use of a coupon under its row lock (SELECT … FOR UPDATE, after the stock rows):
 * throws CouponUsedUp when its total limit is reached, or when `perCustomerLimit` is set and
 * the user's unreleased uses reach it.
 */
async function takeCouponUse(
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
 * Redeems a coupon for a placed order, in placing's transaction: one use taken under the
 * coupon's row lock (see takeCouponUse) and the redemption recorded. Throws CouponUsedUp.
 */
export async function redeemCoupon(
  tx: Tx,
  r: {
    couponId: string;
    perCustomerLimit: number | null;
    storeId: string;
    orderId: string;
    userId: string;
    discountPaise: number;
  },
) {
  await takeCouponUse(tx, r.couponId, r.userId, r.perCustomerLimit);
  await tx.insert(couponRedemptions).values({
    storeId: r.storeId,
    couponId: r.couponId,
    orderId: r.orderId,
    userId: r.userId,
    discountPaise: r.discountPaise,
  });
}

/**
 * A late payment takes back the coupon use its expired hold released, under the same rules
 * as placing (the coupon's row lock, its total and per-customer limits, checked against the
 * coupon as it is now). Nothing to do when the order had no coupon or its use was not released.
 */
export async function reclaimCouponUse(tx: Tx, orderId: string) {
  const [released] = await tx
    .select()
    .from(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId));
  if (!released?.releasedAt) return;
  const [coupon] = await tx
    .select({ perCustomerLimit: coupons.perCustomerLimit })
    .from(coupons)
    .where(eq(coupons.id, released.couponId));
  await takeCouponUse(tx, released.couponId, released.userId, coupon?.perCustomerLimit ?? null);
  await tx
    .update(couponRedemptions)
    .set({ releasedAt: null })
    .where(eq(couponRedemptions.id, released.id));
}

/**
 * Gives back the coupon use an order took, once: the redemption is marked released in the same
 * statement that finds it, so a second call (the hold release, then a cancel) finds nothing.
 */
export async function releaseCouponUse(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [redemption] = await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning();
  if (!redemption) return false;
  await tx
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, redemption.couponId));
  return true;
}

/**
 * Marks the unreleased coupon uses of some orders released (their holds were released) and
 * returns the coupons whose `uses` to give back (giveBackCouponUses, under the coupons' locks).
 */
export async function releaseCouponUsesOf(
  tx: Tx,
  orderIds: readonly string[],
  now: Date,
): Promise<string[]> {
  const uses = await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(
      and(inArray(couponRedemptions.orderId, [...orderIds]), isNull(couponRedemptions.releasedAt)),
    )
    .returning({ couponId: couponRedemptions.couponId });
  return uses.map((u) => u.couponId);
}

/**
 * Gives back one use of each of `couponIds` (released by releaseCouponUsesOf), under the
 * coupons' row locks taken in id order with those of `alsoLock` (the coupon a placing is about
 * to redeem), so two transactions never wait on each other's coupons in a cycle.
 */
export async function giveBackCouponUses(
  tx: Tx,
  couponIds: readonly string[],
  alsoLock: readonly string[] = [],
) {
  const locked = [...couponIds, ...alsoLock];
  if (locked.length === 0) return;
  await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(inArray(coupons.id, locked))
    .orderBy(asc(coupons.id))
    .for('update');
  for (const couponId of couponIds) {
    await tx
      .update(coupons)
      .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
      .where(eq(coupons.id, couponId));
  }
}

import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { couponRedemptions, coupons, type Database, type Transaction } from '@shop/db';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponInsert = Omit<
  typeof coupons.$inferInsert,
  'id' | 'storeId' | 'uses' | 'createdAt' | 'updatedAt'
>;
export interface CouponWithUsage {
  row: CouponRow;
  used: number;
  discountPaise: number;
}
type Db = Database | Transaction;

// "coupons"."id" by name: drizzle writes ${coupons.id} unqualified, which inside the
// subquery would name coupon_redemptions.id.
// `used` is the counter checkout takes and gives back with each redemption (what the usage
// limit is held against); a store loaded with uses already counted has no redemption rows.
const usage = {
  used: sql<number>`greatest("coupons"."uses", (select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponId} = "coupons"."id" and ${couponRedemptions.releasedAt} is null))`,
  discountPaise: sql<number>`(select coalesce(sum(${couponRedemptions.discountPaise}), 0)::bigint from ${couponRedemptions} where ${couponRedemptions.couponId} = "coupons"."id" and ${couponRedemptions.releasedAt} is null)`,
};

/** The only code of the admin coupons module that touches the database. */
export class CouponsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async list(storeId: string): Promise<CouponWithUsage[]> {
    const rows = await this.db
      .select({ row: coupons, ...usage })
      .from(coupons)
      .where(eq(coupons.storeId, storeId))
      .orderBy(desc(coupons.createdAt), desc(coupons.id));
    return rows.map((r) => ({ ...r, discountPaise: Number(r.discountPaise) }));
  }

  async find(db: Db, storeId: string, id: string, lock = false): Promise<CouponWithUsage | null> {
    const q = db
      .select({ row: coupons, ...usage })
      .from(coupons)
      .where(and(eq(coupons.storeId, storeId), eq(coupons.id, id)));
    const [r] = lock ? await q.for('update', { of: coupons }) : await q;
    return r ? { ...r, discountPaise: Number(r.discountPaise) } : null;
  }

  /** Whether another coupon of the store has this code (case-insensitively). */
  async codeTaken(db: Db, storeId: string, code: string, exceptId?: string): Promise<boolean> {
    const [r] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(
        and(
          eq(coupons.storeId, storeId),
          sql`lower(${coupons.code}) = lower(${code})`,
          exceptId ? ne(coupons.id, exceptId) : undefined,
        ),
      );
    return r !== undefined;
  }

  async insert(tx: Transaction, storeId: string, values: CouponInsert): Promise<string> {
    const [r] = await tx
      .insert(coupons)
      .values({ ...values, storeId })
      .returning({ id: coupons.id });
    return r!.id;
  }

  async update(tx: Transaction, id: string, values: CouponInsert): Promise<void> {
    await tx.update(coupons).set(values).where(eq(coupons.id, id));
  }

  /** The store's coupon with this code, compared case-insensitively. */
  async couponByCode(storeId: string, code: string): Promise<CouponRow | null> {
    const [row] = await this.db
      .select()
      .from(coupons)
      .where(
        and(eq(coupons.storeId, storeId), sql`lower(${coupons.code}) = lower(${code.trim()})`),
      );
    return row ?? null;
  }

  /** The unreleased uses of a coupon by one user. */
  async couponUsesBy(couponId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, couponId),
          eq(couponRedemptions.userId, userId),
          isNull(couponRedemptions.releasedAt),
        ),
      );
    return row?.n ?? 0;
  }
}

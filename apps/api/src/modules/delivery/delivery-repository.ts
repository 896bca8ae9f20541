import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  deliveryPriceBands,
  freeDeliveryBands,
  pincodes,
  type Database,
  type Transaction,
} from '@shop/db';
import type { AdminPincodeListQuery } from '@shop/contracts';

export type BandRow = typeof deliveryPriceBands.$inferSelect;
export type BandInsert = Omit<typeof deliveryPriceBands.$inferInsert, 'id' | 'storeId'>;
export type FreeBandRow = typeof freeDeliveryBands.$inferSelect;
export type FreeBandInsert = Omit<typeof freeDeliveryBands.$inferInsert, 'id' | 'storeId'>;
export type PincodeRow = { pincode: string; status: string };
type Db = Database | Transaction;

/**
 * The only code of the admin delivery module that touches the database. Writes to these tables
 * bump checkout_state (bands) and catalogue_state (pincodes) through their triggers, so checkout
 * and the storefront see them within CATALOGUE_CACHE_CHECK_MS.
 */
export class DeliveryRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  bands(storeId: string, db: Db = this.db): Promise<BandRow[]> {
    return db
      .select()
      .from(deliveryPriceBands)
      .where(eq(deliveryPriceBands.storeId, storeId))
      .orderBy(asc(deliveryPriceBands.position), asc(deliveryPriceBands.minKilometer));
  }

  freeBands(storeId: string, db: Db = this.db): Promise<FreeBandRow[]> {
    return db
      .select()
      .from(freeDeliveryBands)
      .where(eq(freeDeliveryBands.storeId, storeId))
      .orderBy(asc(freeDeliveryBands.minKilometer), asc(freeDeliveryBands.id));
  }

  /** Locks the store's bands (a concurrent replace waits) and replaces them all. */
  async replaceBands(tx: Transaction, storeId: string, rows: BandInsert[]): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bands:${storeId}`}))`);
    await tx.delete(deliveryPriceBands).where(eq(deliveryPriceBands.storeId, storeId));
    if (rows.length > 0) {
      await tx.insert(deliveryPriceBands).values(rows.map((r) => ({ ...r, storeId })));
    }
  }

  async replaceFreeBands(tx: Transaction, storeId: string, rows: FreeBandInsert[]): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`free-bands:${storeId}`}))`);
    await tx.delete(freeDeliveryBands).where(eq(freeDeliveryBands.storeId, storeId));
    if (rows.length > 0) {
      await tx.insert(freeDeliveryBands).values(rows.map((r) => ({ ...r, storeId })));
    }
  }

  async pincodes(
    storeId: string,
    q: AdminPincodeListQuery,
  ): Promise<{ rows: PincodeRow[]; total: number; active: number }> {
    const where: SQL[] = [eq(pincodes.storeId, storeId)];
    if (q.search) where.push(sql`${pincodes.pincode} LIKE ${`${q.search.replace(/\D/g, '')}%`}`);
    if (q.status) where.push(eq(pincodes.status, q.status));
    const [rows, [total], [active]] = await Promise.all([
      this.db
        .select({ pincode: pincodes.pincode, status: pincodes.status })
        .from(pincodes)
        .where(and(...where))
        .orderBy(asc(pincodes.pincode))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db
        .select({ n: count() })
        .from(pincodes)
        .where(and(...where)),
      this.db
        .select({ n: count() })
        .from(pincodes)
        .where(and(eq(pincodes.storeId, storeId), eq(pincodes.status, 'Active'))),
    ]);
    return { rows, total: total?.n ?? 0, active: active?.n ?? 0 };
  }

  /** Of `pins`, those the store already lists. */
  async existingPincodes(tx: Db, storeId: string, pins: string[]): Promise<string[]> {
    const found: string[] = [];
    for (let i = 0; i < pins.length; i += 1000) {
      const rows = await tx
        .select({ pincode: pincodes.pincode })
        .from(pincodes)
        .where(
          and(eq(pincodes.storeId, storeId), inArray(pincodes.pincode, pins.slice(i, i + 1000))),
        );
      found.push(...rows.map((r) => r.pincode));
    }
    return found;
  }

  /** Adds the pincodes, or sets the status of those already listed. */
  async upsertPincodes(tx: Transaction, storeId: string, pins: string[], status: string) {
    for (let i = 0; i < pins.length; i += 1000) {
      await tx
        .insert(pincodes)
        .values(pins.slice(i, i + 1000).map((pincode) => ({ storeId, pincode, status })))
        .onConflictDoUpdate({
          target: [pincodes.storeId, pincodes.pincode],
          set: { status },
        });
    }
  }

  async findPincode(tx: Db, storeId: string, pin: string): Promise<PincodeRow | null> {
    const [row] = await tx
      .select({ pincode: pincodes.pincode, status: pincodes.status })
      .from(pincodes)
      .where(and(eq(pincodes.storeId, storeId), eq(pincodes.pincode, pin)))
      .for('update');
    return row ?? null;
  }

  async setPincodeStatus(tx: Transaction, storeId: string, pin: string, status: string) {
    await tx
      .update(pincodes)
      .set({ status })
      .where(and(eq(pincodes.storeId, storeId), eq(pincodes.pincode, pin)));
  }

  async deletePincode(tx: Transaction, storeId: string, pin: string) {
    await tx.delete(pincodes).where(and(eq(pincodes.storeId, storeId), eq(pincodes.pincode, pin)));
  }
}

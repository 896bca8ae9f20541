import { and, asc, eq } from 'drizzle-orm';
import {
  deliveryPriceBands,
  freeDeliveryBands,
  pincodes,
  type Database,
  type Transaction,
} from '@shop/db';

/**
 * What other modules read of the delivery tables this module owns (bands, free-delivery bands,
 * pincodes). Each function takes the caller's database handle or transaction.
 */
type Db = Database | Transaction;

export type DeliveryBandRow = typeof deliveryPriceBands.$inferSelect;
export type FreeDeliveryBandRow = typeof freeDeliveryBands.$inferSelect;

/** Every band of the store (active and not), nearest first. */
export function deliveryBandsOf(db: Db, storeId: string): Promise<DeliveryBandRow[]> {
  return db
    .select()
    .from(deliveryPriceBands)
    .where(eq(deliveryPriceBands.storeId, storeId))
    .orderBy(asc(deliveryPriceBands.minKilometer), asc(deliveryPriceBands.position));
}

/** The active free-delivery bands, nearest first. */
export function activeFreeDeliveryBandsOf(db: Db, storeId: string): Promise<FreeDeliveryBandRow[]> {
  return db
    .select()
    .from(freeDeliveryBands)
    .where(and(eq(freeDeliveryBands.storeId, storeId), eq(freeDeliveryBands.status, 'Active')))
    .orderBy(asc(freeDeliveryBands.minKilometer));
}

/** The store's active pincodes (an empty list means it delivers everywhere). */
export async function activePincodesOf(db: Db, storeId: string): Promise<string[]> {
  const rows = await db
    .select({ pincode: pincodes.pincode })
    .from(pincodes)
    .where(and(eq(pincodes.storeId, storeId), eq(pincodes.status, 'Active')));
  return rows.map((r) => r.pincode);
}

/** The coordinates the store gave a pincode of its own, if any. */
export async function pincodeCoordinatesOf(db: Db, storeId: string, pincode: string) {
  const [row] = await db
    .select({ latitude: pincodes.latitude, longitude: pincodes.longitude })
    .from(pincodes)
    .where(and(eq(pincodes.storeId, storeId), eq(pincodes.pincode, pincode)));
  return row?.latitude != null && row.longitude != null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}

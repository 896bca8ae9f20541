import { asc, eq } from 'drizzle-orm';
import { orderLines, orders, type Database, type Transaction } from '@shop/db';

/**
 * What other modules read of the order tables this module owns, each function on the caller's
 * database handle or transaction (invoices lock and read an order inside their own).
 */
type Db = Database | Transaction;

export type StoredOrderRow = typeof orders.$inferSelect;
export type StoredOrderLineRow = typeof orderLines.$inferSelect;

/** Whether any order has a line of the product. */
export async function productWasOrdered(db: Db, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.productId, productId))
    .limit(1);
  return rows.length > 0;
}

/** Locks the order's row for the rest of the caller's transaction (null: no such order). */
export async function lockOrderRow(
  tx: Db,
  orderId: string,
): Promise<{ id: string; storeId: string } | null> {
  const [order] = await tx
    .select({ id: orders.id, storeId: orders.storeId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return order ?? null;
}

/** The stored order and its lines in order (null: no such order). */
export async function orderWithLinesOf(
  db: Db,
  orderId: string,
): Promise<{ order: StoredOrderRow; lines: StoredOrderLineRow[] } | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  return { order, lines };
}

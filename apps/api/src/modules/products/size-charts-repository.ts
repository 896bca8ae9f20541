import { and, eq, sql } from 'drizzle-orm';
import { products, sizeCharts, type Database, type Transaction } from '@shop/db';

type Db = Database | Transaction;

/** Whose chart: one product's, or a category's (by its key, lower-cased and trimmed). */
export type SizeChartOwner = { productId: string } | { categoryKey: string };

/** The only code touching `size_charts` (and, to check a product is the store's, `products`). */
export class SizeChartsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Whether the product is the store's (locked to the transaction's end when `tx` is given). */
  async productOfStore(storeId: string, productId: string, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
      .limit(1);
    return row !== undefined;
  }

  async chartOf(storeId: string, owner: SizeChartOwner, tx: Db = this.db): Promise<string | null> {
    const [row] = await tx
      .select({ chart: sizeCharts.chart })
      .from(sizeCharts)
      .where(and(eq(sizeCharts.storeId, storeId), whereOwner(owner)))
      .limit(1);
    return row?.chart ?? null;
  }

  async save(tx: Transaction, storeId: string, owner: SizeChartOwner, chart: string) {
    const values = { storeId, chart, ...owner };
    await tx
      .insert(sizeCharts)
      .values(values)
      .onConflictDoUpdate({
        target:
          'productId' in owner
            ? [sizeCharts.productId]
            : [sizeCharts.storeId, sizeCharts.categoryKey],
        set: { chart, updatedAt: sql`now()` },
      });
  }

  async remove(tx: Transaction, storeId: string, owner: SizeChartOwner) {
    await tx.delete(sizeCharts).where(and(eq(sizeCharts.storeId, storeId), whereOwner(owner)));
  }
}

function whereOwner(owner: SizeChartOwner) {
  return 'productId' in owner
    ? eq(sizeCharts.productId, owner.productId)
    : eq(sizeCharts.categoryKey, owner.categoryKey);
}

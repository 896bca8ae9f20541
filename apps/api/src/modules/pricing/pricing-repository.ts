import { and, eq, sql } from 'drizzle-orm';
import { products, variations, type Database } from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';

/**
 * The product columns pricing reads (and the cart answers with): not the whole row, whose
 * search vector, specifications, key features and files every cart and checkout request would
 * otherwise read and parse.
 */
const PRICED_COLUMNS = {
  id: products.id,
  storeId: products.storeId,
  title: products.title,
  sku: products.sku,
  image: products.image,
  gallery: products.gallery,
  description: products.description,
  shortDescription: products.shortDescription,
  productType: products.productType,
  status: products.status,
  category: products.category,
  originalPricePaise: products.originalPricePaise,
  discountPricePaise: products.discountPricePaise,
  totalStock: products.totalStock,
  deliveryDays: products.deliveryDays,
  hsnCode: products.hsnCode,
  gstRateBp: products.gstRateBp,
  gstThresholdPaise: products.gstThresholdPaise,
  gstRateAboveBp: products.gstRateAboveBp,
};

export type ProductRow = Pick<typeof products.$inferSelect, keyof typeof PRICED_COLUMNS>;
export type VariationRow = typeof variations.$inferSelect;

/** A catalogue product and, when the sku names one of its variations, that variation. */
export interface CatalogueItem {
  product: ProductRow;
  variation: VariationRow | null;
}

export const itemKey = (productId: string, sku: string) => `${productId}\n${sku}`;

/**
 * Products by id, each with its variation of the given skus: built once (every order prices its
 * lines with it), the id and sku lists passed as arrays. Read by the primary key alone (the
 * store is checked on the rows read): with the store in the WHERE, a catalogue just loaded (no
 * statistics yet) got a plan walking the store's products through one of its indexes at every
 * pricing (the orders bench before its ANALYZE: 363 index entries for one product).
 */
const catalogueItemsQuery = new ReusableStatement<{
  product: ProductRow;
  variation: VariationRow | null;
}>((db) =>
  db
    .select({ product: PRICED_COLUMNS, variation: variations })
    .from(products)
    .leftJoin(
      variations,
      and(
        eq(variations.productId, products.id),
        sql`${variations.sku} = any(${sql.placeholder('skus')})`,
      ),
    )
    .where(sql`${products.id} = any(${sql.placeholder('ids')})`)
    .prepare('catalogue_items'),
);

/** The only code that reads the catalogue for pricing. */
export class PricingRepository {
  constructor(private readonly db: Database) {}

  /**
   * Products of the store with the variation each sku names (null when the sku is not a
   * variation of that product), for any number of items in one query. Keyed by `itemKey`.
   */
  async catalogueItems(
    storeId: string,
    items: readonly { productId: string; sku: string }[],
  ): Promise<Map<string, CatalogueItem>> {
    if (items.length === 0) return new Map();
    const rows = await catalogueItemsQuery.run(this.db, this.db, {
      ids: [...new Set(items.map((i) => i.productId))],
      skus: [...new Set(items.map((i) => i.sku))],
    });
    const found = new Map<string, CatalogueItem>();
    for (const row of rows) {
      // Another store's product is not this store's to sell: as if it did not exist.
      if (row.product.storeId !== storeId) continue;
      for (const item of items) {
        if (item.productId !== row.product.id) continue;
        const variation = row.variation?.sku === item.sku ? row.variation : null;
        const key = itemKey(item.productId, item.sku);
        if (variation || !found.has(key)) found.set(key, { product: row.product, variation });
      }
    }
    return found;
  }
}

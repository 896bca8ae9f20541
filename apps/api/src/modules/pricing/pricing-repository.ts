import { and, eq, inArray } from 'drizzle-orm';
import { products, variations, type Database } from '@shop/db';

export type ProductRow = typeof products.$inferSelect;
export type VariationRow = typeof variations.$inferSelect;

/** A catalogue product and, when the sku names one of its variations, that variation. */
export interface CatalogueItem {
  product: ProductRow;
  variation: VariationRow | null;
}

export const itemKey = (productId: string, sku: string) => `${productId}\n${sku}`;

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
    const skus = [...new Set(items.map((i) => i.sku))];
    const rows = await this.db
      .select({ product: products, variation: variations })
      .from(products)
      .leftJoin(
        variations,
        and(eq(variations.productId, products.id), inArray(variations.sku, skus)),
      )
      .where(
        and(
          eq(products.storeId, storeId),
          inArray(products.id, [...new Set(items.map((i) => i.productId))]),
        ),
      );
    const found = new Map<string, CatalogueItem>();
    for (const row of rows) {
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

import { and, eq, sql } from 'drizzle-orm';
import { products, variations, type Database } from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';

/**
 * The product columns pricing keeps (and the cart answers with): not the whole row, whose
 * search vector, specifications, key features and files every cart and checkout request would
 * otherwise read and parse. Stock is not among them: it is read fresh at every pricing
 * (`stockOf`); the rest is kept per process while the catalogue version holds (PricingService).
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
  deliveryDays: products.deliveryDays,
  hsnCode: products.hsnCode,
  gstRateBp: products.gstRateBp,
  gstThresholdPaise: products.gstThresholdPaise,
  gstRateAboveBp: products.gstRateAboveBp,
};

/** The variation columns pricing keeps: all but stock. */
const VARIATION_COLUMNS = {
  id: variations.id,
  storeId: variations.storeId,
  productId: variations.productId,
  sku: variations.sku,
  pricePaise: variations.pricePaise,
  salePricePaise: variations.salePricePaise,
  imageUrl: variations.imageUrl,
  galleryImages: variations.galleryImages,
  attributes: variations.attributes,
  position: variations.position,
};

/** A product as pricing keeps it (no stock). */
export type ProductRow = Pick<typeof products.$inferSelect, keyof typeof PRICED_COLUMNS>;
/** A variation as pricing keeps it (no stock). */
export type VariationRow = Pick<typeof variations.$inferSelect, keyof typeof VARIATION_COLUMNS>;

/** A product and all its variations, as pricing keeps them while the catalogue is unchanged. */
export interface CatalogueEntry {
  product: ProductRow;
  variations: VariationRow[];
}

/** A catalogue product and, when the sku names one of its variations, that variation, with stock. */
export interface CatalogueItem {
  product: ProductRow & { totalStock: number };
  variation: (VariationRow & { stock: number }) | null;
}

export const itemKey = (productId: string, sku: string) => `${productId}\n${sku}`;

/**
 * Products by id with all their variations, read when pricing's cache misses. By the primary key
 * alone (the store is checked by the caller): with the store in the WHERE, a catalogue just
 * loaded (no statistics yet) got a plan walking the store's products through one of its indexes
 * (the orders bench before its ANALYZE: 363 index entries for one product).
 */
const catalogueEntriesQuery = new ReusableStatement<{
  product: ProductRow;
  variation: VariationRow | null;
}>((db) =>
  db
    .select({ product: PRICED_COLUMNS, variation: VARIATION_COLUMNS })
    .from(products)
    .leftJoin(variations, eq(variations.productId, products.id))
    .where(sql`${products.id} = any(${sql.placeholder('ids')})`)
    .prepare('catalogue_entries'),
);

/**
 * The stock of products by id and of their variations with the given skus, now: the one read of
 * every pricing once the rest is cached.
 */
const stockQuery = new ReusableStatement<{
  id: string;
  stock: number;
  sku: string | null;
  variationStock: number | null;
}>((db) =>
  db
    .select({
      id: products.id,
      stock: products.totalStock,
      sku: variations.sku,
      variationStock: variations.stock,
    })
    .from(products)
    .leftJoin(
      variations,
      and(
        eq(variations.productId, products.id),
        sql`${variations.sku} = any(${sql.placeholder('skus')})`,
      ),
    )
    .where(sql`${products.id} = any(${sql.placeholder('ids')})`)
    .prepare('priced_stock'),
);

/** Stock now: a product's by its id, a variation's by `itemKey(productId, sku)`. */
export type StockNow = ReadonlyMap<string, number>;

/** The only code that reads the catalogue for pricing. */
export class PricingRepository {
  constructor(private readonly db: Database) {}

  /** Each product found (of any store) with all its variations, by product id. */
  async catalogueEntries(ids: readonly string[]): Promise<Map<string, CatalogueEntry>> {
    const found = new Map<string, CatalogueEntry>();
    if (ids.length === 0) return found;
    const rows = await catalogueEntriesQuery.run(this.db, this.db, { ids: [...new Set(ids)] });
    for (const { product, variation } of rows) {
      let entry = found.get(product.id);
      if (!entry) found.set(product.id, (entry = { product, variations: [] }));
      if (variation) entry.variations.push(variation);
    }
    return found;
  }

  /** The stock of the items' products and of the variations their skus name, in one read. */
  async stockOf(items: readonly { productId: string; sku: string }[]): Promise<StockNow> {
    const stock = new Map<string, number>();
    if (items.length === 0) return stock;
    const rows = await stockQuery.run(this.db, this.db, {
      ids: [...new Set(items.map((i) => i.productId))],
      skus: [...new Set(items.map((i) => i.sku))],
    });
    for (const row of rows) {
      stock.set(row.id, row.stock);
      if (row.sku !== null && row.variationStock !== null) {
        stock.set(itemKey(row.id, row.sku), row.variationStock);
      }
    }
    return stock;
  }
}

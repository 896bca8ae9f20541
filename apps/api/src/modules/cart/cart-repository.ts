import { and, asc, eq, inArray } from 'drizzle-orm';
import { cartLines, products, users, variations, type Database } from '@shop/db';

export type ProductRow = typeof products.$inferSelect;
export type VariationRow = typeof variations.$inferSelect;

/** A catalogue product and, when the sku names one of its variations, that variation. */
export interface CatalogueItem {
  product: ProductRow;
  variation: VariationRow | null;
}

export interface StoredLine extends CatalogueItem {
  sku: string;
  quantity: number;
  userId: string;
  userName: string;
}

/** The only code that reads and writes cart lines. */
export class CartRepository {
  constructor(private readonly db: Database) {}

  /**
   * Products of the store with the variation each sku names (null when the sku is not a
   * variation of that product), for any number of items in one query.
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

  /** The user's lines with their product, variation and owner name: one query for any cart. */
  async lines(userId: string): Promise<StoredLine[]> {
    const rows = await this.db
      .select({
        sku: cartLines.sku,
        quantity: cartLines.quantity,
        userId: cartLines.userId,
        userName: users.fullName,
        product: products,
        variation: variations,
      })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .innerJoin(users, eq(users.id, cartLines.userId))
      .leftJoin(
        variations,
        and(eq(variations.productId, cartLines.productId), eq(variations.sku, cartLines.sku)),
      )
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
    return rows;
  }

  /** Adds a line; false when the user already has that sku. */
  async insert(values: typeof cartLines.$inferInsert) {
    const rows = await this.db
      .insert(cartLines)
      .values(values)
      .onConflictDoNothing({ target: [cartLines.userId, cartLines.sku] })
      .returning({ id: cartLines.id });
    return rows.length > 0;
  }

  async setQuantity(userId: string, sku: string, quantity: number) {
    const rows = await this.db
      .update(cartLines)
      .set({ quantity })
      .where(and(eq(cartLines.userId, userId), eq(cartLines.sku, sku)))
      .returning({ id: cartLines.id });
    return rows.length > 0;
  }

  async line(userId: string, sku: string) {
    const [row] = await this.db
      .select({ productId: cartLines.productId, sku: cartLines.sku })
      .from(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.sku, sku)));
    return row ?? null;
  }

  async delete(userId: string, sku: string) {
    const rows = await this.db
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.sku, sku)))
      .returning({ id: cartLines.id });
    return rows.length > 0;
  }

  async deleteAll(userId: string) {
    await this.db.delete(cartLines).where(eq(cartLines.userId, userId));
  }
}

export const itemKey = (productId: string, sku: string) => `${productId}\n${sku}`;

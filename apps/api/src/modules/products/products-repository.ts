import { and, asc, count, desc, eq, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { groupedItems, products, variations, type Database, type Transaction } from '@shop/db';
import type { AdminProductListQuery, ProductExportQuery } from '@shop/contracts';
import { LOW_STOCK_AT } from '@shop/domain';
import { productWasOrdered } from '../orders/index.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = typeof products.$inferInsert;
export type VariationRow = typeof variations.$inferSelect;
export type VariationInsert = Omit<typeof variations.$inferInsert, 'storeId' | 'productId'>;
export type GroupedItemRow = typeof groupedItems.$inferSelect;
export type GroupedItemInsert = Omit<typeof groupedItems.$inferInsert, 'storeId' | 'productId'>;
type Db = Database | Transaction;

export interface FullProduct {
  row: ProductRow;
  variations: VariationRow[];
  groupedItems: GroupedItemRow[];
}

export interface ProductListRow {
  row: ProductRow;
  variations: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const sortPrice = sql`(CASE WHEN ${products.discountPricePaise} > 0 THEN ${products.discountPricePaise} ELSE ${products.originalPricePaise} END)`;

const SORT_COLUMNS = {
  updated: products.updatedAt,
  created: products.createdAt,
  title: sql`lower(${products.title})`,
  sku: products.sku,
  price: sortPrice,
  stock: products.totalStock,
} as const;

/** The only code of the admin products module that touches the database. */
export class ProductsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async list(
    storeId: string,
    q: AdminProductListQuery,
  ): Promise<{ rows: ProductListRow[]; total: number }> {
    const condition = listFilter(storeId, q);
    const column = SORT_COLUMNS[q.sort];
    const direction = q.order === 'asc' ? asc : desc;
    // Inside a select list Drizzle writes a column without its table, and the subquery would read
    // "id" as the variation's own: the outer product is named in full.
    const variationCount = sql<number>`(select count(*)::int from ${variations} where ${variations}.product_id = ${products}.id)`;
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select({ row: products, variations: variationCount })
        .from(products)
        .where(condition)
        .orderBy(direction(column), asc(products.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
      this.db.select({ total: count() }).from(products).where(condition),
    ]);
    return { rows, total: totalRow?.total ?? 0 };
  }

  /** Every product the list's filters select, in its sort, with variations and grouped items. */
  async listFull(storeId: string, q: ProductExportQuery): Promise<FullProduct[]> {
    const direction = q.order === 'asc' ? asc : desc;
    const rows = await this.db
      .select()
      .from(products)
      .where(listFilter(storeId, q))
      .orderBy(direction(SORT_COLUMNS[q.sort]), asc(products.id));
    return this.withChildren(this.db, rows);
  }

  /** The store's products of `ids` with their children (any order). */
  async findMany(db: Db, storeId: string, ids: string[]): Promise<FullProduct[]> {
    const rows: ProductRow[] = [];
    for (const part of chunks(ids)) {
      rows.push(
        ...(await db
          .select()
          .from(products)
          .where(and(eq(products.storeId, storeId), inArray(products.id, part)))),
      );
    }
    return this.withChildren(db, rows);
  }

  private async withChildren(db: Db, rows: ProductRow[]): Promise<FullProduct[]> {
    const vs = new Map<string, VariationRow[]>();
    const gs = new Map<string, GroupedItemRow[]>();
    for (const part of chunks(rows.map((r) => r.id))) {
      const vRows = await db
        .select()
        .from(variations)
        .where(inArray(variations.productId, part))
        .orderBy(asc(variations.position));
      const gRows = await db
        .select()
        .from(groupedItems)
        .where(inArray(groupedItems.productId, part))
        .orderBy(asc(groupedItems.position));
      for (const v of vRows) vs.set(v.productId, [...(vs.get(v.productId) ?? []), v]);
      for (const g of gRows) gs.set(g.productId, [...(gs.get(g.productId) ?? []), g]);
    }
    return rows.map((row) => ({
      row,
      variations: vs.get(row.id) ?? [],
      groupedItems: gs.get(row.id) ?? [],
    }));
  }

  /** Every sku of the store: a product's own, or a variation's with its product. */
  async skuOwners(
    db: Db,
    storeId: string,
  ): Promise<{ sku: string; productId: string; variation: boolean }[]> {
    return db
      .select({ sku: products.sku, productId: products.id, variation: sql<boolean>`false` })
      .from(products)
      .where(eq(products.storeId, storeId))
      .unionAll(
        db
          .select({
            sku: variations.sku,
            productId: variations.productId,
            variation: sql<boolean>`true`,
          })
          .from(variations)
          .where(eq(variations.storeId, storeId)),
      );
  }

  findNow(storeId: string, id: string): Promise<FullProduct | null> {
    return this.find(this.db, storeId, id);
  }

  /** The product with its variations and grouped items; `lock` holds it to the transaction's end. */
  async find(db: Db, storeId: string, id: string, lock = false): Promise<FullProduct | null> {
    const query = db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) return null;
    const [vs, gs] = await Promise.all([
      db
        .select()
        .from(variations)
        .where(eq(variations.productId, id))
        .orderBy(asc(variations.position)),
      db
        .select()
        .from(groupedItems)
        .where(eq(groupedItems.productId, id))
        .orderBy(asc(groupedItems.position)),
    ]);
    return { row, variations: vs, groupedItems: gs };
  }

  async lockMany(tx: Transaction, storeId: string, ids: string[]): Promise<ProductRow[]> {
    return tx
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, ids)))
      .orderBy(asc(products.id))
      .for('update');
  }

  /**
   * The first of `skus` another product or variation of the store has (case-insensitive),
   * leaving out those of `exceptProductId`.
   */
  async takenSku(
    db: Db,
    storeId: string,
    skus: string[],
    exceptProductId?: string,
  ): Promise<string | null> {
    if (skus.length === 0) return null;
    const lowered = skus.map((s) => s.toLowerCase());
    const mine = (col: typeof products.id | typeof variations.productId) =>
      exceptProductId ? [ne(col, exceptProductId)] : [];
    const rows = await db
      .select({ sku: products.sku })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          inArray(sql`lower(${products.sku})`, lowered),
          ...mine(products.id),
        ),
      )
      .unionAll(
        db
          .select({ sku: variations.sku })
          .from(variations)
          .where(
            and(
              eq(variations.storeId, storeId),
              inArray(sql`lower(${variations.sku})`, lowered),
              ...mine(variations.productId),
            ),
          ),
      );
    const taken = new Set(rows.map((r) => r.sku.toLowerCase()));
    return skus.find((s) => taken.has(s.toLowerCase())) ?? null;
  }

  /** The store's product and variation skus that start with `prefix` (case-insensitive). */
  async skusStartingWith(db: Db, storeId: string, prefix: string): Promise<Set<string>> {
    const like = `${escapeLike(prefix.toLowerCase())}%`;
    const rows = await db
      .select({ sku: products.sku })
      .from(products)
      .where(and(eq(products.storeId, storeId), sql`lower(${products.sku}) LIKE ${like}`))
      .unionAll(
        db
          .select({ sku: variations.sku })
          .from(variations)
          .where(and(eq(variations.storeId, storeId), sql`lower(${variations.sku}) LIKE ${like}`)),
      );
    return new Set(rows.map((r) => r.sku.toLowerCase()));
  }

  /** Which of `ids` are products of the store. */
  async existingIds(db: Db, storeId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.id, ids)));
    return new Set(rows.map((r) => r.id));
  }

  async insert(tx: Transaction, values: ProductInsert): Promise<ProductRow> {
    const [row] = await tx.insert(products).values(values).returning();
    return row!;
  }

  async nextPosition(tx: Transaction, storeId: string): Promise<number> {
    const [row] = await tx
      .select({ max: sql<number>`coalesce(max(${products.position}), 0)::int` })
      .from(products)
      .where(eq(products.storeId, storeId));
    return (row?.max ?? 0) + 1;
  }

  /** Whether a product, variation or grouped item of the store still shows an image in `folder`. */
  async imageInUse(storeId: string, folder: string): Promise<boolean> {
    const like = `${escapeLike(folder)}/%`;
    const [p, v, g] = await Promise.all([
      this.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.storeId, storeId),
            sql`(${products.image} LIKE ${like} OR ${products.gallery}::text LIKE ${`%${like}`})`,
          ),
        )
        .limit(1),
      this.db
        .select({ id: variations.id })
        .from(variations)
        .where(and(eq(variations.storeId, storeId), sql`${variations.imageUrl} LIKE ${like}`))
        .limit(1),
      this.db
        .select({ id: groupedItems.id })
        .from(groupedItems)
        .where(and(eq(groupedItems.storeId, storeId), sql`${groupedItems.image} LIKE ${like}`))
        .limit(1),
    ]);
    return p.length + v.length + g.length > 0;
  }

  async update(tx: Transaction, id: string, values: Partial<ProductInsert>): Promise<void> {
    await tx.update(products).set(values).where(eq(products.id, id));
  }

  /**
   * Makes the product's variations these, matched by sku: a kept sku keeps its row (and the
   * orders and carts that point at it), a new one is inserted, a missing one is deleted.
   */
  async setVariations(
    tx: Transaction,
    storeId: string,
    productId: string,
    list: VariationInsert[],
  ): Promise<void> {
    const skus = list.map((v) => v.sku);
    await tx
      .delete(variations)
      .where(
        and(
          eq(variations.productId, productId),
          ...(skus.length > 0 ? [notInArray(variations.sku, skus)] : []),
        ),
      );
    for (const [position, v] of list.entries()) {
      const kept = await tx
        .update(variations)
        .set({ ...v, position })
        .where(and(eq(variations.productId, productId), eq(variations.sku, v.sku)))
        .returning({ id: variations.id });
      // A sku another product holds fails here with the unique index (a 409 for the caller).
      if (kept.length === 0) {
        await tx.insert(variations).values({ ...v, storeId, productId, position });
      }
    }
  }

  async setVariationFields(
    tx: Transaction,
    productId: string,
    values: Partial<Pick<VariationInsert, 'pricePaise' | 'salePricePaise' | 'stock'>>,
  ): Promise<void> {
    await tx.update(variations).set(values).where(eq(variations.productId, productId));
  }

  async setGroupedItems(
    tx: Transaction,
    storeId: string,
    productId: string,
    list: GroupedItemInsert[],
  ): Promise<void> {
    await tx.delete(groupedItems).where(eq(groupedItems.productId, productId));
    if (list.length === 0) return;
    await tx
      .insert(groupedItems)
      .values(list.map((g, position) => ({ ...g, storeId, productId, position })));
  }

  hasOrders(db: Db, productId: string): Promise<boolean> {
    return productWasOrdered(db, productId);
  }

  async delete(tx: Transaction, productId: string): Promise<void> {
    await tx.delete(products).where(eq(products.id, productId));
  }
}

/** Ids in parts small enough for one query's parameters. */
function chunks<T>(list: T[], size = 5000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The WHERE of the admin list: the store, search, category, status, type and stock level. */
function listFilter(storeId: string, q: ProductExportQuery): SQL | undefined {
  const where: SQL[] = [eq(products.storeId, storeId)];
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    where.push(sql`(${products.title} ILIKE ${like} OR ${products.sku} ILIKE ${like})`);
  }
  if (q.category) {
    where.push(sql`lower(btrim(${products.category})) = ${q.category.toLowerCase()}`);
  }
  if (q.status) where.push(eq(products.status, q.status));
  if (q.type) where.push(eq(products.productType, q.type));
  if (q.stock === 'out') where.push(sql`${products.totalStock} <= 0`);
  if (q.stock === 'low') where.push(sql`${products.totalStock} BETWEEN 1 AND ${LOW_STOCK_AT}`);
  if (q.stock === 'in') where.push(sql`${products.totalStock} > ${LOW_STOCK_AT}`);
  return and(...where);
}

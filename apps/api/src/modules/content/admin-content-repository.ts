import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  categories,
  contentPages,
  marquees,
  newArrivalGroups,
  newArrivalProducts,
  offers,
  pageMeta,
  products,
  sliders,
  type Database,
  type Transaction,
} from '@shop/db';

/** The ordered lists of the admin's content, by the name the API uses. */
export const CONTENT_TABLES = {
  categories,
  'new-arrivals': newArrivalGroups,
  sliders,
  offers,
  marquees,
} as const;
export type ContentKind = keyof typeof CONTENT_TABLES;
export type RowOf<K extends ContentKind> = (typeof CONTENT_TABLES)[K]['$inferSelect'];
export type InsertOf<K extends ContentKind> = Omit<
  (typeof CONTENT_TABLES)[K]['$inferInsert'],
  'id' | 'storeId' | 'position'
>;

type Db = Database | Transaction;

/**
 * Every table of CONTENT_TABLES has id, store_id and position; drizzle cannot type a query over
 * a union of tables, so the queries are written against one of them (marquees) and the rows
 * cast back to the kind's own type. The table object itself is the kind's, so the SQL is right.
 */
const tableOf = (kind: ContentKind) => CONTENT_TABLES[kind] as unknown as typeof marquees;

/** The only code that writes the admin's content tables and content pages. */
export class AdminContentRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async list<K extends ContentKind>(kind: K, storeId: string, db: Db = this.db) {
    const t = tableOf(kind);
    const rows = await db
      .select()
      .from(t)
      .where(eq(t.storeId, storeId))
      .orderBy(asc(t.position), asc(t.id));
    return rows as unknown as RowOf<K>[];
  }

  async find<K extends ContentKind>(
    tx: Db | undefined,
    kind: K,
    storeId: string,
    id: string,
    lock = false,
  ) {
    const t = tableOf(kind);
    const q = (tx ?? this.db)
      .select()
      .from(t)
      .where(and(eq(t.storeId, storeId), eq(t.id, id)));
    const [row] = lock ? await q.for('update') : await q;
    return (row ?? null) as RowOf<K> | null;
  }

  /** The store's ids of `kind`, in order, held to the transaction's end. */
  async lockIds(tx: Transaction, kind: ContentKind, storeId: string): Promise<string[]> {
    const t = tableOf(kind);
    const rows = await tx
      .select({ id: t.id })
      .from(t)
      .where(eq(t.storeId, storeId))
      .orderBy(asc(t.position), asc(t.id))
      .for('update');
    return rows.map((r) => r.id);
  }

  async insert<K extends ContentKind>(tx: Transaction, kind: K, storeId: string, v: InsertOf<K>) {
    const t = tableOf(kind);
    const [next] = await tx
      .select({ p: sql<number>`coalesce(max(${t.position}) + 1, 0)::int` })
      .from(t)
      .where(eq(t.storeId, storeId));
    const [row] = await tx
      .insert(t)
      .values({ ...(v as unknown as typeof marquees.$inferInsert), storeId, position: next!.p })
      .returning();
    return row as unknown as RowOf<K>;
  }

  async update<K extends ContentKind>(
    tx: Transaction,
    kind: K,
    id: string,
    v: Partial<InsertOf<K>>,
  ): Promise<void> {
    if (Object.keys(v).length === 0) return;
    const t = tableOf(kind);
    await tx.update(t).set(v).where(eq(t.id, id));
  }

  async delete(tx: Transaction, kind: ContentKind, id: string): Promise<void> {
    const t = tableOf(kind);
    await tx.delete(t).where(eq(t.id, id));
  }

  /** Sets position i on the i-th id (the ids are the store's, checked and locked by the caller). */
  async setPositions(tx: Transaction, kind: ContentKind, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const t = tableOf(kind);
    const cases = sql.join(
      ids.map((id, i) => sql`WHEN ${id}::uuid THEN ${i}::int`),
      sql` `,
    );
    await tx
      .update(t)
      .set({ position: sql`CASE ${t.id} ${cases} END` })
      .where(inArray(t.id, [...ids]));
  }

  /** A category of the store with this key (any case), other than `exceptId`. */
  async categoryByKey(tx: Db, storeId: string, key: string, exceptId?: string) {
    const rows = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.storeId, storeId),
          sql`lower(${categories.category}) = ${key.toLowerCase()}`,
          exceptId ? sql`${categories.id} <> ${exceptId}` : undefined,
        ),
      );
    return rows[0] ?? null;
  }

  /** The products of each group, in order, with the title and sku the admin shows. */
  async groupProducts(groupIds: string[], db: Db | undefined) {
    if (groupIds.length === 0) return [];
    return (db ?? this.db)
      .select({
        groupId: newArrivalProducts.groupId,
        productId: products.id,
        title: products.title,
        sku: products.sku,
      })
      .from(newArrivalProducts)
      .innerJoin(products, eq(products.id, newArrivalProducts.productId))
      .where(inArray(newArrivalProducts.groupId, groupIds))
      .orderBy(asc(newArrivalProducts.position));
  }

  async setGroupProducts(tx: Transaction, groupId: string, productIds: string[]): Promise<void> {
    await tx.delete(newArrivalProducts).where(eq(newArrivalProducts.groupId, groupId));
    if (productIds.length === 0) return;
    await tx
      .insert(newArrivalProducts)
      .values(productIds.map((productId, position) => ({ groupId, productId, position })));
  }

  // Page meta ----------------------------------------------------------------------------

  async pageMeta(storeId: string, db: Db = this.db) {
    const [row] = await db.select().from(pageMeta).where(eq(pageMeta.storeId, storeId));
    return row ?? null;
  }

  async lockPageMeta(tx: Transaction, storeId: string) {
    const [row] = await tx
      .select()
      .from(pageMeta)
      .where(eq(pageMeta.storeId, storeId))
      .for('update');
    return row ?? null;
  }

  async putPageMeta(
    tx: Transaction,
    storeId: string,
    set: Omit<typeof pageMeta.$inferInsert, 'storeId'>,
  ): Promise<void> {
    await tx
      .insert(pageMeta)
      .values({ storeId, ...set })
      .onConflictDoUpdate({ target: pageMeta.storeId, set });
  }

  // Content pages ------------------------------------------------------------------------

  pages(storeId: string) {
    return this.db
      .select()
      .from(contentPages)
      .where(eq(contentPages.storeId, storeId))
      .orderBy(asc(contentPages.slug));
  }

  async page(db: Db | undefined, storeId: string, slug: string, lock = false) {
    const q = (db ?? this.db)
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.storeId, storeId), eq(contentPages.slug, slug)));
    const [row] = lock ? await q.for('update') : await q;
    return row ?? null;
  }

  async insertPage(tx: Transaction, v: typeof contentPages.$inferInsert) {
    const [row] = await tx.insert(contentPages).values(v).onConflictDoNothing().returning();
    return row ?? null;
  }

  async updatePage(
    tx: Transaction,
    storeId: string,
    slug: string,
    v: Partial<Pick<typeof contentPages.$inferInsert, 'title' | 'description' | 'bodyMarkdown'>>,
  ) {
    const [row] = await tx
      .update(contentPages)
      .set({ ...v, updatedAt: new Date() })
      .where(and(eq(contentPages.storeId, storeId), eq(contentPages.slug, slug)))
      .returning();
    return row!;
  }

  async deletePage(tx: Transaction, storeId: string, slug: string): Promise<void> {
    await tx
      .delete(contentPages)
      .where(and(eq(contentPages.storeId, storeId), eq(contentPages.slug, slug)));
  }
}

import { and, asc, desc, eq, lte, ne, sql, type SQL } from 'drizzle-orm';
import {
  catalogueState,
  categories,
  products,
  searchState,
  stores,
  variations,
  type Database,
} from '@shop/db';
import { lowStockThresholdOf } from '../store-settings/index.ts';
import { COURSES_CATEGORY, type SortOption } from '@shop/domain';
import { ReusableStatement } from '../../lib/reusable-statement.ts';
import { ACTIVE, categoryIsActive, PRODUCT_COLUMNS, type ProductRow } from './catalogue-rows.ts';
import { ProductRelationsRepository } from './product-relations-repository.ts';
import type { SearchEntry } from './search-index.ts';
import { stockView } from './stock-views.ts';
import { StorefrontListsRepository } from './storefront-lists-repository.ts';

/** Products at or under this stock are low when the store has set no threshold. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export interface ProductFilter {
  search?: string | undefined;
  category?: string | undefined;
  categorytype?: string | undefined;
  courses: 'include' | 'exclude' | 'only';
}

/** A product as the listing's filters read it (see `facetEntries`). */
export interface FacetRow {
  id: string;
  categoryKey: string;
  categorytype: string[];
  productType: string;
  position: number;
  createdAtMicros: number;
  totalSold: number;
  totalStock: number;
  originalPricePaise: number;
  discountPricePaise: number;
  /** Each variation as [attributes, stock, price, sale price] (paise), in its order. */
  variations: [unknown, number, number, number][];
}

/** Products the search index reads per statement (see searchEntries). */
const SEARCH_ENTRIES_PAGE = 1000;
/** Below every uuid: where a read by id starts. */
const BEFORE_EVERY_ID = '00000000-0000-0000-0000-000000000000';

/** Price used by the price sorts: the sale price when there is one, else the list price. */
const sortPrice = sql`(CASE WHEN ${products.discountPricePaise} > 0 THEN ${products.discountPricePaise} ELSE ${products.originalPricePaise} END)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The catalogue's reads: its versions, the listing (PostgreSQL's and the rows the search index
 * and filter data are built from), low stock; with its two parts, a product page and a page's
 * relations (`relations`) and the store's own lists (`lists`). The catalogue module touches the
 * database only through these.
 */
export class CatalogueRepository {
  readonly relations: ProductRelationsRepository;
  readonly lists: StorefrontListsRepository;

  constructor(private readonly db: Database) {
    this.relations = new ProductRelationsRepository(db);
    this.lists = new StorefrontListsRepository(db);
  }

  async catalogueVersion(): Promise<number> {
    return (await this.catalogueVersions()).exact;
  }

  /**
   * The catalogue version (`exact`: the sum of the stripes 1..64 each backend bumps, migration
   * "checkout-version"), the stock version (`lax`: stripes 65..128, bumped by writes of stock
   * and units sold only, migration "stock-version") and the search version, in one read.
   */
  async catalogueVersions(): Promise<{ exact: number; lax: number; search: number }> {
    const [row] = await this.catalogueVersionsOf.run(this.db, this.db, {});
    return row ?? { exact: 0, lax: 0, search: 0 };
  }

  private readonly catalogueVersionsOf = new ReusableStatement<{
    exact: number;
    lax: number;
    search: number;
  }>((db) =>
    db
      .select({
        exact: sql<number>`coalesce(sum(${catalogueState.version}) filter (where ${catalogueState.id} <= 64), 0)::float8`,
        lax: sql<number>`coalesce(sum(${catalogueState.version}) filter (where ${catalogueState.id} > 64), 0)::float8`,
        // The search version from the same snapshot (see SearchIndexes.noteVersion).
        search: sql<number>`(select coalesce(sum(${searchState.version}), 0) from ${searchState})::float8`,
      })
      .from(catalogueState)
      .prepare('catalogue_versions'),
  );

  /** How these products' stock looks now (`stockView`), by id; ids not found are left out. */
  async stockViews(ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.stockFactsOf.run(this.db, this.db, { ids });
    return new Map(rows.map((r) => [r.id, stockView(r)]));
  }

  private readonly stockFactsOf = new ReusableStatement<{
    id: string;
    stock: number;
    totalStock: number;
    totalSold: number;
    variations: [string, number][];
  }>((db) =>
    db
      .select({
        id: products.id,
        stock: products.stock,
        totalStock: products.totalStock,
        totalSold: products.totalSold,
        // (the outer column qualified: Drizzle leaves a one-table select's columns unqualified)
        variations: sql<
          [string, number][]
        >`(SELECT coalesce(json_agg(json_build_array(v.sku, v.stock)), '[]'::json) FROM variations v WHERE v.product_id = "products"."id")`,
      })
      .from(products)
      .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('stock_facts_of'),
  );

  /**
   * The products whose stock rows (the product's own or one of its variations') were written
   * by a transaction that may have committed since `since`, a mark this method answered
   * earlier; and the mark to ask with next time. The mark is the oldest transaction still
   * running when this statement's snapshot was taken: every older one had finished, so its
   * writes were visible then, and the next call (rows whose `xmin`, the transaction that last
   * wrote them, is this mark or newer) finds every write this one could not see. Without
   * `since`, only the mark (`changed` undefined: the caller compares everything once).
   * Transaction ids are compared as PostgreSQL does, modulo 2^32 within half the circle; a row
   * frozen long ago may come back as changed, which costs one more stock read, never a miss.
   */
  async stockChangesSince(
    since: string | undefined,
  ): Promise<{ mark: string; changed: string[] | undefined }> {
    if (since === undefined) {
      const [row] = await this.snapshotMarkOf.run(this.db, this.db, {});
      return { mark: row!.mark, changed: undefined };
    }
    const [row] = await this.stockChangesOf.run(this.db, this.db, { since });
    return { mark: row!.mark, changed: row!.changed };
  }

  private readonly snapshotMarkOf = new ReusableStatement<{ mark: string }>((db) =>
    db
      .select({ mark: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text` })
      .from(sql`(select 1) as one`)
      .prepare('stock_mark'),
  );

  private readonly stockChangesOf = new ReusableStatement<{ mark: string; changed: string[] }>(
    (db) => {
      // xmin at or after the mark, modulo 2^32 (the mark is a 64-bit id, xmin its low 32 bits).
      const since = sql`(${sql.placeholder('since')}::bigint % 4294967296)`;
      const written = (xmin: SQL) =>
        sql`((${xmin}::text::bigint - ${since} + 4294967296) % 4294967296) < 2147483648`;
      return db
        .select({
          mark: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
          changed: sql<
            string[]
          >`array(select p.id from ${products} p where ${written(sql`p.xmin`)} union select v.product_id from ${variations} v where ${written(sql`v.xmin`)})::text[]`,
        })
        .from(sql`(select 1) as one`)
        .prepare('stock_changes_since');
    },
  );

  /** The search indexes' version (migration "search-version"). */
  async searchVersion(): Promise<number> {
    const [row] = await this.searchVersionOf.run(this.db, this.db, {});
    return row?.version ?? 0;
  }

  /** The sum of the stripes each backend bumps (read by every search that missed the cache). */
  private readonly searchVersionOf = new ReusableStatement<{ version: number }>((db) =>
    db
      .select({ version: sql<number>`coalesce(sum(${searchState.version}), 0)::float8` })
      .from(searchState)
      .prepare('search_version'),
  );

  async storeExists(storeId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.id, storeId))
      .limit(1);
    return rows.length > 0;
  }

  private listingConditions(storeId: string, filter: ProductFilter): SQL[] {
    const conditions: SQL[] = [eq(products.storeId, storeId), eq(products.status, ACTIVE)];
    const categoryKey = sql`lower(btrim(${products.category}))`;
    if (filter.category) conditions.push(sql`${categoryKey} = ${filter.category.toLowerCase()}`);
    if (filter.categorytype) {
      conditions.push(sql`${products.categorytype} @> ARRAY[${filter.categorytype}]::text[]`);
    }
    if (filter.courses === 'exclude') conditions.push(ne(categoryKey, COURSES_CATEGORY));
    if (filter.courses === 'only') conditions.push(eq(categoryKey, COURSES_CATEGORY));
    // With one category, whether it is switched off is one check, not one per product: the
    // planner then estimates the page's rows from the category's index and reads it in order.
    conditions.push(
      filter.category
        ? sql`NOT EXISTS (SELECT 1 FROM ${categories} WHERE ${categories.storeId} = ${storeId} AND lower(${categories.category}) = ${filter.category.toLowerCase()} AND ${categories.status} <> ${ACTIVE})`
        : categoryIsActive(),
    );
    if (filter.search) {
      // The two matches as two index reads (trigrams of the title, the full-text vector), run
      // once into an array: an OR of them in one WHERE made PostgreSQL run ILIKE over every
      // product, and `id IN (subquery)` let PGlite (PostgreSQL 17) pick a nested-loop semi-join
      // that compared every product with every match (seconds for a count).
      conditions.push(
        sql`${products.id} = ANY(ARRAY(SELECT ${products.id} FROM ${products} WHERE ${products.title} ILIKE ${`%${escapeLike(filter.search)}%`} UNION ALL SELECT ${products.id} FROM ${products} WHERE ${products.searchVector} @@ websearch_to_tsquery('simple', ${filter.search})))`,
      );
    }
    return conditions;
  }

  private ordering(sort: SortOption, search: string | undefined): SQL[] {
    const byEntry = [asc(products.position), asc(products.id)];
    switch (sort) {
      case 'newest':
        return [desc(products.createdAt), ...byEntry];
      case 'popular':
        return [desc(products.totalSold), ...byEntry];
      case 'price_desc':
        return [sql`${sortPrice} DESC`, ...byEntry];
      case 'price_asc':
        return [sql`${sortPrice} ASC`, ...byEntry];
      case 'recommended':
        if (!search) return byEntry;
        // Best matches first: titles starting with the text, then full-text rank.
        return [
          sql`(${products.title} ILIKE ${`${escapeLike(search)}%`}) DESC`,
          sql`ts_rank(${products.searchVector}, websearch_to_tsquery('simple', ${search})) DESC`,
          ...byEntry,
        ];
    }
  }

  /**
   * One page of active products. No count rides along (a `count(*) OVER ()` made PostgreSQL read
   * and sort every match, whole rows, for every page): the indexes of the listing's sorts give
   * the rows in order, and the page stops once it has them.
   */
  async listProducts(
    storeId: string,
    filter: ProductFilter,
    sort: SortOption,
    page: number,
    limit: number,
  ): Promise<ProductRow[]> {
    return this.db
      .select(PRODUCT_COLUMNS)
      .from(products)
      .where(and(...this.listingConditions(storeId, filter)))
      .orderBy(...this.ordering(sort, filter.search))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  /** How many active products match, over all pages. */
  async countProducts(storeId: string, filter: ProductFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(and(...this.listingConditions(storeId, filter)));
    return row?.n ?? 0;
  }

  /**
   * What the search index holds of a store (decision 0029): its active products in active
   * categories, with the search vector as text and the listing's sort keys.
   */
  /**
   * What a store's search index holds, read a page at a time (by id), so no one answer holds the
   * event loop while its rows are mapped. A product written meanwhile moves the search version
   * (read before this), and the index is built again.
   */
  async searchEntries(storeId: string): Promise<SearchEntry[]> {
    const entries: SearchEntry[] = [];
    for (let after = BEFORE_EVERY_ID; ;) {
      const page = await this.searchEntriesPage.run(this.db, this.db, { storeId, after });
      entries.push(...page);
      if (page.length < SEARCH_ENTRIES_PAGE) return entries;
      after = page.at(-1)!.id;
    }
  }

  private readonly searchEntriesPage = new ReusableStatement<SearchEntry>((db) =>
    db
      .select({
        id: products.id,
        title: products.title,
        categoryKey: sql<string>`lower(btrim(${products.category}))`,
        categorytype: products.categorytype,
        vector: sql<string>`${products.searchVector}::text`,
        position: products.position,
        createdAtMicros: sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::float8`,
        totalSold: products.totalSold,
        sortPricePaise: sql<number>`${sortPrice}::float8`,
      })
      .from(products)
      .where(
        and(
          eq(products.storeId, sql.placeholder('storeId')),
          eq(products.status, ACTIVE),
          categoryIsActive(),
          sql`${products.id} > ${sql.placeholder('after')}::uuid`,
        ),
      )
      .orderBy(asc(products.id))
      .limit(SEARCH_ENTRIES_PAGE)
      .prepare('search_entries_page'),
  );

  /**
   * What a store's filters and their counts read: each active product of an
   * active category with its sort keys, card prices, stock and its variations' attributes,
   * stock and prices (one JSON array per product), a page of 1,000 by id at a time.
   */
  async facetEntries(storeId: string): Promise<FacetRow[]> {
    const entries: FacetRow[] = [];
    for (let after = BEFORE_EVERY_ID; ;) {
      const page = await this.facetEntriesPage.run(this.db, this.db, { storeId, after });
      entries.push(...page);
      if (page.length < SEARCH_ENTRIES_PAGE) return entries;
      after = page.at(-1)!.id;
    }
  }

  private readonly facetEntriesPage = new ReusableStatement<FacetRow>((db) =>
    db
      .select({
        id: products.id,
        categoryKey: sql<string>`lower(btrim(${products.category}))`,
        categorytype: products.categorytype,
        productType: products.productType,
        position: products.position,
        createdAtMicros: sql<number>`(extract(epoch from ${products.createdAt}) * 1000000)::float8`,
        totalSold: products.totalSold,
        totalStock: products.totalStock,
        originalPricePaise: products.originalPricePaise,
        discountPricePaise: products.discountPricePaise,
        variations: sql<
          FacetRow['variations']
        >`(SELECT coalesce(json_agg(json_build_array(v.attributes, v.stock, v.price_paise, v.sale_price_paise) ORDER BY v.position), '[]'::json) FROM variations v WHERE v.product_id = "products"."id")`,
      })
      .from(products)
      .where(
        and(
          eq(products.storeId, sql.placeholder('storeId')),
          eq(products.status, ACTIVE),
          categoryIsActive(),
          sql`${products.id} > ${sql.placeholder('after')}::uuid`,
        ),
      )
      .orderBy(asc(products.id))
      .limit(SEARCH_ENTRIES_PAGE)
      .prepare('facet_entries_page'),
  );

  /** The search text as PostgreSQL's web-search parser reads it (`''` for no words). */
  async webSearchQuery(text: string): Promise<string> {
    const [row] = await this.webSearchQueryText.run(this.db, this.db, { text });
    return row?.query ?? '';
  }

  private readonly webSearchQueryText = new ReusableStatement<{ query: string }>((db) =>
    db
      .select({
        query: sql<string>`websearch_to_tsquery('simple', ${sql.placeholder('text')}::text)::text`,
      })
      .from(sql`(SELECT 1) AS one`)
      .prepare('web_search_query'),
  );

  /**
   * The store's low-stock threshold (its settings; 5 without a row) and its active products and
   * variations with that much stock or less, fewest first (at most `limit`).
   */
  async lowStock(storeId: string, limit: number) {
    const threshold = (await lowStockThresholdOf(this.db, storeId)) ?? DEFAULT_LOW_STOCK_THRESHOLD;
    const simple = this.db
      .select({
        productId: products.id,
        sku: products.sku,
        title: products.title,
        stock: products.stock,
      })
      .from(products)
      .where(
        and(
          eq(products.storeId, storeId),
          eq(products.status, ACTIVE),
          eq(products.productType, 'Simple'),
          lte(products.stock, threshold),
        ),
      );
    const variants = this.db
      .select({
        productId: products.id,
        sku: variations.sku,
        title: products.title,
        stock: variations.stock,
      })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(
        and(
          eq(variations.storeId, storeId),
          eq(products.status, ACTIVE),
          lte(variations.stock, threshold),
        ),
      );
    const rows = await simple
      .unionAll(variants)
      .orderBy(sql`stock`, sql`sku`)
      .limit(limit);
    return { threshold, rows };
  }
}

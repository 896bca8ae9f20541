import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, seedDemoStores } from '@shop/db';
import { testDatabaseTargets, type TestDatabase } from '@shop/db/testing';
import { SORT_OPTIONS } from '@shop/domain';
import { CatalogueRepository, type ProductFilter } from './catalogue-repository.ts';
import { byEntry } from './listing-order.ts';
import { SearchIndex } from './search-index.ts';
import { parseTsQuery } from './text-search.ts';

const STORE = 'urbanroll';

/** Titles and descriptions that exercise phrases, quotes, repeats and prefixes. */
const CRAFTED = [
  { title: 'Classic T-Shirt', shortDescription: 'A t-shirt, the classic crew tee' },
  { title: "O'Neil Crew Tee", shortDescription: "It's the crew tee of O'Neil" },
  { title: 'Red Shirt Red', shortDescription: 'Red red red, a red shirt' },
  { title: 'Shirt Skates Combo', shortDescription: 'Skates and a shirt; skates again' },
];

const FIXED_QUERIES = [
  't-shirt',
  '"red shirt"',
  'red shirt',
  'red -shirt',
  'skates or shirt',
  "it's",
  "o'neil",
  'crew tee',
  '-skates',
  'SKATE',
  'skate',
  'sk',
  '%',
  '_',
  '!!!',
  'zzzz-no-such-thing',
  'tee -"crew tee"',
];

describe.each(testDatabaseTargets())('the search index on $name', (target) => {
  let database: TestDatabase;
  let repo: CatalogueRepository;
  let uploads: string;

  beforeAll(async () => {
    database = await target.open();
    const { db } = database.handle;
    uploads = mkdtempSync(path.join(tmpdir(), 'search-index-test-'));
    await seedDemoStores(db, { uploadsDir: uploads });
    repo = new CatalogueRepository(db);
    const some = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, STORE), eq(products.status, 'Active')))
      .orderBy(asc(products.position))
      .limit(CRAFTED.length);
    for (const [i, { id }] of some.entries()) {
      await db.update(products).set(CRAFTED[i]!).where(eq(products.id, id));
    }
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  /** Words of the store's titles and descriptions, and pairs of them: what shoppers type. */
  const shopperQueries = async () => {
    const rows = await database.handle.db
      .select({ title: products.title, category: products.category })
      .from(products)
      .where(eq(products.storeId, STORE));
    const words = [
      ...new Set(rows.flatMap((r) => `${r.title} ${r.category}`.toLowerCase().split(/\s+/))),
    ]
      .filter((w) => w.length > 1)
      .sort();
    const pairs = words.slice(0, 30).map((w, i) => `${w} ${words[(i * 7 + 3) % words.length]}`);
    return [...FIXED_QUERIES, ...words.filter((_, i) => i % 2 === 0), ...pairs];
  };

  it('answers every search, sort and filter exactly as PostgreSQL does', async () => {
    const index = new SearchIndex(await repo.searchEntries(STORE));
    expect(index.size).toBeGreaterThan(40);
    const filters: Omit<ProductFilter, 'search'>[] = [
      { courses: 'include' },
      { courses: 'exclude' },
      { courses: 'only' },
      { courses: 'include', category: 'T-Shirts' },
      { courses: 'exclude', categorytype: 'Best Sellers' },
    ];
    let compared = 0;
    let matched = 0;
    for (const text of await shopperQueries()) {
      const parsed = parseTsQuery(await repo.webSearchQuery(text));
      for (const filter of filters) {
        const sqlFilter: ProductFilter = { ...filter, search: text };
        const total = await repo.countProducts(STORE, sqlFilter);
        for (const { value: sort } of SORT_OPTIONS) {
          const expected = (await repo.listProducts(STORE, sqlFilter, sort, 1, 10_000)).map(
            (p) => p.id,
          );
          const found = index.search(
            text,
            parsed,
            { ...filter, category: filter.category?.toLowerCase() },
            sort,
          );
          expect(found, `${text} ${JSON.stringify(filter)} ${sort}`).toEqual(expected);
          expect(found).toHaveLength(total);
          compared++;
          if (found.length > 1) matched++;
        }
      }
    }
    // The comparison is worth something only if many searches find several products.
    expect(compared).toBeGreaterThan(500);
    expect(matched).toBeGreaterThan(100);
  });

  it('lists every filter and sort without a search text exactly as PostgreSQL does', async () => {
    const index = new SearchIndex(await repo.searchEntries(STORE));
    const rows = await database.handle.db
      .select({ category: products.category, tags: products.categorytype })
      .from(products)
      .where(eq(products.storeId, STORE));
    const categories = [...new Set(rows.map((r) => r.category))];
    const tags = [...new Set(rows.flatMap((r) => r.tags ?? []))];
    expect(categories.length).toBeGreaterThan(3);
    const filters: ProductFilter[] = [
      ...(['include', 'exclude', 'only'] as const).map((courses) => ({ courses })),
      ...categories.map((category) => ({ courses: 'include' as const, category })),
      ...tags.map((categorytype) => ({ courses: 'exclude' as const, categorytype })),
      { courses: 'include', category: 'no such category' },
    ];
    let several = 0;
    for (const filter of filters) {
      for (const { value: sort } of SORT_OPTIONS) {
        const expected = (await repo.listProducts(STORE, filter, sort, 1, 10_000)).map((p) => p.id);
        const indexFilter = { ...filter, category: filter.category?.toLowerCase() };
        const found = index.listPage(indexFilter, sort, 0, 10_000);
        expect(found.ids, `${JSON.stringify(filter)} ${sort}`).toEqual(expected);
        expect(found.total).toBe(expected.length);
        // A later page, and asked again (kept): the same slice of the same order.
        expect(index.listPage(indexFilter, sort, 3, 4)).toEqual({
          ids: expected.slice(3, 7),
          total: expected.length,
        });
        if (found.ids.length > 1) several++;
      }
    }
    expect(several).toBeGreaterThan(20);
  });

  it('suggests titles containing the text, those starting with it first', async () => {
    const index = new SearchIndex(await repo.searchEntries(STORE));
    const titles = index.suggestionTitles('SKATE', 40);
    expect(titles.length).toBeGreaterThan(2);
    expect(titles.every((t) => t.toLowerCase().includes('skate'))).toBe(true);
    const firstOther = titles.findIndex((t) => !t.toLowerCase().startsWith('skate'));
    if (firstOther >= 0) {
      expect(titles.slice(firstOther).some((t) => t.toLowerCase().startsWith('skate'))).toBe(false);
    }
  });

  it('suggests in the shop order, starting titles first, cut at the maximum', async () => {
    const entries = await repo.searchEntries(STORE);
    const index = new SearchIndex(entries);
    const inShopOrder = [...entries].sort(byEntry);
    for (const text of ['s', 'sk', 'SKATE', 'e', 'shirt', 'nothing-like-this']) {
      const needle = text.toLowerCase();
      const containing = inShopOrder.filter((e) => e.title.toLowerCase().includes(needle));
      const starting = containing.filter((e) => e.title.toLowerCase().startsWith(needle));
      const rest = containing.filter((e) => !e.title.toLowerCase().startsWith(needle));
      for (const max of [1, 3, 40]) {
        expect(index.suggestionTitles(text, max), `${text} / ${max}`).toEqual(
          [...starting, ...rest].slice(0, max).map((e) => e.title),
        );
      }
    }
    // More titles start with "s" than the maximum: the walk stops early, and rightly.
    expect(inShopOrder.filter((e) => e.title.toLowerCase().startsWith('s')).length).toBeGreaterThan(
      3,
    );
  });

  it('leaves out products that are not active or whose category is switched off', async () => {
    const { db } = database.handle;
    const [one] = await db
      .select({ id: products.id, title: products.title })
      .from(products)
      .where(and(eq(products.storeId, STORE), eq(products.status, 'Active')))
      .limit(1);
    await db.update(products).set({ status: 'Inactive' }).where(eq(products.id, one!.id));
    try {
      const index = new SearchIndex(await repo.searchEntries(STORE));
      const parsed = parseTsQuery(await repo.webSearchQuery(one!.title));
      const found = index.search(one!.title, parsed, { courses: 'include' }, 'recommended');
      expect(found).not.toContain(one!.id);
    } finally {
      await db.update(products).set({ status: 'Active' }).where(eq(products.id, one!.id));
    }
  });

  it('moves the search version with what a search reads, not with stock or units sold', async () => {
    const { db } = database.handle;
    const [one] = await db
      .select({ id: products.id, stock: products.stock, title: products.title })
      .from(products)
      .where(eq(products.storeId, STORE))
      .limit(1);
    const where = eq(products.id, one!.id);
    const moved = async (write: () => Promise<unknown>) => {
      const before = await repo.searchVersion();
      await write();
      return (await repo.searchVersion()) !== before;
    };
    expect(
      await moved(() =>
        db
          .update(products)
          .set({ stock: one!.stock + 3 })
          .where(where),
      ),
    ).toBe(false);
    expect(await moved(() => db.update(products).set({ totalSold: 99 }).where(where))).toBe(false);
    expect(await moved(() => db.update(products).set({ title: 'Renamed Tee' }).where(where))).toBe(
      true,
    );
    expect(
      await moved(() => db.update(products).set({ discountPricePaise: 12_300 }).where(where)),
    ).toBe(true);
    expect(
      await moved(() =>
        db
          .update(categories)
          .set({ status: 'Inactive' })
          .where(and(eq(categories.storeId, STORE), eq(categories.category, 'nothing-such'))),
      ),
    ).toBe(true);
    await db.update(products).set({ title: one!.title }).where(where);
  });
});

describe.each(testDatabaseTargets())('the search entries of a large store on $name', (target) => {
  let database: TestDatabase;
  let uploads: string;
  beforeAll(async () => {
    database = await target.open();
    uploads = mkdtempSync(path.join(tmpdir(), 'search-entries-test-'));
    await seedDemoStores(database.handle.db, { uploadsDir: uploads });
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('are read a page at a time, every active product once', async () => {
    const { db } = database.handle;
    const [model] = await db
      .select()
      .from(products)
      .where(and(eq(products.storeId, STORE), eq(products.status, 'Active')))
      .limit(1);
    // A copy of it without its id and its (generated) search vector.
    const rest: Partial<typeof model> = { ...model };
    delete rest.id;
    delete rest.searchVector;
    // More than two pages of the index's reads.
    for (let start = 0; start < 2_100; start += 700) {
      await db.insert(products).values(
        Array.from({ length: 700 }, (_, i) => ({
          ...(rest as typeof products.$inferInsert),
          sku: `BULK-${start + i}`,
          title: `Bulk skate ${start + i}`,
        })),
      );
    }
    const expected = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, STORE), eq(products.status, 'Active')));
    const entries = await new CatalogueRepository(db).searchEntries(STORE);
    const ids = entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThan(2_100);
    // Every active product of an active category: the demo's are all active.
    expect(ids.sort()).toEqual(expected.map((r) => r.id).sort());
    expect(entries.find((e) => e.title === 'Bulk skate 2099')?.vector).toContain("'2099'");
  });
});

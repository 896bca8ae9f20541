import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ProductListResponse } from '@shop/contracts';
import {
  catalogueState,
  categories,
  groupedItems,
  products,
  reviews,
  stores,
  variations,
} from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { SORT_OPTIONS, isCourse, sortProducts } from '@shop/domain';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { CatalogueRepository } from './catalogue-repository.ts';

const MAIN = 'urbanroll';
const QUOTE = 'threadline';

describe.each(testDatabaseTargets())('catalogue API on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>(), res };
  };
  const list = async (storeId: string, query = '') => {
    const { status, body } = await get(
      `/api/grouped-product/search-all-products/${storeId}?${query}`,
    );
    expect(status).toBe(200);
    return body as unknown as ProductListResponse;
  };
  /** Every product a listing returns, page by page as the storefront reads it. */
  const listAll = async (storeId: string, query: string) => {
    const all: Product[] = [];
    for (let page = 1; ; page++) {
      const { data } = await list(storeId, `${query}&page=${page}&limit=10`);
      all.push(...data);
      if (data.length < 10) return all;
    }
  };
  const activeProductRows = async (storeId: string) =>
    t.database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.status, 'Active')));

  describe('health', () => {
    it('reports the database up and the default store', async () => {
      const { status, body } = await get('/api/health');
      expect(status).toBe(200);
      expect(body).toEqual({ status: 'ok', database: 'up', storeId: MAIN });
    });
  });

  describe('product listing', () => {
    it('answers one page of 10 active products with the total', async () => {
      const body = await list(MAIN);
      expect(body.isError).toBe(false);
      expect(body.data).toHaveLength(10);
      expect(body.page).toBe(1);
      expect(body.limit).toBe(10);
      expect(body.data.every((p) => p.status === 'Active')).toBe(true);
      expect(body.total).toBeGreaterThanOrEqual(60);
    });

    it('pages through every listed product exactly once, stopping on a short page', async () => {
      const all = await listAll(MAIN, 'sort=recommended');
      const { total } = await list(MAIN);
      expect(all).toHaveLength(total);
      expect(new Set(all.map((p) => p.product_id)).size).toBe(total);
    });

    it('never lists inactive products or products of an inactive category', async () => {
      const all = await listAll(MAIN, 'courses=include');
      const inactive = await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, MAIN), eq(products.status, 'Inactive')));
      const inactiveCategories = await t.database.db
        .select({ category: categories.category })
        .from(categories)
        .where(and(eq(categories.storeId, MAIN), eq(categories.status, 'Inactive')));
      expect(inactive.length).toBeGreaterThan(0);
      expect(inactiveCategories.length).toBeGreaterThan(0);
      const listed = new Set(all.map((p) => p.product_id));
      for (const row of inactive) expect(listed.has(row.id)).toBe(false);
      const hidden = new Set(inactiveCategories.map((c) => c.category.toLowerCase()));
      expect(all.some((p) => hidden.has(p.category.toLowerCase()))).toBe(false);
    });

    it('hides an active product whose category is switched off', async () => {
      const [row] = await t.database.db
        .select()
        .from(products)
        .where(and(eq(products.storeId, MAIN), eq(products.category, 'hoodies')))
        .limit(1);
      expect(row).toBeDefined();
      const setStatus = (status: string) =>
        t.database.db
          .update(categories)
          .set({ status })
          .where(and(eq(categories.storeId, MAIN), eq(categories.category, 'hoodies')));
      await setStatus('Inactive');
      try {
        const all = await listAll(MAIN, 'category=hoodies');
        expect(all).toHaveLength(0);
        expect((await get(`/api/grouped-product/single/${row!.id}`)).status).toBe(404);
      } finally {
        await setStatus('Active');
      }
      expect((await listAll(MAIN, 'category=hoodies')).length).toBeGreaterThan(0);
    });

    it.each(['Best Sellers', 'Trending'])('lists only products tagged %s', async (tag) => {
      const rows = await activeProductRows(MAIN);
      const tagged = rows.filter((r) => r.categorytype.includes(tag));
      expect(tagged.length).toBeGreaterThan(0);
      const served = await listAll(MAIN, `categorytype=${encodeURIComponent(tag)}&courses=include`);
      expect(served.every((p) => p.categorytype.includes(tag))).toBe(true);
      expect(served.length).toBeLessThanOrEqual(tagged.length);
      expect(served.length).toBeGreaterThan(0);
    });

    it('lists courses only, or without courses', async () => {
      const courses = await listAll(MAIN, 'courses=only');
      expect(courses.length).toBeGreaterThanOrEqual(5);
      expect(courses.every(isCourse)).toBe(true);
      const general = await listAll(MAIN, 'courses=exclude');
      expect(general.some(isCourse)).toBe(false);
      const everything = await listAll(MAIN, 'courses=include');
      expect(everything.length).toBe(courses.length + general.length);
    });

    it('filters by category case-insensitively and trimmed', async () => {
      const exact = await listAll(MAIN, 'category=t-shirts');
      const loose = await listAll(MAIN, `category=${encodeURIComponent('  T-Shirts ')}`);
      expect(exact.length).toBeGreaterThan(0);
      expect(loose.map((p) => p.product_id)).toEqual(exact.map((p) => p.product_id));
      expect(exact.every((p) => p.category.trim().toLowerCase() === 't-shirts')).toBe(true);
    });

    it.each(SORT_OPTIONS.map((o) => o.value))(
      'sorts by %s exactly as the domain rule',
      async (sort) => {
        const rows = await activeProductRows(MAIN);
        const served = await listAll(MAIN, `sort=${sort}&courses=include`);
        const recommended = await listAll(MAIN, 'sort=recommended&courses=include');
        const byId = new Map(rows.map((r) => [r.id, r]));
        const expected = sortProducts(
          recommended.map((p) => byId.get(p.product_id)!),
          sort,
        ).map((r) => r.id);
        expect(served.map((p) => p.product_id)).toEqual(expected);
      },
    );

    it('recommended keeps the shop’s own entry order', async () => {
      const served = await listAll(MAIN, 'sort=recommended&courses=include');
      const rows = await activeProductRows(MAIN);
      const position = new Map(rows.map((r) => [r.id, r.position]));
      const positions = served.map((p) => position.get(p.product_id)!);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });

    it('searches titles case-insensitively, best matches first', async () => {
      const rows = await activeProductRows(MAIN);
      const titled = rows.filter((r) => r.title.toLowerCase().includes('skate'));
      expect(titled.length).toBeGreaterThan(1);
      const found = await listAll(MAIN, 'search=SKATE&courses=include');
      const ids = new Set(found.map((p) => p.product_id));
      for (const r of titled) expect(ids.has(r.id)).toBe(true);
      expect(await listAll(MAIN, 'search=zzzz-no-such-thing')).toEqual([]);
      const prefixed = found.findIndex((p) => !p.title.toLowerCase().startsWith('skate'));
      const laterPrefix = found
        .slice(prefixed)
        .some((p) => p.title.toLowerCase().startsWith('skate'));
      expect(laterPrefix).toBe(false);
    });

    it('treats LIKE wildcards in the search text literally', async () => {
      expect(await listAll(MAIN, `search=${encodeURIComponent('%')}`)).toEqual([]);
      expect(await listAll(MAIN, 'search=_')).toEqual([]);
    });

    it('caps the page size at 50', async () => {
      const body = await list(MAIN, 'limit=1000&courses=include');
      expect(body.limit).toBe(50);
      expect(body.data).toHaveLength(50);
    });

    it.each([
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=0', 'limit'],
      ['limit=2.5', 'limit'],
      ['sort=cheapest', 'sort'],
      ['courses=maybe', 'courses'],
    ])('rejects %s with a 400 naming the field', async (query, field) => {
      const { status, body } = await get(
        `/api/grouped-product/search-all-products/${MAIN}?${query}`,
      );
      expect(status).toBe(400);
      expect(body).toMatchObject({ isError: true, field });
      // The field in `field`, the message alone (issue 28 item 5).
      expect(body.msg).not.toContain(`${field}:`);
      expect(body.message).toBe(body.msg);
    });

    it('answers 404 for an unknown store', async () => {
      const { status, body } = await get('/api/grouped-product/search-all-products/no-such-store');
      expect(status).toBe(404);
      expect(body).toMatchObject({ isError: true, msg: 'Store no-such-store not found' });
    });

    it('gives prices in rupees from the paise in the database', async () => {
      const rows = await activeProductRows(MAIN);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const p of (await list(MAIN, 'limit=50')).data) {
        const row = byId.get(p.product_id)!;
        expect(p.originalPrice).toBe(row.originalPricePaise / 100);
        expect(p.discountPrice).toBe(row.discountPricePaise / 100);
      }
    });

    it('keeps stores apart', async () => {
      const main = await listAll(MAIN, 'courses=include');
      const quote = await listAll(QUOTE, 'courses=include');
      expect(quote.length).toBeGreaterThan(0);
      const mainIds = new Set(main.map((p) => p.product_id));
      expect(quote.some((p) => mainIds.has(p.product_id))).toBe(false);
      const quoteRows = await activeProductRows(QUOTE);
      expect(quote).toHaveLength(quoteRows.length);
    });
  });

  describe('suggestions', () => {
    it('gives at most 8 distinct titles containing the text', async () => {
      const { status, body } = await get(`/api/grouped-product/suggestions/${MAIN}?q=s`);
      expect(status).toBe(200);
      const titles = body.data as string[];
      expect(titles.length).toBe(8);
      expect(titles.every((x) => x.toLowerCase().includes('s'))).toBe(true);
      expect(new Set(titles.map((x) => x.toLowerCase())).size).toBe(titles.length);
    });

    it('gives nothing for empty text', async () => {
      const { body } = await get(`/api/grouped-product/suggestions/${MAIN}?q=`);
      expect(body.data).toEqual([]);
    });
  });

  describe('single product', () => {
    const findByType = async (type: string) => {
      const [row] = await t.database.db
        .select()
        .from(products)
        .where(
          and(
            eq(products.storeId, MAIN),
            eq(products.productType, type),
            eq(products.status, 'Active'),
          ),
        )
        .limit(1);
      return row!;
    };

    it('returns a variable product with its variations', async () => {
      const row = await findByType('Variable Product');
      const { status, body } = await get(`/api/grouped-product/single/${row.id}`);
      expect(status).toBe(200);
      const p = body.data as Product;
      expect(p.title).toBe(row.title);
      expect(p.variation.length).toBeGreaterThan(1);
      expect(p.variation[0]).toMatchObject({ sku: expect.any(String), price: expect.any(Number) });
    });

    it('returns a grouped product with its items', async () => {
      const row = await findByType('Grouped Product');
      const p = (await get(`/api/grouped-product/single/${row.id}`)).body.data as Product;
      expect(p.grouped_product.length).toBeGreaterThan(1);
      expect(p.grouped_product[0]).toMatchObject({ title: expect.any(String) });
    });

    it('includes reviews', async () => {
      const all = await listAll(MAIN, 'courses=include');
      const withReviews = await Promise.all(
        all
          .slice(0, 20)
          .map(
            async (p) =>
              (await get(`/api/grouped-product/single/${p.product_id}`)).body.data as Product,
          ),
      );
      expect(withReviews.some((p) => p.reviews.length > 0)).toBe(true);
    });

    it('gives every listed product its own variations and grouped items, in their order', async () => {
      const all = await listAll(MAIN, 'courses=include');
      /** One text of each row, per product id, in the rows' order. */
      const perProduct = <R extends { productId: string }>(rows: R[], text: (r: R) => string) => {
        const map = new Map<string, string[]>();
        for (const r of rows) map.set(r.productId, [...(map.get(r.productId) ?? []), text(r)]);
        return map;
      };
      const db = t.database.db;
      const skus = perProduct(
        await db.select().from(variations).orderBy(asc(variations.position)),
        (v) => v.sku,
      );
      const items = perProduct(
        await db.select().from(groupedItems).orderBy(asc(groupedItems.position)),
        (g) => g.title,
      );
      expect(all.some((p) => p.variation.length > 1)).toBe(true);
      expect(all.some((p) => p.grouped_product.length > 1)).toBe(true);
      for (const p of all) {
        expect(p.variation.map((v) => v.sku)).toEqual(skus.get(p.product_id) ?? []);
        expect(p.grouped_product.map((g) => g.title)).toEqual(items.get(p.product_id) ?? []);
      }
    });

    it('gives a product page its own reviews, newest first', async () => {
      const [one] = await t.database.db
        .select({ productId: reviews.productId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(and(eq(products.status, 'Active'), eq(products.storeId, MAIN)))
        .groupBy(reviews.productId)
        .orderBy(desc(sql`count(*)`))
        .limit(1);
      expect(one?.n).toBeGreaterThan(0);
      const expected = await t.database.db
        .select()
        .from(reviews)
        .where(eq(reviews.productId, one!.productId))
        .orderBy(desc(reviews.createdAt));
      const p = (await get(`/api/grouped-product/single/${one!.productId}`)).body.data as Product;
      expect(p.reviews).toHaveLength(expected.length);
      expect(p.reviews.map((r) => r.comment)).toEqual(expected.map((r) => r.comment));
      expect(p.reviews.map((r) => r.createdAt)).toEqual(
        expected.map((r) => r.createdAt.toISOString()),
      );
    });

    it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"])(
      'answers 404 for %s',
      async (id) => {
        const { status, body } = await get(`/api/grouped-product/single/${encodeURIComponent(id)}`);
        expect(status).toBe(404);
        expect(body).toMatchObject({ isError: true, msg: 'Product not found' });
      },
    );

    it('answers 404 for an inactive product', async () => {
      const [row] = await t.database.db
        .select()
        .from(products)
        .where(and(eq(products.storeId, MAIN), eq(products.status, 'Inactive')))
        .limit(1);
      expect((await get(`/api/grouped-product/single/${row!.id}`)).status).toBe(404);
    });

    it('parses list fields stored as JSON text, empty on parse failure', async () => {
      const [row] = await t.database.db
        .insert(products)
        .values({
          storeId: MAIN,
          title: 'Imported Tee',
          sku: 'IMPORTED-TEE',
          category: 't-shirts',
          originalPricePaise: 49900,
          gallery: '["/api/uploads/a.svg","/api/uploads/b.svg"]',
          keyFeatures: 'not json at all',
          specifications: '{"label":"an object, not a list"}',
        })
        .returning();
      const p = (await get(`/api/grouped-product/single/${row!.id}`)).body.data as Product;
      expect(p.gallery).toEqual(['/api/uploads/a.svg', '/api/uploads/b.svg']);
      expect(p.key_features).toEqual([]);
      expect(p.specifications).toEqual([]);
      await t.database.db.delete(products).where(eq(products.id, row!.id));
    });
  });

  describe('store content', () => {
    it('lists new-arrival groups with active products', async () => {
      const { status, body } = await get(`/api/newarrival/all/${MAIN}`);
      expect(status).toBe(200);
      const groups = body.data as {
        category_name: string;
        description: string;
        product: Product[];
      }[];
      expect(groups).toHaveLength(3);
      for (const g of groups) {
        expect(g.category_name).not.toBe('');
        expect(g.product.length).toBeGreaterThan(0);
        expect(g.product.every((p) => p.status === 'Active')).toBe(true);
      }
    });

    it('lists offers, one without a link', async () => {
      const offers = (await get(`/api/offer/all/${MAIN}`)).body.data as { link: string | null }[];
      expect(offers).toHaveLength(4);
      expect(offers.filter((o) => o.link === null)).toHaveLength(1);
    });

    it('lists active categories by numeric position', async () => {
      const cats = (await get(`/api/category/getdata/category/${MAIN}`)).body.data as {
        status: string;
        position: number;
      }[];
      expect(cats.length).toBeGreaterThanOrEqual(6);
      expect(cats.every((c) => c.status === 'Active')).toBe(true);
      const positions = cats.map((c) => c.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });

    it('lists sliders, marquee texts and page meta', async () => {
      const sliders = (await get(`/api/slider/all/${MAIN}`)).body.data as { price: number }[];
      expect(sliders).toHaveLength(3);
      const marquee = (await get(`/api/marquee/all/${MAIN}`)).body.data as { heading: string }[];
      expect(marquee.length).toBeGreaterThan(0);
      const meta = await get(`/api/meta/${MAIN}`);
      expect(meta.body).toMatchObject({
        isError: false,
        data: { title: expect.any(String), store_name: 'Urban Roll' },
      });
      const other = await get('/api/meta/threadline');
      expect(other.body).toMatchObject({ data: { store_name: 'Threadline Uniforms' } });
    });

    it('gives each store its own cart buttons', async () => {
      const main = (await get(`/api/button/${MAIN}`)).body.data as {
        button_id: string;
        default: boolean;
      }[];
      expect(main.find((b) => b.default)?.button_id).toBe('addtocart');
      const quote = (await get(`/api/button/${QUOTE}`)).body.data as {
        button_id: string;
        default: boolean;
      }[];
      expect(quote.find((b) => b.default)?.button_id).toBe('getquote');
    });

    it('lists pay buttons', async () => {
      const pay = (await get(`/api/paybutton/${MAIN}`)).body.data as { button_id: string }[];
      expect(pay.map((b) => b.button_id)).toContain('paynow');
    });

    it('lists only active pincodes under pincodesData', async () => {
      const { body } = await get(`/api/pincode/getall/${MAIN}`);
      const list = body.pincodesData as { pincode: string; status: string }[];
      expect(list.length).toBeGreaterThan(30);
      expect(list.every((p) => p.status === 'Active' && /^\d{6}$/.test(p.pincode))).toBe(true);
    });

    it.each([
      '/api/newarrival/all/nope',
      '/api/offer/all/nope',
      '/api/category/getdata/category/nope',
      '/api/slider/all/nope',
      '/api/marquee/all/nope',
      '/api/button/nope',
      '/api/paybutton/nope',
      '/api/meta/nope',
      '/api/pincode/getall/nope',
      '/api/grouped-product/suggestions/nope?q=a',
    ])('answers 404 for an unknown store: %s', async (url) => {
      const { status, body } = await get(url);
      expect(status).toBe(404);
      expect(body).toMatchObject({ isError: true });
    });
  });

  describe('caching', () => {
    it('bumps the catalogue version on every write statement', async () => {
      // The sum of the per-backend stripes (migration "checkout-version").
      const version = async () =>
        (await t.database.db.select().from(catalogueState)).reduce((n, r) => n + r.version, 0);
      const before = await version();
      await t.database.db.update(stores).set({ phone: '9820000000' }).where(eq(stores.id, QUOTE));
      expect(await version()).toBe(before + 1);
      await t.database.db.execute(sql`DELETE FROM products WHERE false`);
      expect(await version()).toBe(before + 2);
    });

    it('moves only the stock version for a write of stock or units sold alone', async () => {
      const repo = new CatalogueRepository(t.database.db);
      const [p] = await t.database.db.select().from(products).where(eq(products.storeId, QUOTE));
      const [v] = await t.database.db.select().from(variations).limit(1);
      const before = await repo.catalogueVersions();
      // What an order does: stock taken (with updated_at), units sold counted.
      await t.database.db
        .update(products)
        .set({ totalStock: sql`${products.totalStock}`, updatedAt: sql`now()` })
        .where(eq(products.id, p!.id));
      await t.database.db
        .update(products)
        .set({ totalSold: sql`${products.totalSold}` })
        .where(eq(products.id, p!.id));
      await t.database.db
        .update(variations)
        .set({ stock: sql`${variations.stock}` })
        .where(eq(variations.id, v!.id));
      const afterStock = await repo.catalogueVersions();
      expect(afterStock.exact).toBe(before.exact);
      expect(afterStock.lax).toBe(before.lax + 3);
      // Any other column (here with the stock) moves the catalogue version.
      await t.database.db
        .update(products)
        .set({ totalStock: sql`${products.totalStock}`, title: p!.title })
        .where(eq(products.id, p!.id));
      expect((await repo.catalogueVersions()).exact).toBe(before.exact + 1);
    });

    it('has every column but the stock ones in the catalogue version triggers of products and variations', async () => {
      // A column added later must be added to the triggers' UPDATE OF list (migration
      // "stock-version"), or its edits would leave cached answers stale.
      const result = await t.database.db.execute<{ tbl: string; missing: string[] | null }>(sql`
        SELECT c.relname AS tbl, array_agg(a.attname ORDER BY a.attnum) FILTER (
          WHERE NOT a.attnum = ANY (t.tgattr::int2[])
        ) AS missing
        FROM pg_trigger t
        JOIN pg_class c ON c.oid = t.tgrelid
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          AND a.attgenerated = ''
          AND a.attname <> ALL (CASE c.relname
            WHEN 'products' THEN ARRAY['total_stock', 'total_sold', 'updated_at']
            ELSE ARRAY['stock'] END::name[])
        WHERE t.tgname IN ('products_bump_catalogue_version', 'variations_bump_catalogue_version')
        GROUP BY c.relname ORDER BY c.relname`);
      const { rows } = result as { rows: { tbl: string; missing: string[] | null }[] };
      expect(rows).toEqual([
        { tbl: 'products', missing: null },
        { tbl: 'variations', missing: null },
      ]);
    });

    it('serves fresh data after a write made outside the API', async () => {
      const first = (await list(QUOTE, 'sort=recommended')).data[0]!;
      await t.database.db
        .update(products)
        .set({ title: 'Renamed By The Shop Owner' })
        .where(eq(products.id, first.product_id));
      const again = (await list(QUOTE, 'sort=recommended')).data[0]!;
      expect(again.title).toBe('Renamed By The Shop Owner');
      const single = (await get(`/api/grouped-product/single/${first.product_id}`)).body
        .data as Product;
      expect(single.title).toBe('Renamed By The Shop Owner');
    });
  });

  it('publishes OpenAPI with every catalogue path', async () => {
    const { status, body } = await get('/api/docs/json');
    expect(status).toBe(200);
    const paths = Object.keys(body.paths as object);
    for (const p of [
      '/api/newarrival/all/{storeId}',
      '/api/grouped-product/single/{product_id}',
      '/api/grouped-product/search-all-products/{storeId}',
      '/api/grouped-product/suggestions/{storeId}',
      '/api/offer/all/{storeId}',
      '/api/category/getdata/category/{storeId}',
      '/api/slider/all/{storeId}',
      '/api/marquee/all/{storeId}',
      '/api/button/{storeId}',
      '/api/paybutton/{storeId}',
      '/api/meta/{storeId}',
      '/api/pincode/getall/{storeId}',
      '/api/health',
    ]) {
      expect(paths).toContain(p);
    }
  });
});

describe('catalogue cache between writes', () => {
  it('keeps serving the cached page until the version check interval passes', async () => {
    const [target] = testDatabaseTargets();
    const t = await startTestApp(target!, { config: { CATALOGUE_CACHE_CHECK_MS: 60_000 } });
    try {
      const url = `/api/grouped-product/search-all-products/${QUOTE}`;
      const first = (await t.app.inject({ url })).json<ProductListResponse>().data[0]!;
      await t.database.db
        .update(products)
        .set({ title: 'Changed Behind The Cache' })
        .where(eq(products.id, first.product_id));
      const cached = (await t.app.inject({ url })).json<ProductListResponse>().data[0]!;
      expect(cached.title).toBe(first.title);
      t.catalogueCache.invalidate();
      const fresh = (await t.app.inject({ url })).json<ProductListResponse>().data[0]!;
      expect(fresh.title).toBe('Changed Behind The Cache');
    } finally {
      await t.close();
    }
  });

  it('finds a renamed product once the check interval passes, in every later search', async () => {
    const [target] = testDatabaseTargets();
    const t = await startTestApp(target!, { config: { CATALOGUE_CACHE_CHECK_MS: 200 } });
    try {
      const search = async () =>
        (
          await t.app.inject({
            url: `/api/grouped-product/search-all-products/${MAIN}?search=Quokka&courses=include`,
          })
        ).json<ProductListResponse>();
      expect((await search()).total).toBe(0);
      const [one] = await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, MAIN), eq(products.status, 'Active')))
        .limit(1);
      await t.database.db
        .update(products)
        .set({ title: 'Quokka Crew Tee' })
        .where(eq(products.id, one!.id));
      // The answer cached before the edit may be served until the interval passes; after it,
      // the answer is computed from the index as edited, and that answer is the one kept.
      for (let i = 0; i < 3; i++) {
        await new Promise((r) => setTimeout(r, 250));
        const found = await search();
        expect(found.data.map((p) => p.product_id)).toEqual([one!.id]);
      }
    } finally {
      await t.close();
    }
  });
});

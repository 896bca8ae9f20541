import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facets, Product, ProductListResponse } from '@shop/contracts';
import { variations } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { SORT_OPTIONS } from '@shop/domain';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const MAIN = 'urbanroll';

/**
 * The listing's filters and counts (issue 29 item 2), checked against the unfiltered listing
 * read page by page and filtered here by hand, from the products' own variations.
 */
describe.each(testDatabaseTargets())('listing filters and counts on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const listAll = async (query: string) => {
    const all: Product[] = [];
    let total: number;
    for (let page = 1; ; page++) {
      const { status, body } = await get(
        `/api/grouped-product/search-all-products/${MAIN}?${query}&page=${page}&limit=50`,
      );
      expect(status).toBe(200);
      const list = body as unknown as ProductListResponse;
      total = list.total;
      all.push(...list.data);
      if (list.data.length < 50) break;
    }
    expect(all).toHaveLength(total);
    return all;
  };
  const facets = async (query: string) => {
    const { status, body } = await get(`/api/grouped-product/facets/${MAIN}?${query}`);
    expect(status).toBe(200);
    return (body as { data: Facets }).data;
  };

  // Plain readings of a product, written apart from the domain's rules.
  const sizeOf = (attrs: Record<string, string>) => attrs.Size ?? attrs.size;
  const shownPrice = (p: Product) => {
    const prices =
      p.product_type === 'Variable Product' && p.variation.length > 0
        ? p.variation.map((v) => (v.salePrice > 0 && v.salePrice < v.price ? v.salePrice : v.price))
        : [
            p.discountPrice > 0 && p.discountPrice < p.originalPrice
              ? p.discountPrice
              : p.originalPrice,
          ];
    return Math.min(...prices);
  };
  const ids = (list: Product[]) => list.map((p) => p.product_id);

  it('a size keeps the products one of whose variations has it, in the listing order', async () => {
    for (const sort of SORT_OPTIONS.map((o) => o.value)) {
      const all = await listAll(`courses=exclude&sort=${sort}`);
      const withM = all.filter((p) => p.variation.some((v) => sizeOf(v.attributes) === 'M'));
      expect(withM.length).toBeGreaterThan(0);
      expect(withM.length).toBeLessThan(all.length);
      // Any spelling of the name and the value.
      expect(ids(await listAll(`courses=exclude&sort=${sort}&attr=Size:m`))).toEqual(ids(withM));
    }
  });

  it('in stock with a size needs a variation of that size with stock', async () => {
    const all = await listAll('courses=exclude');
    const expected = all.filter((p) =>
      p.variation.some((v) => sizeOf(v.attributes) === 'M' && v.stock > 0),
    );
    const found = await listAll('courses=exclude&attr=size:M&in_stock=true');
    expect(ids(found)).toEqual(ids(expected));
    // Without a size, in stock is the product's stock.
    const inStock = all.filter((p) =>
      p.product_type === 'Variable Product' && p.variation.length > 0
        ? p.variation.some((v) => v.stock > 0)
        : p.totalStock > 0,
    );
    expect(ids(await listAll('courses=exclude&in_stock=1'))).toEqual(ids(inStock));
  });

  it('two sizes are alternatives; a price range is min <= price < max', async () => {
    const all = await listAll('courses=exclude&sort=price_asc');
    const sOrXl = all.filter((p) =>
      p.variation.some((v) => ['S', 'XL'].includes(sizeOf(v.attributes) ?? '')),
    );
    expect(ids(await listAll('courses=exclude&sort=price_asc&attr=size:S&attr=size:XL'))).toEqual(
      ids(sOrXl),
    );
    const band = all.filter((p) => shownPrice(p) >= 500 && shownPrice(p) < 1000);
    expect(band.length).toBeGreaterThan(0);
    expect(
      ids(await listAll('courses=exclude&sort=price_asc&price_min=500&price_max=1000')),
    ).toEqual(ids(band));
  });

  it('every count is the total the listing gives when that option is chosen', async () => {
    const base = 'courses=exclude&in_stock=true';
    const f = await facets(base);
    expect(f.total).toBe((await listAll(base)).length);
    for (const c of f.categories) {
      expect(c.count).toBe(
        (await listAll(`${base}&category=${encodeURIComponent(c.category)}`)).length,
      );
    }
    expect(f.categories.some((c) => c.category.toLowerCase() === 'courses')).toBe(false);
    for (const b of f.price) {
      const range = `price_min=${b.min}${b.max === null ? '' : `&price_max=${b.max}`}`;
      expect(b.count).toBe((await listAll(`${base}&${range}`)).length);
    }
    const size = f.attributes.find((a) => a.key === 'size')!;
    const colour = f.attributes.find((a) => a.key === 'colour')!;
    expect(size.values.length).toBeGreaterThan(2);
    expect(colour.values.length).toBeGreaterThan(1);
    for (const a of [size, colour]) {
      for (const v of a.values) {
        const attr = `attr=${encodeURIComponent(`${a.key}:${v.value}`)}`;
        expect(v.count).toBe((await listAll(`${base}&${attr}`)).length);
      }
    }
    expect(f.in_stock).toBe(f.total);
    expect((await facets('courses=exclude')).in_stock).toBe(f.total);
  });

  it('counts within a category leave the category and the option own group out', async () => {
    const f = await facets('courses=exclude&category=Hoodies&attr=size:M');
    const hoodiesM = await listAll('courses=exclude&category=hoodies&attr=size:M');
    expect(f.total).toBe(hoodiesM.length);
    expect(f.total).toBeGreaterThan(0);
    // Other categories stay offered, with their own size-M counts.
    expect(f.categories.length).toBeGreaterThan(1);
    const tees = f.categories.find((c) => c.category !== 'Hoodies' && c.count > 0)!;
    expect(tees.count).toBe(
      (await listAll(`courses=exclude&category=${encodeURIComponent(tees.category)}&attr=size:M`))
        .length,
    );
    // Sizes: the hoodies in each size (M's own choice left out).
    const l = f.attributes.find((a) => a.key === 'size')!.values.find((v) => v.key === 'l')!;
    expect(l.count).toBe((await listAll('courses=exclude&category=hoodies&attr=size:L')).length);
  });

  it('filters a search and counts its matches', async () => {
    const all = await listAll('search=hoodie');
    expect(all.length).toBeGreaterThan(1);
    const withL = all.filter((p) => p.variation.some((v) => sizeOf(v.attributes) === 'L'));
    const { body } = await get(
      `/api/grouped-product/search-all-products/${MAIN}?search=hoodie&attr=size:L`,
    );
    const list = body as unknown as ProductListResponse;
    expect(ids(list.data)).toEqual(ids(withL).slice(0, 10));
    expect(list.search).toEqual({ match: 'exact', terms: [] });
    const f = await facets('search=hoodie&attr=size:L');
    expect(f.total).toBe(withL.length);
    // A typo still finds them (decision 0037), filters and counts included.
    expect((await facets('search=hoody&attr=size:L')).total).toBe(withL.length);
  });

  it('sees a stock change at once', async () => {
    const before = await facets('courses=exclude&in_stock=true&attr=size:M');
    const all = await listAll('courses=exclude&in_stock=true&attr=size:M');
    const target = all.find(
      (p) => p.variation.filter((v) => sizeOf(v.attributes) === 'M').length > 0,
    )!;
    const mSkus = target.variation.filter((v) => sizeOf(v.attributes) === 'M').map((v) => v.sku);
    for (const sku of mSkus) {
      await t.database.db.update(variations).set({ stock: 0 }).where(eq(variations.sku, sku));
    }
    const after = await facets('courses=exclude&in_stock=true&attr=size:M');
    expect(after.total).toBe(before.total - 1);
    expect(ids(await listAll('courses=exclude&in_stock=true&attr=size:M'))).not.toContain(
      target.product_id,
    );
  });

  it.each([
    ['price_min=-1', 'price_min'],
    ['price_min=abc', 'price_min'],
    ['price_max=1e12', 'price_max'],
    ['price_min=900&price_max=500', 'price_max'],
    ['price_min=500&price_max=500', 'price_max'],
    ['in_stock=maybe', 'in_stock'],
    ['attr=size', 'attr'],
    ['attr=:M', 'attr'],
    ['attr=size:', 'attr'],
    [Array.from({ length: 21 }, (_, i) => `attr=size:${i}`).join('&'), 'attr'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    for (const path of ['search-all-products', 'facets']) {
      const { status, body } = await get(`/api/grouped-product/${path}/${MAIN}?${query}`);
      expect(status).toBe(400);
      expect(String(body.field).split('.')[0]).toBe(field);
      expect(body.msg).toEqual(expect.any(String));
      expect(body.message).toBe(body.msg);
    }
  });

  it('answers 404 for an unknown store, filtered or not', async () => {
    for (const url of [
      '/api/grouped-product/facets/no-such-store',
      '/api/grouped-product/search-all-products/no-such-store?attr=size:M',
    ]) {
      const { status, body } = await get(url);
      expect(status).toBe(404);
      expect(body).toMatchObject({ isError: true, msg: 'Store no-such-store not found' });
    }
  });
});

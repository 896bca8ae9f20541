import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const MAIN = 'urbanroll';

// Issue 29 item 4 (decision 0037): a search whose own words find nothing is answered from the
// store's nearest words (typos, plurals, hyphens and spaces), and says so.
describe.each(testDatabaseTargets())('forgiving search on $name', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (words: string, extra = 'courses=include') => {
    const limit = extra.includes('limit=') ? '' : '&limit=50';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/grouped-product/search-all-products/${MAIN}?search=${encodeURIComponent(words)}${limit}&${extra}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductListResponse>();
  };
  const ids = (r: ProductListResponse) => r.data.map((p) => p.product_id);
  /** What a search reads of a product: title, category and short description. */
  const text = (p: ProductListResponse['data'][number]) =>
    `${p.title} ${p.category} ${p.short_description}`;

  it('"hoody" finds the hoodies, and says it searched the close words', async () => {
    const found = await search('hoody');
    expect(found.search?.match).toBe('close');
    expect(found.search?.terms).toEqual(expect.arrayContaining(['hoodies', 'hoodie']));
    const hoodies = await search('hoodies');
    expect(hoodies.search).toEqual({ match: 'exact', terms: [] });
    expect(found.total).toBeGreaterThanOrEqual(hoodies.total);
    expect(ids(found)).toEqual(expect.arrayContaining(ids(hoodies)));
    for (const p of found.data) expect(`${p.title} ${p.category}`).toMatch(/hoodie/i);
  });

  it('"tshirt", "tshirts" and "T-Shirt" find the t-shirts (hyphen and plural forgiven)', async () => {
    const category = await search('', 'category=t-shirts&courses=include');
    expect(category.total).toBeGreaterThan(5);
    for (const text of ['tshirt', 'tshirts', 'T-Shirt']) {
      const found = await search(text);
      expect(found.search?.match, text).toBe('close');
      expect(found.search?.terms, text).toContain('t-shirts');
      expect(ids(found), text).toEqual(expect.arrayContaining(ids(category)));
    }
  });

  it('typing slips: a missing letter, a swapped pair, a plural', async () => {
    const helmets = await search('helmt');
    expect(helmets.search?.match).toBe('close');
    expect(helmets.total).toBeGreaterThan(0);
    for (const p of helmets.data) expect(text(p)).toMatch(/helmet/i);
    expect(helmets.data[0]?.title).toMatch(/helmet/i);
    const socks = await search('sokcs');
    expect(socks.search?.match).toBe('close');
    for (const p of socks.data) expect(text(p)).toMatch(/sock/i);
    const tees = await search('tees');
    expect(tees.search?.match).toBe('close');
    for (const p of tees.data) expect(text(p)).toMatch(/tee/i);
  });

  it('words run apart or together: "hood ie", "kneepads"', async () => {
    const hoodie = await search('hood ie');
    expect(hoodie.search?.match).toBe('close');
    for (const p of hoodie.data) expect(text(p)).toMatch(/hoodie/i);
    const pads = await search('kneepads');
    expect(pads.search?.match).toBe('close');
    expect(pads.total).toBeGreaterThan(0);
    for (const p of pads.data) expect(text(p)).toMatch(/knee/i);
  });

  it('an exact hit is answered as before, never widened', async () => {
    const hoodie = await search('hoodie');
    expect(hoodie.search).toEqual({ match: 'exact', terms: [] });
    for (const p of hoodie.data) expect(p.title).toMatch(/hoodie/i);
    // "zip hoody": one word known, one close; both must hold.
    const zip = await search('zip hoody');
    expect(zip.search?.match).toBe('close');
    expect(zip.total).toBeGreaterThan(0);
    for (const p of zip.data) expect(text(p)).toMatch(/zip.*hoodie|hoodie.*zip/i);
  });

  it('nothing close: no products, the nearest title words offered', async () => {
    const none = await search('helmxyz');
    expect(none.total).toBe(0);
    expect(none.data).toEqual([]);
    expect(none.search?.match).toBe('none');
    expect(none.search?.terms).toContain('helmet');
    const nonsense = await search('qqqqqqqqqqqq');
    expect(nonsense.search).toEqual({ match: 'none', terms: [] });
  });

  it('the close search keeps the filters (courses only, a category)', async () => {
    const courses = await search('hoody', 'courses=only');
    expect(courses.total).toBe(0);
    expect(courses.search?.match).toBe('none');
    const inCategory = await search('hoody', 'category=hoodies&courses=include');
    expect(inCategory.search?.match).toBe('close');
    for (const p of inCategory.data) expect(p.category).toBe('hoodies');
  });

  it('pages a close search like any other, the count over all pages', async () => {
    const all = await search('tshirt');
    const first = await search('tshirt', 'courses=include&limit=3&page=1');
    expect(first.total).toBe(all.total);
    expect(ids(first)).toEqual(ids(all).slice(0, 3));
    for (const sort of ['price_asc', 'newest', 'popular']) {
      const sorted = await search('tshirt', `courses=include&sort=${sort}`);
      expect(sorted.total, sort).toBe(all.total);
    }
  });

  it('long and odd texts answer 200 (no 500), with nothing found', async () => {
    for (const odd of ['a'.repeat(100), '!!!', '"hoody', '-hoody', 'हूडी', 'x'.repeat(99) + 's']) {
      const found = await search(odd);
      expect(found.search?.match, odd).toMatch(/^(exact|close|none)$/);
    }
    const listing = await t.app.inject({
      method: 'GET',
      url: `/api/grouped-product/search-all-products/${MAIN}?limit=5`,
    });
    // No search, no search field.
    expect(listing.json<ProductListResponse>().search).toBeUndefined();
  });
});

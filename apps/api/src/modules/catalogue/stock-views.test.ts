import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts';
import { products, variations } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { stockViewsOf } from './stock-views.ts';

describe('stockViewsOf', () => {
  const product = (id: string, stock: number): Partial<Product> => ({
    product_id: id,
    stock,
    totalStock: stock,
    totalSold: 2,
    variation: [{ sku: `${id}-M`, stock } as Product['variation'][number]],
    // A grouped item names a product but shows none of its stock.
    grouped_product: [{ title: 'Part', image: '', product_id: 'other' }],
  });

  it('finds the products an answer shows, wherever they are, with their stock', () => {
    const views = stockViewsOf({
      isError: false,
      data: [{ category_name: 'New', product: [product('a', 3), product('b', 0)] }],
    });
    expect(views).not.toBe('all');
    expect([...(views as Map<string, string>).keys()]).toEqual(['a', 'b']);
    expect(stockViewsOf({ data: product('a', 3) })).toEqual(
      stockViewsOf({ data: product('a', 3) }),
    );
    expect(stockViewsOf({ data: product('a', 3) })).not.toEqual(
      stockViewsOf({ data: product('a', 2) }),
    );
  });

  it('answers "all" for a product shape showing stock it does not know', () => {
    expect(stockViewsOf({ data: [{ product_id: 'a', stock: 3 }] })).toBe('all');
  });

  it('finds nothing in an answer without products (a slider names one without stock)', () => {
    expect(stockViewsOf({ data: [{ product: { product_id: 'a', title: 'x' } }] })).toEqual(
      new Map(),
    );
  });
});

/**
 * An order's stock write (the stock columns alone: the lax version, decision 0031) drops the
 * cached answers that show the products it moved at the next check, and keeps the others.
 */
describe.each(testDatabaseTargets())('cached answers after a stock write on $name', (target) => {
  let t: TestApp;
  let simple: { id: string }[];
  let variable: { id: string; variationId: string };

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { paymentWebhooks: null },
      config: { CATALOGUE_CACHE_CHECK_MS: 0, CATALOGUE_STOCK_STALE_MS: 60_000 },
    });
    // Products the storefront shows (active, in an active category), as a shopper finds them.
    const listed = (
      await t.app.inject(
        `/api/grouped-product/search-all-products/${MAIN}?limit=100&sort=recommended&courses=exclude`,
      )
    ).json<{ data: Product[] }>().data;
    simple = listed
      .filter((p) => p.product_type === 'Simple' && p.totalStock > 5)
      .slice(0, 2)
      .map((p) => ({ id: p.product_id }));
    const withVariations = listed.find((p) => p.variation.length > 0)!;
    const [v] = await t.database.db
      .select({ variationId: variations.id })
      .from(variations)
      .where(
        and(
          eq(variations.productId, withVariations.product_id),
          eq(variations.sku, withVariations.variation[0]!.sku),
        ),
      );
    variable = { id: withVariations.product_id, variationId: v!.variationId };
  });
  afterAll(async () => {
    await t.close();
  });

  const page = async (id: string) =>
    (await t.app.inject(`/api/grouped-product/single/${id}`)).json<{ data: Product }>().data;
  const popular = async () =>
    (
      await t.app.inject(
        `/api/grouped-product/search-all-products/${MAIN}?sort=popular&limit=50&courses=include`,
      )
    ).body;
  /** What an order writes: stock and units sold only. */
  const sell = (id: string) =>
    t.database.db
      .update(products)
      .set({
        totalStock: sql`${products.totalStock} - 1`,
        totalSold: sql`${products.totalSold} + 1`,
      })
      .where(eq(products.id, id));
  const misses = () => t.catalogueCache.stats.misses;

  it("refreshes the moved product's answers and keeps the rest", async () => {
    const [a, b] = simple as [{ id: string }, { id: string }];
    // The first stock change drops the answers depending on all stock at once; sell once first.
    await sell(a.id);
    await popular();
    const before = await page(a.id);
    await page(b.id);
    const topBefore = await popular();

    await sell(a.id);
    const seen = misses();
    expect((await page(a.id)).totalStock).toBe(before.totalStock - 1);
    expect(misses()).toBe(seen + 1);
    await page(b.id);
    expect(misses()).toBe(seen + 1);
    // Sorted by units sold: kept up to CATALOGUE_STOCK_STALE_MS, as before.
    expect(await popular()).toBe(topBefore);
  });

  // The checks read only the products written since their last mark (the oldest transaction
  // running at the previous check): a write whose transaction was still open at one check, and
  // commits after it, is found at the next.
  postgresOnly(target).it(
    'sees a stock write whose transaction was open at the previous check',
    async () => {
      const [a, b] = simple as [{ id: string }, { id: string }];
      await sell(b.id);
      const before = await page(a.id);
      await page(b.id);
      let commit: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let written: () => void = () => undefined;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const open = t.database.db.transaction(async (tx) => {
        await tx
          .update(products)
          .set({ totalStock: sql`${products.totalStock} - 1` })
          .where(eq(products.id, a.id));
        written();
        await held;
      });
      await wrote;
      // Another order commits meanwhile: a check runs with a's write still open.
      await sell(b.id);
      expect((await page(a.id)).totalStock).toBe(before.totalStock);
      commit();
      await open;
      expect((await page(a.id)).totalStock).toBe(before.totalStock - 1);
    },
  );

  it("refreshes a variable product's page when one variation's stock moves", async () => {
    const before = await page(variable.id);
    await t.database.db
      .update(variations)
      .set({ stock: sql`${variations.stock} + 5` })
      .where(eq(variations.id, variable.variationId));
    const after = await page(variable.id);
    expect(after.variation.map((v) => v.stock).reduce((x, y) => x + y)).toBe(
      before.variation.map((v) => v.stock).reduce((x, y) => x + y) + 5,
    );
  });
});

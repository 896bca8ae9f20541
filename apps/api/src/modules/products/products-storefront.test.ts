import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, Product } from '@shop/contracts';
import { products } from '@shop/db';
import { postgresTestTarget } from '@shop/db/testing';
import { loadConfig } from '../../config/config.ts';
import { simpleBody } from '../../test-support/products.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startSecondProcess } from '../../test-support/second-process.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const CHECK_MS = 300;
const postgres = postgresTestTarget();

/**
 * An admin write through one API process shows on the storefront of another process on the same
 * PostgreSQL database within CATALOGUE_CACHE_CHECK_MS: the catalogue version triggers (decision
 * 0002) tell the other process's cache that the catalogue changed.
 */
describe('admin product writes reach another API process', () => {
  let admin: TestApp;
  let storefront: Awaited<ReturnType<typeof startSecondProcess>>;
  let token: string;

  beforeAll(async () => {
    admin = await startTestApp(postgres);
    storefront = await startSecondProcess(admin, {
      AUTH_SECRET: randomBytes(32).toString('hex'),
      CATALOGUE_CACHE_CHECK_MS: CHECK_MS,
    });
    token = (await memberToken(admin, 'staff')).token;
  });
  afterAll(async () => {
    await storefront.close();
    await admin.close();
  });

  const shown = async (id: string) => {
    const res = await storefront.app.inject(`/api/grouped-product/single/${id}`);
    return { status: res.statusCode, product: res.json<{ data?: Product }>().data };
  };
  const adminCall = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    admin.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: body as Record<string, unknown>,
    });
  /** Polls the other process until `done`; returns how long it took. */
  const within = async (done: () => Promise<boolean>) => {
    const start = Date.now();
    while (!(await done())) {
      if (Date.now() - start > CHECK_MS * 4) throw new Error('the storefront never caught up');
      await new Promise((r) => setTimeout(r, 25));
    }
    return Date.now() - start;
  };

  it('shows a price change and a hide within the check interval', async () => {
    const made = await adminCall('POST', '/api/admin/products', simpleBody({ discountPrice: 0 }));
    const id = made.json<{ data: AdminProduct }>().data.product_id;
    await within(async () => (await shown(id)).status === 200);
    expect((await shown(id)).product?.originalPrice).toBe(4999);

    expect(
      (await adminCall('PATCH', `/api/admin/products/${id}`, { discountPrice: 3499 })).statusCode,
    ).toBe(200);
    const took = await within(async () => (await shown(id)).product?.discountPrice === 3499);
    expect(took).toBeLessThan(CHECK_MS * 4);

    expect(
      (await adminCall('PATCH', `/api/admin/products/${id}`, { status: 'Inactive' })).statusCode,
    ).toBe(200);
    await within(async () => (await shown(id)).status === 404);
  });

  it("shows an owner's stock edit at once, an order's stock write within the lazy refresh", async () => {
    // The storefront process runs the default lazy stock refresh (decision 0031).
    const lax = loadConfig({}).CATALOGUE_STOCK_STALE_MS;
    expect(lax).toBeGreaterThan(CHECK_MS * 4);
    const made = await adminCall('POST', '/api/admin/products', simpleBody({ stock: 9 }));
    const id = made.json<{ data: AdminProduct }>().data.product_id;
    await within(async () => (await shown(id)).status === 200);
    expect((await shown(id)).product?.stock).toBe(9);

    expect((await adminCall('PATCH', `/api/admin/products/${id}`, { stock: 4 })).statusCode).toBe(
      200,
    );
    await within(async () => (await shown(id)).product?.stock === 4);

    // What an order writes: the stock columns alone (the stock version, not the catalogue's).
    await admin.database.db
      .update(products)
      .set({ totalStock: 3, totalSold: 1 })
      .where(eq(products.id, id));
    await new Promise((r) => setTimeout(r, CHECK_MS * 3));
    expect((await shown(id)).product?.stock).toBe(4);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, Product, SizeChartResponse } from '@shop/contracts';
import { auditLog } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { simpleBody } from '../../test-support/products.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = { msg?: string; field?: string; data?: SizeChartResponse['data'] };
const CHART = '| Size | Chest (in) |\n|---|---|\n| S | 36 |\n| M | 38 |';

describe.each(testDatabaseTargets())('size charts on $name', (target) => {
  let t: TestApp;
  let owner: string;
  let staff: string;
  let customer: string;
  let otherStaff: string;
  let otherOwner: string;
  let product: AdminProduct;
  const category = `Tees ${Date.now().toString(36)}`;

  beforeAll(async () => {
    t = await startTestApp(target, { config: { CATALOGUE_CACHE_CHECK_MS: 0 } });
    owner = (await memberToken(t, 'owner')).token;
    staff = (await memberToken(t, 'staff')).token;
    customer = (await memberToken(t, 'customer')).token;
    otherStaff = (await memberToken(t, 'staff', 'threadline')).token;
    otherOwner = (await memberToken(t, 'owner', 'threadline')).token;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${owner}` },
      payload: simpleBody({ category }),
    });
    expect(made.statusCode).toBe(201);
    product = made.json<{ data: AdminProduct }>().data;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: 'GET' | 'PUT', url: string, token?: string, chart?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `/api/admin/size-charts/${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(chart !== undefined && { payload: { chart } }),
    });
    return { status: res.statusCode, body: res.json<Body>() };
  };
  const shown = async () => {
    const res = await t.app.inject(`/api/grouped-product/single/${product.product_id}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Product }>().data.size_chart;
  };

  it('refuses no token, a shopper, staff and another store', async () => {
    const urls = [`category/${encodeURIComponent(category)}`, `product/${product.product_id}`];
    for (const url of urls) {
      for (const method of ['GET', 'PUT'] as const) {
        const what = `${method} ${url}`;
        expect((await call(method, url, undefined, CHART)).status, what).toBe(401);
        expect((await call(method, url, customer, CHART)).status, what).toBe(403);
        expect((await call(method, url, staff, CHART)).status, what).toBe(403);
        expect((await call(method, url, otherStaff, CHART)).status, what).toBe(403);
      }
    }
    // Another store's owner: this store's product is not found…
    expect((await call('PUT', urls[1]!, otherOwner, CHART)).status).toBe(404);
    // …and a category chart lands in their own store, not this one.
    expect((await call('PUT', urls[0]!, otherOwner, CHART)).status).toBe(200);
    expect((await call('GET', urls[0]!, owner)).body.data).toEqual({ chart: '', table: null });
    expect(await shown()).toBeNull();
  });

  it("shows the category's chart on the product page, the product's own over it", async () => {
    const put = await call(
      'PUT',
      `category/${encodeURIComponent(category.toUpperCase())}`,
      owner,
      CHART,
    );
    expect(put.status).toBe(200);
    expect(put.body.data?.table?.columns).toEqual(['Size', 'Chest (in)']);
    expect(await shown()).toEqual({
      columns: ['Size', 'Chest (in)'],
      rows: [
        ['S', '36'],
        ['M', '38'],
      ],
    });

    const own = await call('PUT', `product/${product.product_id}`, owner, 'Size, Waist\n30, 76');
    expect(own.status).toBe(200);
    expect(await shown()).toEqual({ columns: ['Size', 'Waist'], rows: [['30', '76']] });
    const read = await call('GET', `product/${product.product_id}`, owner);
    expect(read.body.data?.chart).toBe('Size, Waist\n30, 76');

    // Blank removes the product's own: the category's shows again.
    expect((await call('PUT', `product/${product.product_id}`, owner, '  ')).status).toBe(200);
    expect((await shown())?.columns).toEqual(['Size', 'Chest (in)']);

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, product.product_id));
    expect(entries.filter((e) => e.action === 'product.size_chart')).toHaveLength(2);
  });

  it('answers bad input with a 400 naming the field, and writes nothing', async () => {
    const url = `product/${product.product_id}`;
    await call('PUT', url, owner, 'Size | Chest\nS | 36');
    const uneven = await call('PUT', url, owner, 'Size | Chest\nS | 36 | 27');
    expect(uneven.status).toBe(400);
    expect(uneven.body.field).toBe('chart');
    expect(uneven.body.msg).toMatch(/Row 1 has 3 cells/);
    const notText = await call('PUT', url, owner, 42);
    expect(notText.status).toBe(400);
    expect(notText.body.field).toBe('chart');
    expect((await call('PUT', url, owner, 'Size\nS')).body.field).toBe('chart');
    expect((await call('GET', 'product/not-an-id', owner)).body.field).toBe('id');
    expect((await call('GET', url, owner)).body.data?.chart).toBe('Size | Chest\nS | 36');
  });
});

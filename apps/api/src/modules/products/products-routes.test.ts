import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct, AdminProductListResponse, ProductCreate } from '@shop/contracts';
import { auditLog, variations } from '@shop/db';
import { variationGrid } from '@shop/domain';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf } from '../../test-support/checkout.ts';
import { sku, simpleBody } from '../../test-support/products.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Body = Record<string, unknown> & { msg?: string; field?: string };
const sizes = {
  name: 'Size',
  slug: 'size',
  selectedTerms: [
    { id: 1, name: 'S' },
    { id: 2, name: 'M' },
  ],
};
const colours = {
  name: 'Colour',
  slug: 'colour',
  selectedTerms: [
    { id: 3, name: 'Red' },
    { id: 4, name: 'Blue' },
  ],
};

describe.each(testDatabaseTargets())('admin products on $name', (target) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let customer: string;
  let otherStaff: string;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
    });
    staff = (await memberToken(t, 'staff')).token;
    owner = (await memberToken(t, 'owner')).token;
    customer = (await memberToken(t, 'customer')).token;
    otherStaff = (await memberToken(t, 'owner', 'threadline')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async <T = Body>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token?: string,
    body?: unknown,
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    return { status: res.statusCode, body: res.json<T & Body>() };
  };
  const create = (body: ProductCreate, token = staff) =>
    call<{ data: AdminProduct }>('POST', '/api/admin/products', token, body);
  const get = (id: string, token = staff) =>
    call<{ data: AdminProduct }>('GET', `/api/admin/products/${id}`, token);

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const routesOf = (id: string): { method: Method; url: string; body?: unknown; ok: number }[] => [
    { method: 'GET', url: '/api/admin/products', ok: 200 },
    { method: 'POST', url: '/api/admin/products', body: simpleBody(), ok: 201 },
    { method: 'GET', url: `/api/admin/products/${id}`, ok: 200 },
    { method: 'PATCH', url: `/api/admin/products/${id}`, body: { stock: 9 }, ok: 200 },
    { method: 'POST', url: `/api/admin/products/${id}/duplicate`, ok: 201 },
    { method: 'POST', url: '/api/admin/products/bulk', body: { ids: [id], stock: 8 }, ok: 200 },
    { method: 'DELETE', url: `/api/admin/products/${id}`, ok: 200 },
  ];

  it('refuses every route without a token, to a customer and to another store', async () => {
    const made = await create(simpleBody());
    expect(made.status).toBe(201);
    const id = made.body.data.product_id;
    for (const r of routesOf(id)) {
      const what = `${r.method} ${r.url}`;
      expect((await call(r.method, r.url, undefined, r.body)).status, what).toBe(401);
      expect((await call(r.method, r.url, customer, r.body)).status, what).toBe(403);
      const other = await call(r.method, r.url, otherStaff, r.body);
      if (r.url.includes(id) || r.url.endsWith('/bulk')) {
        // Another store's product is not found (bulk names it among its ids).
        expect(other.status, `${what} other store`).toBe(404);
      } else if (r.method === 'GET') {
        // The list is of the caller's own store.
        expect(other.status).toBe(200);
        const list = other.body as unknown as AdminProductListResponse;
        expect(list.data.length).toBeGreaterThan(0);
        expect(list.data.some((p) => p.product_id === id)).toBe(false);
      } else {
        // A create lands in the caller's own store.
        expect(other.status).toBe(201);
        const created = (other.body as unknown as { data: AdminProduct }).data;
        const [entry] = await t.database.db
          .select()
          .from(auditLog)
          .where(eq(auditLog.entityId, created.product_id));
        expect(entry?.storeId).toBe('threadline');
      }
    }
    const after = (await get(id)).body.data;
    expect(after.stock).toBe(12);
    expect(after.status).toBe('Active');
  });

  it('lets staff and the owner use every route of their store', async () => {
    for (const [who, token] of [
      ['owner', owner],
      ['staff', staff],
    ] as const) {
      const id = (await create(simpleBody(), token)).body.data.product_id;
      for (const r of routesOf(id)) {
        const res = await call(r.method, r.url, token, r.body);
        expect(res.status, `${r.method} ${r.url} ${who}: ${JSON.stringify(res.body)}`).toBe(r.ok);
      }
      expect((await get(id, token)).status).toBe(404);
    }
  });

  it('creates a Simple product with every field and audits it', async () => {
    const body = simpleBody({ gst_rate: 5, gst_above: { price: 2500, rate: 18 } });
    const res = await create(body, owner);
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      title: body.title,
      sku: body.sku,
      product_type: 'Simple',
      status: 'Active',
      category: 'Skates',
      categorytype: ['Best Sellers'],
      originalPrice: 4999,
      discountPrice: 3999.5,
      stock: 12,
      stock_level: 'in',
      key_features: ['ABEC-7 bearings'],
      specifications: [{ label: 'Wheels', value: '58 mm' }],
      delivery_days: 4,
      hsn_code: '9506',
      gst_rate: 5,
      gst_above: { price: 2500, rate: 18 },
      gallery: ['/uploads/quad-2.webp'],
    });
    expect((await get(p.product_id)).body.data).toEqual(p);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, p.product_id));
    expect(entries.map((e) => e.action)).toEqual(['product.create']);
  });

  it('creates a Variable product from the sizes × colours grid', async () => {
    const base = sku('TEE');
    const grid = variationGrid([sizes, colours]);
    const res = await create(
      simpleBody({
        sku: base,
        product_type: 'Variable Product',
        attribute: [sizes, colours],
        variation: grid.map((attributes, i) => ({
          sku: `${base}-${String(i)}`,
          price: 999 + i,
          salePrice: 899,
          stock: i,
          imageUrl: `/uploads/tee-${String(i)}.webp`,
          attributes,
        })),
      }),
    );
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.variation).toHaveLength(4);
    expect(p.variation[3]).toMatchObject({
      sku: `${base}-3`,
      price: 1002,
      salePrice: 899,
      stock: 3,
      attributes: { Size: 'M', Colour: 'Blue' },
    });
    expect(p.stock).toBe(0 + 1 + 2 + 3);
    expect(p.originalPrice).toBe(999);
    const listed = await call<AdminProductListResponse>(
      'GET',
      `/api/admin/products?search=${base}`,
      staff,
    );
    expect(listed.body.data.map((r) => [r.sku, r.variations])).toEqual([[base, 4]]);

    // A PATCH of the list keeps the rows of kept skus (orders and carts point at them).
    const before = await t.database.db
      .select()
      .from(variations)
      .where(eq(variations.productId, p.product_id));
    const kept = before.find((v) => v.sku === `${base}-0`)!;
    const patched = await call<{ data: AdminProduct }>(
      'PATCH',
      `/api/admin/products/${p.product_id}`,
      staff,
      {
        variation: p.variation
          .slice(0, 2)
          .map((v) => ({ ...v, stock: 7, galleryImages: undefined })),
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.data.variation.map((v) => v.stock)).toEqual([7, 7]);
    expect(patched.body.data.stock).toBe(14);
    const [still] = await t.database.db
      .select()
      .from(variations)
      .where(and(eq(variations.productId, p.product_id), eq(variations.sku, kept.sku)));
    expect(still?.id).toBe(kept.id);
  });

  it('refuses variations that are not the grid, or repeat, naming the field', async () => {
    const base = sku('TEE');
    const v = (attributes: Record<string, string>, i: number) => ({
      sku: `${base}-${String(i)}`,
      price: 500,
      attributes,
    });
    const body = (list: ReturnType<typeof v>[]) =>
      simpleBody({
        sku: base,
        product_type: 'Variable Product',
        attribute: [sizes, colours],
        variation: list,
      });
    const bad = await create(
      body([v({ Size: 'S', Colour: 'Red' }, 0), v({ Size: 'XL', Colour: 'Red' }, 1)]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('variation.1.attributes');
    const twice = await create(
      body([v({ Size: 'S', Colour: 'Red' }, 0), v({ Colour: 'Red', Size: 'S' }, 1)]),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toMatch(/same terms/);
    const none = await create(body([]));
    expect(none.body.field).toBe('variation');
    const saleAbove = await create(
      body([{ ...v({ Size: 'S', Colour: 'Red' }, 0), salePrice: 501 } as ReturnType<typeof v>]),
    );
    expect(saleAbove.status).toBe(400);
    expect(saleAbove.body.field).toBe('variation.0.salePrice');
  });

  it('creates a Grouped product of the store’s products', async () => {
    const member = (await create(simpleBody())).body.data;
    const res = await create(
      simpleBody({
        product_type: 'Grouped Product',
        grouped_product: [
          { title: member.title, image: member.image, product_id: member.product_id },
          { title: 'Helmet', image: '' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.grouped_product).toEqual([
      { title: member.title, image: member.image, product_id: member.product_id },
      { title: 'Helmet', image: '', product_id: null },
    ]);
    const empty = await create(simpleBody({ product_type: 'Grouped Product' }));
    expect(empty.body.field).toBe('grouped_product');
    const foreign = await create(
      simpleBody({
        product_type: 'Grouped Product',
        grouped_product: [{ title: 'X', product_id: '00000000-0000-4000-8000-000000000000' }],
      }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('grouped_product.0.product_id');
  });

  it('refuses bad input with 400 naming the field, and a sale price above the MRP', async () => {
    const cases: [Partial<ProductCreate>, string][] = [
      [{ discountPrice: 5000 }, 'discountPrice'],
      [{ originalPrice: 10.005 }, 'originalPrice'],
      [{ originalPrice: -1 }, 'originalPrice'],
      [{ gst_rate: 101 }, 'gst_rate'],
      [{ hsn_code: '95' }, 'hsn_code'],
      [{ title: '  ' }, 'title'],
      [{ sku: 'has space' }, 'sku'],
      [{ stock: 1.5 }, 'stock'],
      [{ product_type: 'Bundle' as 'Simple' }, 'product_type'],
    ];
    for (const [over, field] of cases) {
      const res = await create(simpleBody(over));
      expect(res.status, field).toBe(400);
      expect(res.body.field, JSON.stringify(over)).toBe(field);
    }
    const made = (await create(simpleBody())).body.data;
    const patch = await call('PATCH', `/api/admin/products/${made.product_id}`, staff, {
      originalPrice: 100,
    });
    expect(patch.status).toBe(400);
    expect(patch.body.field).toBe('discountPrice');
    expect((await get(made.product_id)).body.data.originalPrice).toBe(4999);
    expect((await call('GET', '/api/admin/products/not-a-uuid', staff)).status).toBe(400);
  });

  it('keeps SKUs unique in the store (product and variation skus alike)', async () => {
    const first = (await create(simpleBody())).body.data;
    const again = await create(simpleBody({ sku: first.sku.toLowerCase() }));
    expect(again.status).toBe(409);
    expect(again.body.field).toBe('sku');
    const asVariation = await create(
      simpleBody({
        product_type: 'Variable Product',
        attribute: [sizes],
        variation: [{ sku: first.sku, price: 10, attributes: { Size: 'S' } }],
      }),
    );
    expect(asVariation.status).toBe(409);
    expect(asVariation.body.field).toBe('variation.0.sku');
    // Another store may use the same sku.
    expect((await create(simpleBody({ sku: first.sku }), otherStaff)).status).toBe(201);
  });

  it('makes a SKU, unique in the store, for a product and each variation left without one', async () => {
    const title = `Cotton Kurti ${sku('T')}`;
    const base = title.toUpperCase().replace(/[^A-Z0-9]+/g, '-');
    const noSku: ProductCreate = { ...simpleBody({ title }), sku: undefined };
    const first = await create(noSku);
    expect(first.status).toBe(201);
    expect(first.body.data.sku).toBe(base);
    // The same title again (a blank sku too): numbered, never the first one's.
    const second = await create({ ...noSku, sku: '  ' });
    expect(second.status).toBe(201);
    expect(second.body.data.sku).toBe(`${base}-2`);

    // Variations: a blank sku is the product's and its options'; a typed one is kept, and a
    // made one steps past it.
    const variable = await create({
      ...noSku,
      product_type: 'Variable Product',
      attribute: [sizes, colours],
      variation: [
        { price: 10, attributes: { Size: 'S', Colour: 'Red' } },
        { sku: '', price: 10, attributes: { Size: 'M', Colour: 'Blue' } },
        { sku: `${base}-3-S-BLUE`, price: 10, attributes: { Size: 'M', Colour: 'Red' } },
        { sku: '', price: 10, attributes: { Size: 'S', Colour: 'Blue' } },
      ],
    });
    expect(variable.status, JSON.stringify(variable.body)).toBe(201);
    expect(variable.body.data.sku).toBe(`${base}-3`);
    expect(variable.body.data.variation.map((v) => v.sku)).toEqual([
      `${base}-3-S-RED`,
      `${base}-3-M-BLUE`,
      `${base}-3-S-BLUE`,
      `${base}-3-S-BLUE-2`,
    ]);

    // A PATCH that blanks the sku gets a new one made, not an empty one.
    const patched = await call<{ data: AdminProduct }>(
      'PATCH',
      `/api/admin/products/${first.body.data.product_id}`,
      staff,
      { sku: '' },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.data.sku).toBe(`${base}-4`);
    // Another store's products do not count: its first one takes the plain sku.
    expect((await create(noSku, otherStaff)).body.data.sku).toBe(base);
  });

  it('without a GST rate, takes the one suggested for the category and price', async () => {
    const rate = async (over: Partial<ProductCreate>) => {
      const res = await create({ ...simpleBody(over), gst_rate: undefined });
      expect(res.status).toBe(201);
      return res.body.data.gst_rate;
    };
    expect(await rate({ category: 't-shirts', originalPrice: 999, discountPrice: 0 })).toBe(5);
    expect(await rate({ category: 't-shirts', originalPrice: 2600, discountPrice: 2500 })).toBe(5);
    expect(await rate({ category: 't-shirts', originalPrice: 2999, discountPrice: 0 })).toBe(18);
    expect(await rate({ category: 'protective-gear', discountPrice: 0 })).toBe(18);
    // A rate given is kept, whatever the suggestion.
    expect(
      (await create(simpleBody({ category: 't-shirts', gst_rate: 12 }))).body.data.gst_rate,
    ).toBe(12);
  });

  it('lets exactly one of two parallel creates with one sku win', async () => {
    const shared = sku('RACE');
    const results = await Promise.all([
      create(simpleBody({ sku: shared })),
      create(simpleBody({ sku: shared })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const list = await call<AdminProductListResponse>(
      'GET',
      `/api/admin/products?search=${shared}`,
      staff,
    );
    expect(list.body.total).toBe(1);
  });

  it('duplicates a product with fresh skus, Inactive', async () => {
    const base = sku('DUP');
    const source = (
      await create(
        simpleBody({
          sku: base,
          product_type: 'Variable Product',
          attribute: [sizes],
          variation: [{ sku: `${base}-S`, price: 100, attributes: { Size: 'S' } }],
        }),
      )
    ).body.data;
    const one = await call<{ data: AdminProduct }>(
      'POST',
      `/api/admin/products/${source.product_id}/duplicate`,
      staff,
    );
    const two = await call<{ data: AdminProduct }>(
      'POST',
      `/api/admin/products/${source.product_id}/duplicate`,
      staff,
    );
    expect(one.status).toBe(201);
    expect(one.body.data).toMatchObject({
      sku: `${base}-copy`,
      status: 'Inactive',
      title: `${source.title} (copy)`,
    });
    expect(one.body.data.variation[0]?.sku).toBe(`${base}-S-copy`);
    expect(two.body.data.sku).toBe(`${base}-copy-2`);
  });

  it('deletes a product without orders and archives one with orders', async () => {
    const lonely = (await create(simpleBody())).body.data;
    const del = await call('DELETE', `/api/admin/products/${lonely.product_id}`, staff);
    expect(del.body.result).toBe('deleted');
    expect((await get(lonely.product_id)).status).toBe(404);

    const sold = (await create(simpleBody({ discountPrice: 0, originalPrice: 500 }))).body.data;
    const buyer = await checkoutUser(t, mail);
    const addressId = await buyer.address('bandra');
    const order = await buyer.post('/api/payment/paydelivery', {
      main_id: MAIN,
      user_id: buyer.userId,
      cart_products: [lineOf({ id: sold.product_id, sku: sold.sku })],
      billing_address: addressId,
      shipping_address: { id: addressId },
      mobile: '+91 98200 12345',
      coupon_code: '',
      customer_note: '',
      payment_mode: 'Pay on delivery',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const archived = await call('DELETE', `/api/admin/products/${sold.product_id}`, staff);
    expect(archived.status).toBe(200);
    expect(archived.body.result).toBe('archived');
    expect((await get(sold.product_id)).body.data.status).toBe('Archived');
    // Gone from the storefront.
    expect((await call('GET', `/api/grouped-product/single/${sold.product_id}`)).status).toBe(404);
  });

  it('bulk-edits price, stock and status, all or none', async () => {
    const a = (await create(simpleBody({ originalPrice: 1000, discountPrice: 0 }))).body.data;
    const b = (await create(simpleBody({ originalPrice: 2000, discountPrice: 1500 }))).body.data;
    const ok = await call('POST', '/api/admin/products/bulk', owner, {
      ids: [a.product_id, b.product_id],
      stock: 3,
      status: 'Inactive',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.updated).toBe(2);
    for (const id of [a.product_id, b.product_id]) {
      expect((await get(id)).body.data).toMatchObject({
        stock: 3,
        status: 'Inactive',
        stock_level: 'low',
      });
    }
    // A new MRP below b's sale price: refused, and a is not changed either.
    const bad = await call('POST', '/api/admin/products/bulk', owner, {
      ids: [a.product_id, b.product_id],
      originalPrice: 1200,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('discountPrice');
    expect((await get(a.product_id)).body.data.originalPrice).toBe(1000);
    const empty = await call('POST', '/api/admin/products/bulk', owner, { ids: [a.product_id] });
    expect(empty.status).toBe(400);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.product_id), eq(auditLog.action, 'product.bulk')));
    expect(audits).toHaveLength(1);
  });

  it('lists with search, filters, sort and paging', async () => {
    const tag = sku('LIST');
    for (const [i, stock] of [0, 3, 50].entries()) {
      await create(
        simpleBody({
          sku: `${tag}-${String(i)}`,
          title: `Listed ${tag} ${String(i)}`,
          stock,
          originalPrice: 100 * (3 - i),
          discountPrice: 0,
        }),
      );
    }
    const list = (q: string) =>
      call<AdminProductListResponse>('GET', `/api/admin/products?search=${tag}&${q}`, staff);
    expect((await list('')).body.total).toBe(3);
    expect((await list('stock=out')).body.data.map((p) => p.sku)).toEqual([`${tag}-0`]);
    expect((await list('stock=low')).body.data.map((p) => p.sku)).toEqual([`${tag}-1`]);
    expect((await list('stock=in')).body.data.map((p) => p.sku)).toEqual([`${tag}-2`]);
    const paged = await list('sort=price&order=asc&limit=2&page=2');
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(paged.body.data.map((p) => p.sku)).toEqual([`${tag}-0`]);
    expect((await list('type=Grouped%20Product')).body.total).toBe(0);
    expect((await list('status=Active&category=skates')).body.total).toBe(3);
    const bad = await list('stock=some');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('stock');
  });
});

import { and, eq, gt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLine, CartResponse, QuoteResponse } from '@shop/contracts';
import { cartLines, products, quoteRequests, variations } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

type Write = { isError: boolean; msg: string; data?: CartLine };

describe.each(testDatabaseTargets())('cart and quote API on $name', (target) => {
  let t: TestApp;
  let queries = 0;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, {
      // (no webhook outbox: its poller's queries would be counted)
      adapters: { email: mail.sender, paymentWebhooks: null },
      onQuery: () => {
        queries++;
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const simpleProducts = () =>
    t.database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN),
          eq(products.status, 'Active'),
          eq(products.productType, 'Simple'),
          gt(products.totalStock, 3),
        ),
      )
      .orderBy(products.position);
  const aVariation = async () => {
    const [row] = await t.database.db
      .select({ product: products, variation: variations })
      .from(variations)
      .innerJoin(products, eq(products.id, variations.productId))
      .where(
        and(eq(products.storeId, MAIN), eq(products.status, 'Active'), gt(variations.stock, 0)),
      )
      .limit(1);
    return row!;
  };

  const shopper = async () => {
    const u = await registerUser(t, mail);
    const c = client(t);
    const line = (productId: string, sku: string, extra: Record<string, unknown> = {}) => ({
      product_id: productId,
      product_sku: sku,
      quantity: 1,
      user_id: u.userId,
      main_id: MAIN,
      ...extra,
    });
    return {
      ...u,
      line,
      add: (body: Record<string, unknown>) => c.post<Write>('/api/cart', body, u.accessToken),
      cart: () => c.get<CartResponse>(`/api/cart/${u.userId}`, u.accessToken),
      patch: (sku: string, quantity: unknown) =>
        c.call<Write>('PATCH', `/api/cart/${encodeURIComponent(sku)}`, { quantity }, u.accessToken),
      remove: (sku: string) =>
        c.call<Write>('DELETE', `/api/cart/${encodeURIComponent(sku)}`, undefined, u.accessToken),
      clear: () =>
        c.call<Write>('DELETE', `/api/cart/deleteall/${u.userId}`, undefined, u.accessToken),
    };
  };

  it('adds a line priced from the catalogue, whatever price the client sent', async () => {
    const s = await shopper();
    const [p] = await simpleProducts();
    const res = await s.add(
      s.line(p!.id, p!.sku, {
        product_price: 1,
        product_saleprice: 0.5,
        product_name: 'Free stuff',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isError: false, msg: 'Added to cart' });
    const { data } = (await s.cart()).body;
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      product_id: p!.id,
      product_sku: p!.sku,
      product_name: p!.title,
      product_price: p!.originalPricePaise / 100,
      product_saleprice: p!.discountPricePaise / 100,
      product_stockstatus: 'In Stock',
      quantity: 1,
      user_id: s.userId,
      main_id: MAIN,
      typeofsimple: '',
      course: false,
    });
  });

  it('answers a second add of the same sku with isError and "Product already in cart"', async () => {
    const s = await shopper();
    const [p] = await simpleProducts();
    await s.add(s.line(p!.id, p!.sku));
    const again = await s.add(s.line(p!.id, p!.sku, { quantity: 2 }));
    expect(again).toMatchObject({
      status: 409,
      body: { isError: true, msg: 'Product already in cart' },
    });
    expect((await s.cart()).body.data).toHaveLength(1);
    expect((await s.cart()).body.data[0]!.quantity).toBe(1);
  });

  it('adds a variation of a Variable product with its own price and attributes', async () => {
    const s = await shopper();
    const { product, variation } = await aVariation();
    const bare = await s.add(s.line(product.id, product.sku));
    expect(bare).toMatchObject({
      status: 400,
      body: { msg: 'Please choose a variation of this product.' },
    });
    expect((await s.add(s.line(product.id, variation.sku))).status).toBe(200);
    const [line] = (await s.cart()).body.data;
    expect(line).toMatchObject({
      product_sku: variation.sku,
      product_price: variation.pricePaise / 100,
      product_saleprice: variation.salePricePaise / 100,
      variation_attributes: variation.attributes,
      stock: variation.stock,
    });
    expect(line!.typeofsimple).toBe(Object.values(variation.attributes).join(' / '));
  });

  it('caps the quantity at the stock and at least 1', async () => {
    const s = await shopper();
    const [p] = await simpleProducts();
    const tooMany = await s.add(s.line(p!.id, p!.sku, { quantity: p!.totalStock + 1 }));
    expect(tooMany).toMatchObject({
      status: 400,
      body: { msg: `Only ${p!.totalStock} left in stock.`, field: 'quantity' },
    });
    await s.add(s.line(p!.id, p!.sku));
    expect((await s.patch(p!.sku, 3)).body.data).toMatchObject({ quantity: 3 });
    expect((await s.patch(p!.sku, p!.totalStock + 1)).status).toBe(400);
    expect((await s.patch(p!.sku, 0)).body).toMatchObject({ field: 'quantity' });
    expect((await s.patch(p!.sku, 1.5)).status).toBe(400);
    expect((await s.cart()).body.data[0]!.quantity).toBe(3);
  });

  it('refuses out-of-stock, inactive, unknown and other-store products, writing nothing', async () => {
    const s = await shopper();
    const [out] = await t.database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN),
          eq(products.status, 'Active'),
          eq(products.totalStock, 0),
          eq(products.productType, 'Simple'),
        ),
      )
      .limit(1);
    if (out)
      expect((await s.add(s.line(out.id, out.sku))).body.msg).toBe('This product is out of stock.');
    const [inactive] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.storeId, MAIN), ne(products.status, 'Active')))
      .limit(1);
    expect((await s.add(s.line(inactive!.id, inactive!.sku))).status).toBe(404);
    const [elsewhere] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.storeId, 'threadline'))
      .limit(1);
    expect((await s.add(s.line(elsewhere!.id, elsewhere!.sku))).status).toBe(404);
    expect(
      (await s.add(s.line(elsewhere!.id, elsewhere!.sku, { main_id: 'threadline' }))).body,
    ).toMatchObject({ field: 'main_id' });
    expect((await s.add(s.line('00000000-0000-4000-8000-000000000000', 'NOPE'))).status).toBe(404);
    expect((await s.cart()).body.data).toEqual([]);
  });

  it.each([
    [{ product_id: 'abc' }, 'product_id'],
    [{ product_sku: '' }, 'product_sku'],
    [{ quantity: 0 }, 'quantity'],
    [{ quantity: 'lots' }, 'quantity'],
    [{ user_id: undefined }, 'user_id'],
  ])('rejects %j with a 400 naming the field', async (patch, field) => {
    const s = await shopper();
    const [p] = await simpleProducts();
    const res = await s.add({ ...s.line(p!.id, p!.sku), ...patch });
    expect(res).toMatchObject({ status: 400, body: { isError: true, field } });
    expect((await s.cart()).body.data).toEqual([]);
  });

  it('removes one line and empties the cart', async () => {
    const s = await shopper();
    const [a, b] = await simpleProducts();
    await s.add(s.line(a!.id, a!.sku));
    await s.add(s.line(b!.id, b!.sku));
    expect((await s.remove(a!.sku)).status).toBe(200);
    expect((await s.cart()).body.data.map((l) => l.product_sku)).toEqual([b!.sku]);
    expect((await s.remove(a!.sku)).status).toBe(404);
    expect((await s.clear()).status).toBe(200);
    expect((await s.cart()).body.data).toEqual([]);
  });

  it('reads a sku path parameter of the longest allowed length, and names a longer one', async () => {
    const s = await shopper();
    // 101 to 120 characters used to stop at the router (414) before validation.
    expect(await s.remove('k'.repeat(120))).toMatchObject({ status: 404 });
    expect(await s.remove('k'.repeat(121))).toMatchObject({ status: 400, body: { field: 'sku' } });
  });

  it("lets nobody else read or change a customer's cart", async () => {
    const owner = await shopper();
    const other = await shopper();
    const [p] = await simpleProducts();
    await owner.add(owner.line(p!.id, p!.sku));
    const c = client(t);
    expect((await c.get(`/api/cart/${owner.userId}`, other.accessToken)).status).toBe(403);
    expect((await other.add(owner.line(p!.id, p!.sku))).status).toBe(403);
    expect(
      (await c.call('DELETE', `/api/cart/deleteall/${owner.userId}`, undefined, other.accessToken))
        .status,
    ).toBe(403);
    // The sku routes act on the caller's own cart only.
    expect((await other.remove(p!.sku)).status).toBe(404);
    expect((await other.patch(p!.sku, 2)).status).toBe(404);
    expect((await c.get(`/api/cart/${owner.userId}`)).status).toBe(401);
    const left = (await owner.cart()).body.data;
    expect(left).toHaveLength(1);
    expect(left[0]!.quantity).toBe(1);
  });

  it('shows the catalogue’s current price and stock status when they change', async () => {
    const s = await shopper();
    const [p] = await simpleProducts();
    await s.add(s.line(p!.id, p!.sku));
    await t.database.db
      .update(products)
      .set({ originalPricePaise: p!.originalPricePaise + 10_000, totalStock: 0 })
      .where(eq(products.id, p!.id));
    try {
      const [line] = (await s.cart()).body.data;
      expect(line).toMatchObject({
        product_price: (p!.originalPricePaise + 10_000) / 100,
        product_stockstatus: 'Out of Stock',
        stock: 0,
      });
    } finally {
      await t.database.db
        .update(products)
        .set({ originalPricePaise: p!.originalPricePaise, totalStock: p!.totalStock })
        .where(eq(products.id, p!.id));
    }
  });

  it('reads a cart of 30 lines with as many queries as a cart of 1', async () => {
    const s = await shopper();
    const all = await simpleProducts();
    expect(all.length).toBeGreaterThanOrEqual(30);
    await s.add(s.line(all[0]!.id, all[0]!.sku));
    queries = 0;
    expect((await s.cart()).body.data).toHaveLength(1);
    const forOne = queries;
    await t.database.db
      .insert(cartLines)
      .values(
        all
          .slice(1, 30)
          .map((p) => ({ storeId: MAIN, userId: s.userId, productId: p.id, sku: p.sku })),
      );
    queries = 0;
    expect((await s.cart()).body.data).toHaveLength(30);
    expect(queries).toBe(forOne);
    expect(forOne).toBeLessThanOrEqual(2);
  });

  describe('quote requests', () => {
    const quote = (s: Awaited<ReturnType<typeof shopper>>, body: Record<string, unknown>) =>
      client(t).post<QuoteResponse>('/api/payment/getquote', body, s.accessToken);

    it('stores the quote with amounts recomputed by the server, ignoring the client’s', async () => {
      const s = await shopper();
      const { product, variation } = await aVariation();
      const [p] = await simpleProducts();
      const res = await quote(s, {
        name: 'Asha Kulkarni',
        mobile: '+91 98200-12345',
        email: 'asha@example.com',
        description: 'For the under-12 team',
        user_id: s.userId,
        user_name: 'Asha Kulkarni',
        main_id: MAIN,
        amountbeforediscount: 1,
        amountafterdiscount: 1,
        discountprice: 999,
        couponapplied: true,
        coupon_code: '',
        payment_mode: 'NA',
        guestVeg: 0,
        guestNonVeg: 0,
        cart_products: [
          { product_id: p!.id, product_sku: p!.sku, quantity: 2, product_price: 0 },
          { product_id: product.id, product_sku: variation.sku, quantity: 3 },
        ],
      });
      expect(res.status).toBe(200);
      const eff = (price: number, sale: number) => (sale > 0 && sale < price ? sale : price);
      const before = p!.originalPricePaise * 2 + variation.pricePaise * 3;
      const after =
        eff(p!.originalPricePaise, p!.discountPricePaise) * 2 +
        eff(variation.pricePaise, variation.salePricePaise) * 3;
      expect(res.body).toMatchObject({
        success: true,
        message: 'Request sent. Our team will contact you shortly.',
        data: {
          mobile: '9820012345',
          amountbeforediscount: before / 100,
          amountafterdiscount: after / 100,
          discountprice: 0,
          couponapplied: false,
          payment_mode: 'NA',
        },
      });
      expect(res.body.data.cart_products.map((l) => [l.product_sku, l.quantity])).toEqual([
        [p!.sku, 2],
        [variation.sku, 3],
      ]);
      const [row] = await t.database.db
        .select()
        .from(quoteRequests)
        .where(eq(quoteRequests.id, res.body.data.id));
      expect(row).toMatchObject({
        amountBeforeDiscountPaise: before,
        amountAfterDiscountPaise: after,
        userId: s.userId,
      });
    });

    it.each([
      [{ mobile: '12345' }, 'mobile', 'Please enter a valid 10-digit mobile number.'],
      [{ name: '' }, 'name', 'Full Name is required.'],
      [{ cart_products: [] }, 'cart_products', 'Your cart is empty!'],
    ])('rejects %j with a 400 naming the field and stores nothing', async (patch, field, msg) => {
      const s = await shopper();
      const [p] = await simpleProducts();
      const before = await t.database.db.$count(quoteRequests);
      const res = await quote(s, {
        name: 'Asha',
        mobile: '9820012345',
        user_id: s.userId,
        main_id: MAIN,
        cart_products: [{ product_id: p!.id, product_sku: p!.sku, quantity: 1 }],
        ...patch,
      });
      expect(res).toMatchObject({ status: 400, body: { field, msg } });
      expect(await t.database.db.$count(quoteRequests)).toBe(before);
    });

    it('needs a signed-in owner', async () => {
      const s = await shopper();
      const other = await shopper();
      const body = {
        name: 'A',
        mobile: '9820012345',
        user_id: s.userId,
        main_id: MAIN,
        cart_products: [],
      };
      expect((await client(t).post('/api/payment/getquote', body)).status).toBe(401);
      expect(
        (
          await quote(other, {
            ...body,
            cart_products: [
              { product_id: '00000000-0000-4000-8000-000000000000', product_sku: 'X', quantity: 1 },
            ],
          })
        ).status,
      ).toBe(403);
    });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteResponse } from '@shop/contracts';
import { products, quoteRequests } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Issue 28 item 2: a quote applies the coupon with the checkout's rule. */
describe.each(testDatabaseTargets())('quote coupons on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  const aSimpleProduct = async () => {
    const [p] = await t.database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN),
          eq(products.status, 'Active'),
          eq(products.productType, 'Simple'),
        ),
      )
      .limit(1);
    return p!;
  };

  const quote = async (coupon_code: string | undefined, quantity = 2) => {
    const p = await aSimpleProduct();
    const user = await registerUser(t, mail);
    const body = {
      name: 'Asha Kulkarni',
      mobile: '9820012345',
      email: 'asha@example.com',
      description: '',
      user_id: user.userId,
      user_name: 'Asha',
      main_id: MAIN,
      // What a spec client sends beside the code; the server recomputes all of it.
      amountbeforediscount: 1,
      amountafterdiscount: 1,
      discountprice: 999,
      couponapplied: true,
      payment_mode: 'NA',
      cart_products: [{ product_id: p.id, product_sku: p.sku, quantity }],
      ...(coupon_code !== undefined && { coupon_code }),
    };
    const without = await client(t).post<QuoteResponse>(
      '/api/payment/getquote',
      { ...body, coupon_code: '' },
      user.accessToken,
    );
    const res = await client(t).post<QuoteResponse>(
      '/api/payment/getquote',
      body,
      user.accessToken,
    );
    return { res, without, user };
  };

  it('prices the spec body with its coupon as checkout does (WELCOME10: 10%, at most ₹300)', async () => {
    const { res, without, user } = await quote('welcome10');
    expect(res.status).toBe(200);
    const sale = without.body.data.amountafterdiscount;
    const expected = Math.min(Math.round(sale * 10) / 100, 300);
    expect(res.body.data).toMatchObject({
      couponapplied: true,
      coupon_code: 'WELCOME10',
      coupon_message: 'Coupon applied successfully',
      amountbeforediscount: without.body.data.amountbeforediscount,
    });
    expect(res.body.data.discountprice).toBeCloseTo(expected, 2);
    expect(res.body.data.amountafterdiscount).toBeCloseTo(sale - expected, 2);
    const [stored] = await t.database.db
      .select()
      .from(quoteRequests)
      .where(and(eq(quoteRequests.userId, user.userId), eq(quoteRequests.couponApplied, true)));
    expect(stored).toMatchObject({ couponCode: 'WELCOME10', couponApplied: true });
    expect(stored!.discountPaise).toBe(Math.round(expected * 100));
  });

  it('prices without an unusable coupon and says why', async () => {
    const { res, without } = await quote('MONSOON25');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      couponapplied: false,
      discountprice: 0,
      coupon_message: 'This coupon has expired',
      amountafterdiscount: without.body.data.amountafterdiscount,
    });
    const unknown = await quote('NOPE');
    expect(unknown.res.body.data).toMatchObject({
      couponapplied: false,
      discountprice: 0,
      coupon_message: 'Invalid coupon',
    });
  });

  it('ignores the client discount when no code is sent', async () => {
    const { res } = await quote(undefined);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ couponapplied: false, discountprice: 0 });
    expect(res.body.data.coupon_message).toBeUndefined();
  });
});

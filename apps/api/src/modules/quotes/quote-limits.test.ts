import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_PAISE } from '@shop/domain';
import { products, quoteRequests } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())('quote amount limits on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  const priciestSimpleProducts = () =>
    t.database.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.storeId, MAIN),
          eq(products.status, 'Active'),
          eq(products.productType, 'Simple'),
        ),
      )
      .orderBy(desc(products.originalPricePaise))
      .limit(3);

  const quoteOf = async (
    lines: { product_id: string; product_sku: string; quantity: number }[],
  ) => {
    const user = await registerUser(t, mail);
    const res = await client(t).post(
      '/api/payment/getquote',
      {
        name: 'Asha Kulkarni',
        mobile: '9820012345',
        user_id: user.userId,
        main_id: MAIN,
        cart_products: lines,
      },
      user.accessToken,
    );
    return { res, user };
  };

  it('refuses a quote whose total exceeds what an amount column holds, naming cart_products', async () => {
    const rows = await priciestSimpleProducts();
    const lines = Array.from({ length: 100 }, (_, i) => {
      const p = rows[i % rows.length]!;
      return { product_id: p.id, product_sku: p.sku, quantity: 999 };
    });
    const total = lines.reduce(
      (sum, l) => sum + rows.find((r) => r.id === l.product_id)!.originalPricePaise * l.quantity,
      0,
    );
    expect(total).toBeGreaterThan(MAX_STORED_PAISE);

    const { res, user } = await quoteOf(lines);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('cart_products');
    expect(res.body.msg).toContain('₹2,14,74,836.47');
    const stored = await t.database.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.userId, user.userId));
    expect(stored).toHaveLength(0);
  });

  it('still stores a large quote that fits', async () => {
    const [p] = await priciestSimpleProducts();
    const quantity = Math.min(999, Math.floor(MAX_STORED_PAISE / p!.originalPricePaise));
    const { res } = await quoteOf([{ product_id: p!.id, product_sku: p!.sku, quantity }]);
    expect(res.status).toBe(200);
  });
});

import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, quoteRequests } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { manualClock } from '../../lib/clock.ts';
import { MAIN, capturingEmail, client, login, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { QUOTES_PER_DAY } from './quotes-service.ts';

describe('quote requests per customer per day', () => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock();
  beforeAll(async () => {
    t = await startTestApp(testDatabaseTargets()[0]!, { adapters: { clock, email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`takes ${QUOTES_PER_DAY} a day, then answers 429 until the next day`, async () => {
    const u = await registerUser(t, mail);
    const [p] = await t.database.db
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
      .limit(1);
    const quote = (accessToken = u.accessToken) =>
      client(t).post(
        '/api/payment/getquote',
        {
          name: 'Asha Kulkarni',
          mobile: '9820012345',
          email: 'asha@example.com',
          description: '',
          user_id: u.userId,
          user_name: 'Asha Kulkarni',
          main_id: MAIN,
          coupon_code: '',
          payment_mode: 'NA',
          guestVeg: 0,
          guestNonVeg: 0,
          cart_products: [{ product_id: p!.id, product_sku: p!.sku, quantity: 1 }],
        },
        accessToken,
      );
    for (let i = 0; i < QUOTES_PER_DAY; i++) expect((await quote()).status).toBe(200);
    const over = await quote();
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/^Too many quote requests today\./);
    expect(await t.database.db.$count(quoteRequests, eq(quoteRequests.userId, u.userId))).toBe(
      QUOTES_PER_DAY,
    );
    clock.advance(24 * 3_600_000);
    const again = await login(t, u.email);
    expect((await quote(again.body.accessToken)).status).toBe(200);
  });
});

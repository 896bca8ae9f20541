import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, products } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, payNowBody, simpleProducts } from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Pricing keeps the products it prices while the catalogue version holds, and a shop reads the
 * version at most every CATALOGUE_CACHE_CHECK_MS: here a minute, so a price changed meanwhile
 * (by another process, or straight in the database) is not seen by the cache. What is sold is
 * still never the old price: the placing's statement checks the prices under the rows' locks.
 */
describe.each(testDatabaseTargets())('prices kept by pricing on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, {
      config: { CATALOGUE_CACHE_CHECK_MS: 60_000 },
      adapters: { email: mail.sender, paymentWebhooks: null },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a placing priced from a kept product whose price has changed is priced again and sold at the new price', async () => {
    const p = (await simpleProducts(t))[3]!;
    const u = await checkoutUser(t, mail);
    const addressId = await u.address('bandra');
    const order = payNowBody(addressId, [lineOf(p, 2)]);
    type Summary = { lines: { product_price: number }[] };
    const summary = () => u.post<Summary>('/api/payment/summary', order);
    const before = await summary();
    expect(before.status).toBe(200);
    expect(before.body.lines[0]!.product_price).toBe(p.originalPricePaise / 100);

    const newPrice = p.originalPricePaise + 12_300;
    await t.database.db
      .update(products)
      .set({ originalPricePaise: newPrice, discountPricePaise: 0 })
      .where(eq(products.id, p.id));
    // The summary shows the kept price until the next check (as the storefront's pages do).
    expect((await summary()).body.lines[0]!.product_price).toBe(p.originalPricePaise / 100);

    const placed = await u.post<{ order_id: string; razorpay_order: { amount: number } }>(
      '/api/payment',
      order,
    );
    expect(placed.status).toBe(200);
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.body.order_id));
    expect(lines.map((l) => [l.unitPricePaise, l.quantity])).toEqual([[newPrice, 2]]);
    expect(placed.body.razorpay_order.amount).toBeGreaterThanOrEqual(newPrice * 2);
  });
});

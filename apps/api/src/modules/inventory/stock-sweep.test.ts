import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayNowResponse } from '@shop/contracts';
import { orders, products } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { loadConfig } from '../../config/config.ts';
import { capturingEmail } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, payNowBody, simpleProducts } from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe('STOCK_SWEEP_SECONDS', () => {
  it('defaults to 60 and takes whole seconds from 1 to 3600', () => {
    expect(loadConfig({}).STOCK_SWEEP_SECONDS).toBe(60);
    expect(loadConfig({ STOCK_SWEEP_SECONDS: '5' }).STOCK_SWEEP_SECONDS).toBe(5);
    for (const bad of ['0', '-1', '1.5', 'soon', '3601']) {
      expect(() => loadConfig({ STOCK_SWEEP_SECONDS: bad })).toThrow(/STOCK_SWEEP_SECONDS/);
    }
  });
});

describe.each(testDatabaseTargets())(
  'the stock-hold sweeper on its own timer on $name',
  (target) => {
    let t: TestApp;
    const mail = capturingEmail();

    beforeAll(async () => {
      t = await startTestApp(target, {
        adapters: { email: mail.sender, paymentWebhooks: null },
        config: { STOCK_SWEEP_SECONDS: 1 },
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('releases an expired hold without anyone calling sweep()', async () => {
      const [good] = await simpleProducts(t);
      const u = await checkoutUser(t, mail);
      const addressId = await u.address('bandra');
      const stockOf = async () =>
        (await t.database.db.select().from(products).where(eq(products.id, good!.id)))[0]!
          .totalStock;
      const before = await stockOf();
      const res = await u.post<PayNowResponse>('/api/payment', {
        ...payNowBody(addressId, [lineOf(good!, 2)]),
        user_id: u.userId,
      });
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
      const orderId = res.body.order_id;
      expect(await stockOf()).toBe(before - 2);

      // Still within its hold: two sweeps later the stock is still held.
      await new Promise((r) => setTimeout(r, 2500));
      expect(await stockOf()).toBe(before - 2);

      await t.database.db
        .update(orders)
        .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));
      const deadline = Date.now() + 10_000;
      let released: Date | null = null;
      while (!released && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        released = (await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!
          .stockReleasedAt;
      }
      expect(released).not.toBeNull();
      expect(await stockOf()).toBe(before);
    });

    it('sweeps running at once (N processes) release each expired hold once', async () => {
      const [good] = await simpleProducts(t);
      const stockOf = async () =>
        (await t.database.db.select().from(products).where(eq(products.id, good!.id)))[0]!
          .totalStock;
      const before = await stockOf();
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) {
        // One buyer each: an account holds one unpaid order's stock at a time (decision 0034).
        const u = await checkoutUser(t, mail);
        const addressId = await u.address('bandra');
        const res = await u.post<PayNowResponse>('/api/payment', {
          ...payNowBody(addressId, [lineOf(good!, 1)]),
          user_id: u.userId,
        });
        if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        ids.push(res.body.order_id);
      }
      expect(await stockOf()).toBe(before - 8);
      await t.database.db
        .update(orders)
        .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
        .where(inArray(orders.id, ids));
      // Four sweeps at once, beside the app's own timer.
      const released = (await Promise.all([1, 2, 3, 4].map(() => t.services.holds.sweep()))).flat();
      expect(new Set(released).size).toBe(released.length);
      await expect
        .poll(async () =>
          (await t.database.db.select().from(orders).where(inArray(orders.id, ids))).every(
            (o) => o.stockReleasedAt !== null,
          ),
        )
        .toBe(true);
      expect(await stockOf()).toBe(before);
    });
  },
);

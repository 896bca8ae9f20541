import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayNowResponse } from '@shop/contracts';
import { couponRedemptions, coupons, orders, products, storeSettings } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { checkoutSignature } from '../../adapters/payment-signatures.ts';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { HoldsRepository } from './holds-repository.ts';

const KEY_SECRET = 'test-key-secret-0123456789abcdef';

/** Issue 26 item 7: an account's unpaid orders hold at most one order's stock at a time. */
describe.each(testDatabaseTargets())('unpaid holds on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let goods: Awaited<ReturnType<typeof simpleProducts>>;
  let repo: HoldsRepository;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { RAZORPAY_KEY_SECRET: KEY_SECRET },
    });
    goods = await simpleProducts(t);
    repo = new HoldsRepository(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const stockOf = async (id: string) =>
    (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!.totalStock;
  const setStock = (id: string, n: number) =>
    t.database.db.update(products).set({ totalStock: n }).where(eq(products.id, id));
  /** The account's orders that still hold stock and wait for a payment. */
  const heldBy = (userId: string) =>
    t.database.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          isNull(orders.stockReleasedAt),
          inArray(orders.paymentStatus, ['Pending', 'Failed']),
        ),
      );
  const buyer = async () => {
    const u = await checkoutUser(t, mail);
    return { ...u, addressId: await u.address('bandra') };
  };
  type Buyer = Awaited<ReturnType<typeof buyer>>;
  const payNow = (u: Buyer, patch: Record<string, unknown> = {}, headers = {}) =>
    u.post<PayNowResponse>(
      '/api/payment',
      {
        main_id: MAIN,
        user_id: u.userId,
        cart_products: [lineOf(goods[0]!)],
        billing_address: u.addressId,
        shipping_address: u.addressId,
        mobile: '9820012345',
        coupon_code: '',
        payment_mode: 'Pay now',
        ...patch,
      },
      headers,
    );
  const verify = (u: Buyer, gatewayOrderId: string, paymentId: string) =>
    u.post('/api/payment/verify', {
      razorpay_order_id: gatewayOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(gatewayOrderId, paymentId, KEY_SECRET),
    });

  it('five unpaid orders of a fifth of the stock each hold one order: another account can buy the rest', async () => {
    const p = goods[2]!;
    await setStock(p.id, 10);
    const hoarder = await buyer();
    const placed: PayNowResponse[] = [];
    for (let i = 0; i < 5; i += 1) {
      // Each a changed cart (another note): the same cart would reuse its order (decision 0040).
      const res = await payNow(hoarder, {
        cart_products: [lineOf(p, 2)],
        customer_note: `try ${i}`,
      });
      expect(res.status).toBe(200);
      placed.push(res.body);
    }
    expect(await stockOf(p.id)).toBe(8);
    expect((await heldBy(hoarder.userId)).map((o) => o.id)).toEqual([placed[4]!.order_id]);
    const other = await buyer();
    expect((await payNow(other, { cart_products: [lineOf(p, 8)] })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(0);

    // A released order stays payable: a late payment finds the stock gone and is refunded.
    const late = await verify(
      hoarder,
      placed[0]!.razorpay_order.id,
      `pay_${randomUUID().slice(0, 8)}`,
    );
    expect(late.status).toBe(200);
    const [first] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed[0]!.order_id));
    expect(first).toMatchObject({ paymentStatus: 'Refund pending', orderStatus: 'Cancelled' });
    expect(await stockOf(p.id)).toBe(0);
  });

  it('a new unpaid order releases the earlier one in the transaction: several stock rows, a coupon given back, a late payment takes both again', async () => {
    const [a, b] = [goods[3]!, goods[4]!];
    await setStock(a.id, 10);
    await setStock(b.id, 10);
    const [coupon] = await t.database.db
      .insert(coupons)
      .values({
        storeId: MAIN,
        code: `ONE${randomUUID().slice(0, 8)}`,
        priceOfferPaise: 1_000,
        perCustomerLimit: 1,
      })
      .returning();
    const u = await buyer();
    const first = await payNow(u, {
      cart_products: [lineOf(a, 2), lineOf(b, 1)],
      coupon_code: coupon!.code,
    });
    expect(first.status).toBe(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([8, 9]);
    // The second order (one stock row, no coupon: the one-statement path) finds the account's
    // unpaid hold and goes through the transaction, which gives the first one's stock back.
    const second = await payNow(u, { cart_products: [lineOf(a, 1)] });
    expect(second.status).toBe(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([9, 10]);
    const [released] = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, first.body.order_id));
    expect(released!.releasedAt).not.toBeNull();
    // The released coupon use lets the customer use the coupon again (a changed cart).
    const third = await payNow(u, { cart_products: [lineOf(b, 1)], coupon_code: coupon!.code });
    expect(third.status).toBe(200);
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([10, 9]);
    expect((await heldBy(u.userId)).map((o) => o.id)).toEqual([third.body.order_id]);
    const [uses] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon!.id));
    expect(uses!.uses).toBe(1);

    // The second order paid late takes its stock again (it is there).
    const paid = await verify(u, second.body.razorpay_order.id, `pay_${randomUUID().slice(0, 8)}`);
    expect(paid.status).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, second.body.order_id));
    expect(row).toMatchObject({ paymentStatus: 'Success', stockReleasedAt: null });
    expect(await stockOf(a.id)).toBe(9);
    // A paid order is not released by the next unpaid one.
    expect((await payNow(u, { cart_products: [lineOf(a, 1)] })).status).toBe(200);
    expect(await stockOf(a.id)).toBe(8);
  });

  it("leaves other accounts' holds and orders with nothing to pay online alone", async () => {
    const p = goods[5]!;
    await setStock(p.id, 10);
    const u = await buyer();
    const other = await buyer();
    expect((await payNow(other, { cart_products: [lineOf(p, 2)] })).status).toBe(200);
    await t.database.db
      .update(storeSettings)
      .set({ deliveryPercentage: 0 })
      .where(eq(storeSettings.storeId, MAIN));
    try {
      const pod = await u.post('/api/payment/paydelivery', {
        main_id: MAIN,
        cart_products: [lineOf(p, 3)],
        billing_address: u.addressId,
        shipping_address: u.addressId,
        mobile: '9820012345',
        payment_mode: 'Pay on delivery',
      });
      expect(pod.status).toBe(200);
    } finally {
      await t.database.db
        .update(storeSettings)
        .set({ deliveryPercentage: 20 })
        .where(eq(storeSettings.storeId, MAIN));
    }
    expect((await payNow(u, { cart_products: [lineOf(p, 1)] })).status).toBe(200);
    expect(await stockOf(p.id)).toBe(4);
    expect(await heldBy(other.userId)).toHaveLength(1);
  });

  it('a retried Idempotency-Key answers its order without releasing it', async () => {
    const p = goods[6]!;
    await setStock(p.id, 10);
    const u = await buyer();
    const key = { 'idempotency-key': `key-${randomUUID()}` };
    const first = await payNow(u, { cart_products: [lineOf(p, 3)] }, key);
    const again = await payNow(u, { cart_products: [lineOf(p, 3)] }, key);
    expect(again.body).toEqual(first.body);
    expect(await stockOf(p.id)).toBe(7);
    expect(await heldBy(u.userId)).toHaveLength(1);
    expect(await t.services.holds.sweep()).toEqual([]);
  });

  postgresOnly(target).describe('races', () => {
    it('one account placing in parallel ends with at most one order holding stock; another account buys the rest', async () => {
      const [p, q] = [goods[7]!, goods[8]!];
      await setStock(p.id, 10);
      await setStock(q.id, 10);
      const u = await buyer();
      // One stock row (the one-statement path) and two (the transaction), at once.
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          payNow(u, {
            cart_products: i % 3 === 2 ? [lineOf(p, 2), lineOf(q, 2)] : [lineOf(i % 2 ? q : p, 2)],
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(Array.from({ length: 12 }, () => 200));
      const held = await heldBy(u.userId);
      expect(held).toHaveLength(1);
      const taken = 20 - (await stockOf(p.id)) - (await stockOf(q.id));
      expect([2, 4]).toContain(taken);
      const other = await buyer();
      const rest = await payNow(other, {
        cart_products: [lineOf(p, await stockOf(p.id)), lineOf(q, await stockOf(q.id))],
      });
      expect(rest.status).toBe(200);
    }, 60_000);

    it('parallel first orders of several accounts: each holds one, the stock adds up', async () => {
      const p = goods[9]!;
      await setStock(p.id, 100);
      const buyers = await Promise.all(Array.from({ length: 4 }, () => buyer()));
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          payNow(buyers[i % 4]!, { cart_products: [lineOf(p, 3)] }),
        ),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      for (const b of buyers) expect(await heldBy(b.userId)).toHaveLength(1);
      expect(await stockOf(p.id)).toBe(100 - 4 * 3);
    }, 60_000);

    // The test database's node-postgres pool (drizzle's $client), for transactions held open.
    const pool = () => (t.database.db as unknown as { $client: pg.Pool }).$client;
    const waitingOnLock = async (start: string) => {
      for (let i = 0; i < 200; i += 1) {
        const { rows } = await pool().query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND starts_with(query, $1)`,
          [start],
        );
        if (rows[0]!.n > 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`nothing starting ${start} waited on a lock`);
    };

    it('a one-statement placing that read the account before another placing committed is turned away, not sold a second hold', async () => {
      const p = goods[10]!;
      await setStock(p.id, 10);
      const u = await buyer();
      const first = await payNow(u, { cart_products: [lineOf(p, 2)] });
      expect(first.status).toBe(200);
      // Release it, so the account holds nothing as the next placing reads it.
      // Released as the sweeper would once its hold ends (an hour on).
      expect(await repo.release(first.body.order_id, new Date(Date.now() + 3_600_000))).toBe(true);
      expect(await stockOf(p.id)).toBe(10);
      // Another placing of the account, still running: it wrote the account row and holds
      // the first order's stock again (as a placing's transaction does).
      const c = await pool().connect();
      await c.query('BEGIN');
      await c.query('UPDATE users SET updated_at = updated_at WHERE id = $1', [u.userId]);
      await c.query(
        'UPDATE orders SET stock_released_at = NULL, payment_status = $2 WHERE id = $1',
        [first.body.order_id, 'Pending'],
      );
      await c.query('UPDATE products SET total_stock = total_stock - 2 WHERE id = $1', [p.id]);
      const placing = payNow(u, { cart_products: [lineOf(p, 1)] });
      await waitingOnLock('with "account"');
      await c.query('COMMIT');
      c.release();
      const res = await placing;
      expect(res.status).toBe(200);
      expect((await heldBy(u.userId)).map((o) => o.id)).toEqual([res.body.order_id]);
      expect(await stockOf(p.id)).toBe(9);
    }, 30_000);
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderSummary, Order, PayByUpiResponse, PayNowResponse } from '@shop/contracts';
import { coupons, orders, products, refunds } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { PAYMENT_NOT_RECEIVED, RETRY_MESSAGES } from '@shop/domain';
import { loadConfig } from '../../config/config.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { lineOf } from '../../test-support/checkout.ts';
import { orderKit, type KitBuyer, type OrderKit } from '../../test-support/orders.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const DAY = 86_400_000;

describe('UNPAID_ORDER_DAYS', () => {
  it('defaults to 7 and takes days (fractions too) up to 365', () => {
    expect(loadConfig({}).UNPAID_ORDER_DAYS).toBe(7);
    expect(loadConfig({ UNPAID_ORDER_DAYS: '2' }).UNPAID_ORDER_DAYS).toBe(2);
    expect(loadConfig({ UNPAID_ORDER_DAYS: '0.5' }).UNPAID_ORDER_DAYS).toBe(0.5);
    for (const bad of ['0', '-1', 'a week', '366']) {
      expect(() => loadConfig({ UNPAID_ORDER_DAYS: bad })).toThrow(/UNPAID_ORDER_DAYS/);
    }
  });
});

/**
 * Issue 58 item 1: an unpaid order keeps no sale price beyond its hold. Paying it again after the
 * hold re-checks what placing checks, and an order unpaid for UNPAID_ORDER_DAYS is cancelled as
 * "Payment not received" (a payment arriving after that is refunded).
 */
describe.each(testDatabaseTargets())('stale unpaid orders on $name', (target) => {
  let t: TestApp;
  let kit: OrderKit;
  let staffToken: string;
  const mail = capturingEmail();
  const race = postgresOnly(target);

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    kit = await orderKit(t, mail);
    staffToken = await kit.member('staff');
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const stockOf = async (id: string) =>
    (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock;
  const payAgain = (u: KitBuyer, orderId: string) =>
    u.post<PayNowResponse>(`/api/payment/order/${orderId}/pay`, {});
  /** As if the order's hold ended (the sweeper has not run yet). */
  const holdLapses = (orderId: string) =>
    db()
      .update(orders)
      .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
  /** As if the order was placed `days` ago. */
  const placedDaysAgo = (orderId: string, days: number) =>
    db()
      .update(orders)
      .set({ createdAt: new Date(Date.now() - days * DAY - 60_000) })
      .where(eq(orders.id, orderId));
  /** A product of its own on sale: list ₹10,000, sale ₹1,000, 20 in stock. */
  const saleProduct = async () => {
    const copy: Partial<typeof products.$inferInsert> = { ...kit.goods[0]! };
    delete copy.id;
    delete copy.createdAt;
    delete copy.updatedAt;
    const [p] = await db()
      .insert(products)
      .values({
        ...(copy as typeof products.$inferInsert),
        title: `Sale tee ${randomUUID().slice(0, 6)}`,
        sku: `SALE-${randomUUID().slice(0, 8)}`,
        originalPricePaise: 1_000_000,
        discountPricePaise: 100_000,
        stock: 20,
        totalStock: 20,
        totalSold: 0,
      })
      .returning();
    return p!;
  };
  const halfOff = async () => {
    const [c] = await db()
      .insert(coupons)
      .values({ storeId: MAIN, code: `HALF${randomUUID().slice(0, 6)}`, percentageOffer: 50 })
      .returning();
    return c!;
  };
  /** Pays a gateway order at the sandbox and sends its signed answer to verify. */
  const payAt = async (u: KitBuyer, gatewayOrderId: string) =>
    (await kit.payAtGateway(u, gatewayOrderId)).verified;

  it('the sale ended, the coupon off and the product inactive: Pay now after the hold refuses (409) and opens no gateway order at the old price', async () => {
    const u = await kit.buyer();
    const p = await saleProduct();
    const coupon = await halfOff();
    const placed = await kit.placeUnpaid(u, {
      cart_products: [lineOf(p, 2)],
      coupon_code: coupon.code,
    });
    // 2 × ₹1,000 less 50%, and delivery.
    expect(placed.razorpay_order.amount).toBeLessThan(200_000);

    // The owner ends the sale, switches the coupon off and takes the product off sale.
    await db().update(products).set({ discountPricePaise: 0 }).where(eq(products.id, p.id));
    await db().update(coupons).set({ active: false }).where(eq(coupons.id, coupon.id));
    await db().update(products).set({ status: 'Inactive' }).where(eq(products.id, p.id));
    await holdLapses(placed.order_id);

    const again = await payAgain(u, placed.order_id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'id', message: RETRY_MESSAGES.changed });
    const row = await kit.orderRow(placed.order_id);
    // Its old gateway order stays the one it has; its stock went back.
    expect(row.gatewayOrderId).toBe(placed.razorpay_order.id);
    expect(row.stockReleasedAt).not.toBeNull();
    expect(await stockOf(p.id)).toBe(20);
  });

  it('each change alone is enough: the sale ended, the coupon switched off or out of date', async () => {
    const cases: [string, (p: { id: string }, c: { id: string }) => Promise<unknown>][] = [
      [
        'sale ended',
        (p) => db().update(products).set({ discountPricePaise: 0 }).where(eq(products.id, p.id)),
      ],
      [
        'coupon off',
        (_p, c) => db().update(coupons).set({ active: false }).where(eq(coupons.id, c.id)),
      ],
      [
        'coupon out of date',
        (_p, c) =>
          db()
            .update(coupons)
            .set({ endsAt: new Date(Date.now() - DAY) })
            .where(eq(coupons.id, c.id)),
      ],
    ];
    for (const [what, change] of cases) {
      const u = await kit.buyer();
      const p = await saleProduct();
      const c = await halfOff();
      const placed = await kit.placeUnpaid(u, {
        cart_products: [lineOf(p, 2)],
        coupon_code: c.code,
      });
      await change(p, c);
      await holdLapses(placed.order_id);
      const again = await payAgain(u, placed.order_id);
      expect([what, again.status, again.body]).toMatchObject([
        what,
        409,
        { message: RETRY_MESSAGES.changed },
      ]);
    }
  });

  it('sold out meanwhile: Pay now after the hold says the item is no longer in stock (409)', async () => {
    const u = await kit.buyer();
    const p = await saleProduct();
    const placed = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 2)] });
    await holdLapses(placed.order_id);
    await t.services.holds.sweep();
    // Others bought all but one unit.
    await db().update(products).set({ stock: 1, totalStock: 1 }).where(eq(products.id, p.id));
    const again = await payAgain(u, placed.order_id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ field: 'id', message: RETRY_MESSAGES.outOfStock });
    expect(await stockOf(p.id)).toBe(1);
  });

  it('nothing changed: Pay now after the hold charges the order’s own amount with a fresh gateway order', async () => {
    const u = await kit.buyer();
    const p = await saleProduct();
    const c = await halfOff();
    const placed = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 2)], coupon_code: c.code });
    await holdLapses(placed.order_id);
    const again = await payAgain(u, placed.order_id);
    expect(again.status).toBe(200);
    expect(again.body.razorpay_order.id).not.toBe(placed.razorpay_order.id);
    expect(again.body.razorpay_order.amount).toBe(placed.razorpay_order.amount);
    expect(await stockOf(p.id)).toBe(18);
    expect((await payAt(u, again.body.razorpay_order.id)).status).toBe(200);
    expect(await kit.orderRow(placed.order_id)).toMatchObject({ paymentStatus: 'Success' });
  });

  it('while the hold runs, Pay now answers the same gateway order (the price was promised for it)', async () => {
    const u = await kit.buyer();
    const p = await saleProduct();
    const placed = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 1)] });
    await db().update(products).set({ discountPricePaise: 0 }).where(eq(products.id, p.id));
    const again = await payAgain(u, placed.order_id);
    expect(again.status).toBe(200);
    expect(again.body.razorpay_order.id).toBe(placed.razorpay_order.id);
  });

  race.it(
    'Pay now of a stale order sent five times at once: every answer refuses, nothing is held again',
    async () => {
      const u = await kit.buyer();
      const p = await saleProduct();
      const placed = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 2)] });
      await db().update(products).set({ discountPricePaise: 0 }).where(eq(products.id, p.id));
      await holdLapses(placed.order_id);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => payAgain(u, placed.order_id)),
      );
      expect(answers.map((a) => a.status)).toEqual([409, 409, 409, 409, 409]);
      expect(await stockOf(p.id)).toBe(20);
      expect((await kit.orderRow(placed.order_id)).gatewayOrderId).toBe(placed.razorpay_order.id);
    },
    30_000,
  );

  it('an order unpaid for UNPAID_ORDER_DAYS is cancelled as "Payment not received": the shopper’s list, the desk; a later payment is refunded', async () => {
    const u = await kit.buyer();
    const p = await saleProduct();
    const placed = await kit.placeUnpaid(u, { cart_products: [lineOf(p, 1)] });
    const fresh = await kit.placeUnpaid(await kit.buyer(), { cart_products: [lineOf(p, 1)] });
    await placedDaysAgo(placed.order_id, 6);
    expect(await t.services.unpaidExpiry.expire()).not.toContain(placed.order_id);
    await placedDaysAgo(placed.order_id, 7);
    const expired = await t.services.unpaidExpiry.expire();
    expect(expired).toContain(placed.order_id);
    expect(expired).not.toContain(fresh.order_id);
    // A second run (another process) changes nothing.
    expect(await t.services.unpaidExpiry.expire()).not.toContain(placed.order_id);

    const row = await kit.orderRow(placed.order_id);
    expect(row).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Pending' });
    expect(row.paymentExpiredAt).not.toBeNull();
    expect(await stockOf(p.id)).toBe(19); // the fresh order's unit only

    const mine = (await u.get<{ data: Order[] }>(`/api/payment/${u.userId}`)).body.data;
    expect(mine.find((o) => o.order_id === placed.order_id)).toMatchObject({
      orderStatus: 'Cancelled',
      awaiting_payment: false,
      payment_not_received: true,
    });
    const one = await u.get<{ data: Order }>(`/api/payment/order/${placed.order_id}`);
    expect(one.body.data.timeline.at(-1)).toMatchObject({
      to: 'Cancelled',
      note: PAYMENT_NOT_RECEIVED,
    });
    const desk = await client(t).get<{ data: AdminOrderSummary[] }>(
      `/api/admin/orders?q=${placed.receipt_id}`,
      staffToken,
    );
    expect(desk.body.data.find((o) => o.order_id === placed.order_id)).toMatchObject({
      orderStatus: 'Cancelled',
      payment_not_received: true,
    });
    // Nothing to pay again.
    expect((await payAgain(u, placed.order_id)).status).toBe(409);

    // The shopper pays the old window after all: refunded in full, the order stays cancelled.
    expect((await payAt(u, placed.razorpay_order.id)).status).toBe(200);
    expect(await kit.orderRow(placed.order_id)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'Refund pending',
    });
    const back = await db().select().from(refunds).where(eq(refunds.orderId, placed.order_id));
    expect(back.map((r) => r.amountPaise)).toEqual([placed.razorpay_order.amount]);
  });

  it('a UPI order: expired without a UTR, left to the shop with one', async () => {
    const owner = await kit.member('owner');
    const set = await client(t).call(
      'PUT',
      '/api/admin/settings/upi',
      { upi_id: 'urbanroll@okhdfcbank', payee_name: 'Urban Roll', enabled: true },
      owner,
    );
    expect(set.status).toBe(200);
    const upi = async () => {
      const u = await kit.buyer();
      const res = await u.post<PayByUpiResponse>(
        '/api/payment/upi',
        kit.orderBody(u, { payment_mode: 'Pay by UPI', cart_products: [lineOf(kit.goods[2]!)] }),
      );
      expect(res.status).toBe(200);
      return { u, orderId: res.body.order_id };
    };
    const silent = await upi();
    const said = await upi();
    expect(
      (await said.u.post(`/api/payment/order/${said.orderId}/utr`, { utr: '998877665544' })).status,
    ).toBe(200);
    await placedDaysAgo(silent.orderId, 8);
    await placedDaysAgo(said.orderId, 8);
    const expired = await t.services.unpaidExpiry.expire();
    expect(expired).toContain(silent.orderId);
    expect(expired).not.toContain(said.orderId);
    expect((await kit.orderRow(said.orderId)).orderStatus).toBe('Pending');
  });
});

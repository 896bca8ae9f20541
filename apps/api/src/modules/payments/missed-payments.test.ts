import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayNowResponse } from '@shop/contracts';
import { orders, paymentEvents, products } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/config.ts';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { lineOf } from '../../test-support/checkout.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { startRazorpayStandIn } from '../../test-support/razorpay-stand-in.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { PaymentsRepository } from './payments-repository.ts';

/**
 * Issue 26 item 6: a payment the gateway captured whose webhook never came and whose verify
 * never reached the shop (the browser closed, the process killed) settles its order when the
 * sweeper is about to release the order's hold, and when a process starts.
 */
describe.each(testDatabaseTargets())('payments the shop never heard of on $name', (target) => {
  let t: TestApp;
  let kit: OrderKit;
  const mail = capturingEmail();

  beforeAll(async () => {
    // No webhooks: the sandbox's deliveries are "lost".
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    kit = await orderKit(t, mail);
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const stockOf = async (id: string) =>
    (await db().select().from(products).where(eq(products.id, id)))[0]!.totalStock;

  /** Places a Pay now order and pays it at the sandbox gateway only: no verify, no webhook. */
  const paidAtGatewayOnly = async (quantity = 1) => {
    const u = await kit.buyer();
    const placed: PayNowResponse = await kit.placeUnpaid(u, {
      cart_products: [lineOf(kit.goods[0]!, quantity)],
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: placed.razorpay_order.id, method: 'upi', outcome: 'success' },
    });
    const { answer } = paid.json<{ answer: { razorpay_payment_id: string } }>();
    expect((await kit.orderRow(placed.order_id)).paymentStatus).toBe('Pending');
    return { ...placed, user: u, paymentId: answer.razorpay_payment_id };
  };
  const expire = (orderId: string) =>
    db()
      .update(orders)
      .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
  const mailsTo = (email: string) => mail.sent.filter((m) => m.to === email).length;

  it('the sweeper asks the gateway before releasing a hold and settles the captured payment', async () => {
    const stock = await stockOf(kit.goods[0]!.id);
    const o = await paidAtGatewayOnly(2);
    expect(await stockOf(kit.goods[0]!.id)).toBe(stock - 2);
    await expire(o.order_id);
    const before = mailsTo(o.user.email);

    expect(await t.services.holds.sweep()).not.toContain(o.order_id);
    expect(await kit.orderRow(o.order_id)).toMatchObject({
      paymentStatus: 'Success',
      orderStatus: 'Processing',
      gatewayPaymentId: o.paymentId,
      stockReleasedAt: null,
    });
    // It kept its stock, and the shopper heard once (the emails go out after the answer).
    expect(await stockOf(kit.goods[0]!.id)).toBe(stock - 2);
    await t.afterAnswer.idle();
    expect(mailsTo(o.user.email)).toBe(before + 1);
    const events = await db()
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, o.order_id));
    expect(events.map((e) => [e.eventType, e.gatewayPaymentId])).toEqual([
      ['gateway-check', o.paymentId],
    ]);
    // A second sweep finds nothing to do.
    expect(await t.services.holds.sweep()).not.toContain(o.order_id);
    await t.afterAnswer.idle();
    expect(mailsTo(o.user.email)).toBe(before + 1);
  });

  it('an expired order with no captured payment is still released', async () => {
    const stock = await stockOf(kit.goods[0]!.id);
    const placed = await kit.placeUnpaid(await kit.buyer());
    // A declined attempt is not a payment.
    await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: placed.razorpay_order.id, method: 'card', outcome: 'failure' },
    });
    await expire(placed.order_id);
    expect(await t.services.holds.sweep()).toContain(placed.order_id);
    expect((await kit.orderRow(placed.order_id)).stockReleasedAt).not.toBeNull();
    expect(await stockOf(kit.goods[0]!.id)).toBe(stock);
  });

  it('a process that starts settles unpaid orders captured at the gateway', async () => {
    const o = await paidAtGatewayOnly();
    // Another API process starts on the same database (its start-up check runs once).
    const second = await buildApp({
      database: t.database,
      config: {
        ...loadConfig({}),
        AUTH_SECRET: randomBytes(32).toString('hex'),
        STORE_ID: MAIN,
        DATA_DIR: t.dataDir,
        WEB_DIST_DIR: path.join(t.dataDir, 'no-web-build'),
      },
      adapters: { email: mail.sender, paymentWebhooks: null },
    });
    await second.app.ready();
    try {
      await expect
        .poll(async () => (await kit.orderRow(o.order_id)).paymentStatus, { timeout: 10_000 })
        .toBe('Success');
    } finally {
      await second.app.close();
      await second.afterAnswer.idle();
    }
    expect((await kit.orderRow(o.order_id)).gatewayPaymentId).toBe(o.paymentId);
  });

  it('processes starting together check each order once (claimed while checked)', async () => {
    const o = await paidAtGatewayOnly();
    const before = mailsTo(o.user.email);
    const settled = (
      await Promise.all([1, 2, 3].map(() => t.services.payments.settleMissedPayments()))
    ).flat();
    expect(settled.filter((id) => id === o.order_id)).toHaveLength(1);
    await t.afterAnswer.idle();
    expect((await kit.orderRow(o.order_id)).paymentStatus).toBe('Success');
    expect(mailsTo(o.user.email)).toBe(before + 1);
    // Claims are released once checked.
    const claims = await db()
      .select()
      .from(paymentEvents)
      .where(
        and(eq(paymentEvents.orderId, o.order_id), eq(paymentEvents.eventType, 'start-check')),
      );
    expect(claims).toEqual([]);
  });

  it('a process that starts later checks again an order paid after the last check', async () => {
    // Checked at one start while still unpaid at the gateway...
    const placed = await kit.placeUnpaid(await kit.buyer());
    expect(await t.services.payments.settleMissedPayments()).not.toContain(placed.order_id);
    // ...then paid at the gateway, and that process was killed before verify or any webhook.
    await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: placed.razorpay_order.id, method: 'upi', outcome: 'success' },
    });
    expect(await t.services.payments.settleMissedPayments()).toContain(placed.order_id);
    expect((await kit.orderRow(placed.order_id)).paymentStatus).toBe('Success');
  });

  it("a claim left by a process killed mid-check lapses; another's fresh claim is respected", async () => {
    const placed = await kit.placeUnpaid(await kit.buyer());
    const row = await kit.orderRow(placed.order_id);
    const repo = new PaymentsRepository(db());
    const killedAt = new Date(Date.now() - 120_000);
    expect(await repo.claimStartCheck(row, killedAt, 60_000)).toBe(true);
    const now = new Date();
    expect(await repo.claimStartCheck(row, now, 60_000)).toBe(true); // lapsed: taken over
    expect(await repo.claimStartCheck(row, new Date(), 60_000)).toBe(false); // held
    await repo.releaseStartCheck(row, killedAt); // the dead process's release removes nothing
    expect(await repo.claimStartCheck(row, new Date(), 60_000)).toBe(false);
    await repo.releaseStartCheck(row, now);
    expect(await repo.claimStartCheck(row, new Date(), 60_000)).toBe(true);
  });
});

describe.each(testDatabaseTargets())(
  'payments the shop never heard of, with Razorpay (local stand-in), on $name',
  (target) => {
    const keys = { id: 'rzp_test_missed0001', secret: 'missed-key-secret-0123' };
    let t: TestApp;
    let kit: OrderKit;
    let standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>;
    const mail = capturingEmail();

    beforeAll(async () => {
      standIn = await startRazorpayStandIn(keys.id, keys.secret);
      t = await startTestApp(target, {
        adapters: { email: mail.sender },
        config: {
          PAYMENT_GATEWAY: 'razorpay',
          RAZORPAY_KEY_ID: keys.id,
          RAZORPAY_KEY_SECRET: keys.secret,
          RAZORPAY_API_URL: standIn.baseUrl,
        },
      });
      kit = await orderKit(t, mail);
    });
    afterAll(async () => {
      await t.close();
      await standIn.close();
    });

    it('fetches the order payments through the SDK at sweep time and at start', async () => {
      const first = await kit.placeUnpaid(await kit.buyer());
      const second = await kit.placeUnpaid(await kit.buyer());
      standIn.fail(first.razorpay_order.id);
      const paidFirst = standIn.capture(first.razorpay_order.id);
      const paidSecond = standIn.capture(second.razorpay_order.id);

      await t.database.db
        .update(orders)
        .set({ stockHoldExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, first.order_id));
      await t.services.holds.sweep();
      expect(standIn.requests).toContainEqual(
        expect.objectContaining({
          method: 'GET',
          path: `/v1/orders/${first.razorpay_order.id}/payments`,
        }),
      );
      expect(await kit.orderRow(first.order_id)).toMatchObject({
        paymentStatus: 'Success',
        gatewayPaymentId: paidFirst,
      });

      expect(await t.services.payments.settleMissedPayments()).toEqual([second.order_id]);
      expect(await kit.orderRow(second.order_id)).toMatchObject({
        paymentStatus: 'Success',
        gatewayPaymentId: paidSecond,
      });
    });
  },
);

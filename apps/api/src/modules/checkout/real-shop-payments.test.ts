import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHECKOUT_MESSAGES,
  type PaymentSummary,
  type PayNowResponse,
  type PayRazorpayResponse,
} from '@shop/contracts';
import { orders } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { loadConfig } from '../../config/config.ts';
import { capturingEmail, client, MAIN } from '../../test-support/accounts.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { startRazorpayStandIn } from '../../test-support/razorpay-stand-in.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe('PAYMENT_GATEWAY', () => {
  it('is the sandbox in the demo and Razorpay in a real shop, unless set', () => {
    expect(loadConfig({}).PAYMENT_GATEWAY).toBe('sandbox');
    expect(loadConfig({ SEED_DEMO: 'true' }).PAYMENT_GATEWAY).toBe('sandbox');
    expect(loadConfig({ SEED_DEMO: 'false' }).PAYMENT_GATEWAY).toBe('razorpay');
    expect(loadConfig({ SEED_DEMO: 'false', PAYMENT_GATEWAY: '' }).PAYMENT_GATEWAY).toBe(
      'razorpay',
    );
    expect(loadConfig({ SEED_DEMO: 'false', PAYMENT_GATEWAY: 'sandbox' }).PAYMENT_GATEWAY).toBe(
      'sandbox',
    );
    expect(loadConfig({ PAYMENT_GATEWAY: 'razorpay' }).PAYMENT_GATEWAY).toBe('razorpay');
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'paypal' })).toThrow(/PAYMENT_GATEWAY/);
  });
});

/**
 * Issue 26 item 3: a real shop (SEED_DEMO=false) takes no sandbox payments, and takes nothing
 * online until it has Razorpay keys; pay on delivery without an advance still works.
 */
describe.each(testDatabaseTargets())('a real shop without Razorpay keys on $name', (target) => {
  const keys = { id: 'rzp_live_OwnKeys0001', secret: 'own-key-secret-0123456789' };
  let t: TestApp;
  let kit: OrderKit;
  let standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>;
  const mail = capturingEmail();

  beforeAll(async () => {
    standIn = await startRazorpayStandIn(keys.id, keys.secret);
    const real = loadConfig({ SEED_DEMO: 'false' });
    t = await startTestApp(target, {
      adapters: { email: mail.sender },
      config: {
        PAYMENT_GATEWAY: real.PAYMENT_GATEWAY,
        RAZORPAY_API_URL: standIn.baseUrl,
      },
    });
    kit = await orderKit(t, mail);
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  const paySettings = async () =>
    (await client(t).get<PayRazorpayResponse>(`/api/pay-razorpay/${MAIN}`)).body;

  it('has no sandbox: its routes answer 404 and pay-razorpay names Razorpay', async () => {
    expect((await client(t).get('/api/sandbox/checkout.js')).status).toBe(404);
    const pay = await client(t).post('/api/sandbox/pay', {
      order_id: 'order_Abcdef123456',
      method: 'upi',
      outcome: 'success',
    });
    expect(pay.status).toBe(404);
    expect(await paySettings()).toMatchObject({
      gateway: 'razorpay',
      key_id: '',
      online_payments: false,
    });
  });

  it('offers neither Pay now nor an advance, in plain words; nothing is written', async () => {
    const u = await kit.buyer();
    const summary = await u.post<PaymentSummary>('/api/payment/summary', {
      main_id: MAIN,
      cart_products: [kit.orderBody(u).cart_products[0]],
      coupon_code: '',
      shipping_address: u.addressId,
      payment_mode: 'Pay now',
    });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      orderable: false,
      reason: CHECKOUT_MESSAGES.onlinePaymentsOff,
      field: 'payment_mode',
    });

    const payNow = await u.post('/api/payment', kit.orderBody(u));
    expect(payNow).toMatchObject({
      status: 400,
      body: { msg: CHECKOUT_MESSAGES.onlinePaymentsOff, field: 'payment_mode' },
    });
    // The demo store takes a 20% advance on pay on delivery: not offered either.
    const advance = await u.post(
      '/api/payment/paydelivery',
      kit.orderBody(u, { payment_mode: 'Pay on delivery' }),
    );
    expect(advance).toMatchObject({
      status: 400,
      body: { msg: CHECKOUT_MESSAGES.onlinePaymentsOff, field: 'payment_mode' },
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, u.userId))).toEqual(
      [],
    );
  });

  it('still takes pay on delivery orders without an advance (0%)', async () => {
    const placed = await kit.placeNoAdvance(await kit.buyer());
    expect(placed).toMatchObject({ success: true, advance: 0 });
    expect(placed).not.toHaveProperty('razorpay_order');
    expect((await kit.orderRow(placed.order_id)).orderStatus).toBe('Processing');
  });

  it("takes Pay now once the owner saves the store's own keys", async () => {
    await t.services.paymentKeys.save(
      { storeId: MAIN, userId: null },
      { key_id: keys.id, key_secret: keys.secret },
    );
    try {
      await expect.poll(async () => (await paySettings()).online_payments).toBe(true);
      expect(await paySettings()).toMatchObject({ gateway: 'razorpay', key_id: keys.id });
      const u = await kit.buyer();
      const res = await u.post<PayNowResponse>('/api/payment', kit.orderBody(u));
      expect(res.status).toBe(200);
      expect(res.body.razorpay_order).toMatchObject({ key_id: keys.id });
      expect(standIn.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/orders' });
    } finally {
      await t.services.paymentKeys.remove({ storeId: MAIN, userId: null });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayNowResponse } from '@shop/contracts';
import { testDatabaseTargets } from '@shop/db/testing';
import { checkoutSignature } from '../../adapters/payment-signatures.ts';
import type { WebhookEvent } from '../../adapters/razorpay-webhook-payloads.ts';
import type { WebhookScheduler } from '../../adapters/webhook-scheduler.ts';
import { capturingEmail, MAIN } from '../../test-support/accounts.ts';
import { checkoutUser, lineOf, simpleProducts } from '../../test-support/checkout.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const KEY_SECRET = 'sandbox-key-secret-0123456789abcd';

/** Keeps what the sandbox schedules instead of posting it. */
function recordingScheduler() {
  const events: { event: WebhookEvent; secret: string }[] = [];
  const scheduler: WebhookScheduler = {
    schedule(event, secret) {
      events.push({ event, secret });
    },
    idle: () => Promise.resolve(),
    close() {},
  };
  return { scheduler, events };
}

describe.each(testDatabaseTargets())('sandbox checkout on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const webhooks = recordingScheduler();

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: webhooks.scheduler },
      config: {
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: 'sandbox-webhook-secret-01234567',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the checkout script defining window.Razorpay', async () => {
    const res = await t.app.inject({ url: '/api/sandbox/checkout.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toContain('window.Razorpay = Razorpay');
    expect(res.body).toContain('/api/sandbox/pay');
    // The shop's CSP does not admit Razorpay's script in sandbox mode.
    expect(String(res.headers['content-security-policy'])).not.toContain('razorpay.com');
  });

  it("pays an order as Razorpay's handler answers, signed with the key secret, and schedules webhooks", async () => {
    const u = await checkoutUser(t, mail);
    const address = await u.address('bandra');
    const [p] = await simpleProducts(t);
    const placed = await u.post<PayNowResponse>('/api/payment', {
      main_id: MAIN,
      cart_products: [lineOf(p!)],
      billing_address: address,
      shipping_address: address,
      mobile: '9820012345',
      payment_mode: 'Pay now',
    });
    const gid = placed.body.razorpay_order.id;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: gid, method: 'card', outcome: 'success' },
    });
    expect(paid.statusCode).toBe(200);
    const { ok, answer } = paid.json<{ ok: boolean; answer: Record<string, string> }>();
    expect(ok).toBe(true);
    expect(answer.razorpay_order_id).toBe(gid);
    expect(answer.razorpay_signature).toBe(
      checkoutSignature(gid, answer.razorpay_payment_id!, KEY_SECRET),
    );
    expect(webhooks.events.map((e) => e.event.event)).toEqual(
      expect.arrayContaining(['payment.captured', 'order.paid']),
    );
    const verified = await u.post('/api/payment/verify', {
      ...answer,
      receipt_id: placed.body.receipt_id,
    });
    expect(verified).toMatchObject({
      status: 200,
      body: { success: true, order_id: placed.body.order_id },
    });

    // Paid orders take no second payment.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: gid, method: 'card', outcome: 'success' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('reports a failed payment as Razorpay does, and refuses unknown orders and bad input', async () => {
    const u = await checkoutUser(t, mail);
    const address = await u.address('bandra');
    const [p] = await simpleProducts(t);
    const placed = await u.post<PayNowResponse>('/api/payment', {
      main_id: MAIN,
      cart_products: [lineOf(p!)],
      billing_address: address,
      shipping_address: address,
      mobile: '9820012345',
      payment_mode: 'Pay now',
    });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: placed.body.razorpay_order.id, method: 'upi', outcome: 'failure' },
    });
    expect(failed.json()).toMatchObject({
      ok: false,
      answer: { error: { metadata: { order_id: placed.body.razorpay_order.id } } },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: 'order_Unknown0000001', method: 'upi', outcome: 'success' },
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/pay',
      payload: { order_id: placed.body.razorpay_order.id, method: 'cash', outcome: 'success' },
    });
    expect(bad.json()).toMatchObject({ field: 'method' });
  });
});

describe('with PAYMENT_GATEWAY=razorpay', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseTargets()[0]!, {
      config: {
        PAYMENT_GATEWAY: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_live1234',
        RAZORPAY_KEY_SECRET: 'live-secret-0123456789',
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("admits Razorpay's checkout in the CSP, names the gateway and hides the sandbox", async () => {
    const res = await t.app.inject({ url: `/api/pay-razorpay/${MAIN}` });
    expect(res.json()).toMatchObject({ key_id: 'rzp_test_live1234', gateway: 'razorpay' });
    expect(String(res.headers['content-security-policy'])).toContain(
      'https://checkout.razorpay.com',
    );
    expect((await t.app.inject({ url: '/api/sandbox/checkout.js' })).statusCode).toBe(404);
  });
});

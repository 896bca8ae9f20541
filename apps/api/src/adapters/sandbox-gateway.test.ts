import { razorpayWebhookSchema } from '@shop/contracts';
import { testDatabaseTargets, type TestDatabase } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from './payment-gateway.ts';
import { checkoutSignature, verifyWebhookSignature } from './payment-signatures.ts';
import { gatewayId, sandboxGateway, type SandboxGateway } from './sandbox-gateway.ts';
import { createWebhookScheduler, type WebhookScheduler } from './webhook-scheduler.ts';
import { startWebhookReceiver } from './webhook-test-server.ts';

const credentials = { keyId: 'rzp_test_sandbox', keySecret: 'ks_test', webhookSecret: 'ws_test' };

describe('gatewayId', () => {
  it('makes Razorpay-like ids', () => {
    expect(gatewayId('order')).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(gatewayId('pay')).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(new Set(Array.from({ length: 200 }, () => gatewayId('rfnd'))).size).toBe(200);
  });
});

describe.each(testDatabaseTargets())('sandboxGateway on $name', (target) => {
  let t: TestDatabase;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let webhooks: WebhookScheduler;
  let gateway: SandboxGateway;

  beforeAll(async () => {
    t = await target.open();
    receiver = await startWebhookReceiver();
    webhooks = createWebhookScheduler({
      url: receiver.url,
      delayMs: { min: 1, max: 3 },
      duplicateChance: 0,
    });
    gateway = sandboxGateway({ db: t.handle.db, credentials, webhooks });
  });
  afterAll(async () => {
    await webhooks?.close();
    await receiver?.close();
    await t?.dispose();
  });

  /** The webhooks received so far, checked for signature, parsed. */
  const delivered = async () => {
    await webhooks.idle();
    return receiver.received.splice(0).map((r) => {
      expect(
        verifyWebhookSignature(r.raw, String(r.headers['x-razorpay-signature']), 'ws_test'),
      ).toBe(true);
      expect(r.headers['x-razorpay-event-id']).toMatch(/^evt_/);
      // The shop's webhook contract reads what the sandbox sends.
      expect(razorpayWebhookSchema.safeParse(JSON.parse(r.raw)).success).toBe(true);
      return JSON.parse(r.raw) as {
        event: string;
        entity: string;
        contains: string[];
        payload: Record<string, { entity: Record<string, unknown> }>;
      };
    });
  };

  it('creates orders for at least ₹1 and fetches them', async () => {
    const order = await gateway.createOrder({
      amountPaise: 129_900,
      receipt: 'rcpt_1',
      notes: { order_id: 'o1' },
    });
    expect(order).toMatchObject({
      amountPaise: 129_900,
      amountPaidPaise: 0,
      currency: 'INR',
      receipt: 'rcpt_1',
      status: 'created',
      notes: { order_id: 'o1' },
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(await gateway.fetchOrder(order.id)).toEqual(order);
    await expect(gateway.createOrder({ amountPaise: 99, receipt: 'r' })).rejects.toThrow(
      GatewayError,
    );
    await expect(gateway.createOrder({ amountPaise: 100.5, receipt: 'r' })).rejects.toThrow(
      GatewayError,
    );
    await expect(gateway.fetchOrder('order_missing0000000')).rejects.toMatchObject({
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
    });
  });

  it('answers a payment as Razorpay checkout does, signed with the key secret', async () => {
    const order = await gateway.createOrder({ amountPaise: 50_000, receipt: 'rcpt_2' });
    const paid = await gateway.pay({ orderId: order.id, method: 'upi', outcome: 'success' });
    if (!paid.ok) throw new Error('expected success');
    const { razorpay_order_id, razorpay_payment_id, razorpay_signature } = paid.answer;
    expect(Object.keys(paid.answer).sort()).toEqual([
      'razorpay_order_id',
      'razorpay_payment_id',
      'razorpay_signature',
    ]);
    expect(razorpay_order_id).toBe(order.id);
    expect(razorpay_payment_id).toMatch(/^pay_/);
    expect(razorpay_signature).toBe(checkoutSignature(order.id, razorpay_payment_id, 'ks_test'));
    expect(gateway.verifyCheckoutSignature(order.id, razorpay_payment_id, razorpay_signature)).toBe(
      true,
    );
    expect(
      gateway.verifyCheckoutSignature('order_other', razorpay_payment_id, razorpay_signature),
    ).toBe(false);

    expect(await gateway.fetchOrder(order.id)).toMatchObject({
      status: 'paid',
      amountPaidPaise: 50_000,
    });
    expect(await gateway.fetchPayment(razorpay_payment_id)).toMatchObject({
      orderId: order.id,
      amountPaise: 50_000,
      status: 'captured',
      method: 'upi',
    });
    // A paid order takes no second payment.
    await expect(
      gateway.pay({ orderId: order.id, method: 'card', outcome: 'success' }),
    ).rejects.toThrow(/paid already/);

    const events = await delivered();
    expect(events.map((e) => e.event).sort()).toEqual(['order.paid', 'payment.captured']);
    const orderPaid = events.find((e) => e.event === 'order.paid')!;
    expect(orderPaid.entity).toBe('event');
    expect(orderPaid.contains).toEqual(['payment', 'order']);
    expect(orderPaid.payload.order!.entity).toMatchObject({
      id: order.id,
      entity: 'order',
      amount: 50_000,
      amount_paid: 50_000,
      amount_due: 0,
      status: 'paid',
      receipt: 'rcpt_2',
    });
    expect(orderPaid.payload.payment!.entity).toMatchObject({
      id: razorpay_payment_id,
      entity: 'payment',
      order_id: order.id,
      status: 'captured',
      captured: true,
      amount: 50_000,
      currency: 'INR',
      method: 'upi',
    });
  });

  it('answers a failed payment as Razorpay does and sends payment.failed', async () => {
    const order = await gateway.createOrder({ amountPaise: 20_000, receipt: 'rcpt_3' });
    const failed = await gateway.pay({ orderId: order.id, method: 'card', outcome: 'failure' });
    if (failed.ok) throw new Error('expected failure');
    expect(failed.answer.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      source: 'customer',
      step: 'payment_authentication',
      reason: 'payment_failed',
      metadata: { order_id: order.id },
    });
    expect(await gateway.fetchOrder(order.id)).toMatchObject({ status: 'attempted' });
    const events = await delivered();
    expect(events.map((e) => e.event)).toEqual(['payment.failed']);
    expect(events[0]!.payload.payment!.entity).toMatchObject({
      status: 'failed',
      captured: false,
      order_id: order.id,
      error_code: 'BAD_REQUEST_ERROR',
    });
    // The order can still be paid after a failed attempt.
    const retry = await gateway.pay({ orderId: order.id, method: 'upi', outcome: 'success' });
    expect(retry.ok).toBe(true);
    await delivered();
  });

  it("lists an order's payments as Razorpay does: none, a failed one, the captured one", async () => {
    const order = await gateway.createOrder({ amountPaise: 30_000, receipt: 'rcpt_list' });
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([]);
    const failed = await gateway.pay({ orderId: order.id, method: 'card', outcome: 'failure' });
    const paid = await gateway.pay({ orderId: order.id, method: 'upi', outcome: 'success' });
    if (failed.ok || !paid.ok) throw new Error('unexpected outcome');
    const payments = await gateway.fetchOrderPayments(order.id);
    expect(payments.map((p) => [p.id, p.status])).toEqual(
      expect.arrayContaining([
        [failed.answer.error.metadata.payment_id, 'failed'],
        [paid.answer.razorpay_payment_id, 'captured'],
      ]),
    );
    expect(payments).toHaveLength(2);
    expect(payments.find((p) => p.status === 'captured')).toMatchObject({
      orderId: order.id,
      amountPaise: 30_000,
      method: 'upi',
    });
    // Another key's order is not found (each store's keys see their own orders).
    const other = sandboxGateway({
      db: t.handle.db,
      credentials: { ...credentials, keyId: 'rzp_test_otherkey' },
    });
    await expect(other.fetchOrderPayments(order.id)).rejects.toMatchObject({ statusCode: 400 });
    await delivered();
  });

  it('refunds in part, then the rest, never more than captured', async () => {
    const order = await gateway.createOrder({ amountPaise: 100_000, receipt: 'rcpt_4' });
    const paid = await gateway.pay({ orderId: order.id, method: 'netbanking', outcome: 'success' });
    if (!paid.ok) throw new Error('expected success');
    const paymentId = paid.answer.razorpay_payment_id;
    await delivered();

    const part = await gateway.refund(paymentId, { amountPaise: 30_000, receipt: 'rf_1' });
    expect(part).toMatchObject({ paymentId, amountPaise: 30_000, status: 'processed' });
    expect(part.id).toMatch(/^rfnd_/);
    await expect(gateway.refund(paymentId, { amountPaise: 70_001 })).rejects.toThrow(GatewayError);
    const rest = await gateway.refund(paymentId);
    expect(rest.amountPaise).toBe(70_000);
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amountRefundedPaise: 100_000,
    });
    await expect(gateway.refund(paymentId)).rejects.toThrow(/fully refunded/);

    const events = await delivered();
    expect(events.map((e) => e.event)).toEqual(['refund.processed', 'refund.processed']);
    expect(events[0]!.contains).toEqual(['refund', 'payment']);
    expect(events[0]!.payload.refund!.entity).toMatchObject({
      entity: 'refund',
      payment_id: paymentId,
      amount: 30_000,
      status: 'processed',
      receipt: 'rf_1',
    });
  });

  it('never refunds a failed payment', async () => {
    const order = await gateway.createOrder({ amountPaise: 10_000, receipt: 'rcpt_5' });
    const failed = await gateway.pay({ orderId: order.id, method: 'upi', outcome: 'failure' });
    if (failed.ok) throw new Error('expected failure');
    await expect(gateway.refund(failed.answer.error.metadata.payment_id)).rejects.toThrow(
      /not been captured/,
    );
    await delivered();
  });

  it('takes one payment when an order is paid twice at once', async () => {
    const order = await gateway.createOrder({ amountPaise: 10_000, receipt: 'rcpt_6' });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        gateway.pay({ orderId: order.id, method: 'upi', outcome: 'success' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await delivered();
  });

  it("keeps one key's orders from another key", async () => {
    const order = await gateway.createOrder({ amountPaise: 10_000, receipt: 'rcpt_7' });
    const other = sandboxGateway({
      db: t.handle.db,
      credentials: { keyId: 'rzp_test_other', keySecret: 'x', webhookSecret: 'y' },
    });
    await expect(other.fetchOrder(order.id)).rejects.toThrow(GatewayError);
    await expect(
      other.pay({ orderId: order.id, method: 'upi', outcome: 'success' }),
    ).rejects.toThrow(/does not exist/);
  });
});

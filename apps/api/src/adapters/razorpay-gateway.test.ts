import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayStandIn } from '../test-support/razorpay-stand-in.ts';
import { GatewayError } from './payment-gateway.ts';
import { checkoutSignature, webhookSignature } from './payment-signatures.ts';
import { razorpayGateway } from './razorpay-gateway.ts';

const credentials = { keyId: 'rzp_test_standin', keySecret: 'ks_standin', webhookSecret: 'ws' };

describe('razorpayGateway against a local stand-in of Razorpay', () => {
  let standIn: Awaited<ReturnType<typeof startRazorpayStandIn>>;
  let gateway: ReturnType<typeof razorpayGateway>;

  beforeAll(async () => {
    standIn = await startRazorpayStandIn(credentials.keyId, credentials.keySecret);
    gateway = razorpayGateway({ credentials, baseUrl: standIn.baseUrl });
  });
  afterAll(async () => {
    await standIn?.close();
  });

  it('creates an order through the SDK with amount in paise, INR, receipt and notes', async () => {
    const order = await gateway.createOrder({
      amountPaise: 249_900,
      receipt: 'rcpt_42',
      notes: { order_id: 'o-42', store: 'urbanroll' },
    });
    expect(order).toMatchObject({
      amountPaise: 249_900,
      amountPaidPaise: 0,
      currency: 'INR',
      receipt: 'rcpt_42',
      status: 'created',
      notes: { order_id: 'o-42', store: 'urbanroll' },
    });
    expect(order.id).toMatch(/^order_/);
    const request = standIn.requests.at(-1)!;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/orders',
      body: { amount: 249_900, currency: 'INR', receipt: 'rcpt_42' },
    });
    // Basic authentication with the key id and secret.
    expect(request.authorization).toBe(
      `Basic ${Buffer.from('rzp_test_standin:ks_standin').toString('base64')}`,
    );
    expect(await gateway.fetchOrder(order.id)).toEqual(order);
  });

  it('reads an order without notes as empty notes', async () => {
    const order = await gateway.createOrder({ amountPaise: 100, receipt: 'r' });
    expect(order.notes).toEqual({});
  });

  it('fetches a captured payment and refunds it in part, then in full', async () => {
    const order = await gateway.createOrder({ amountPaise: 100_000, receipt: 'rcpt_r' });
    const paymentId = standIn.capture(order.id, 'card');
    expect(await gateway.fetchPayment(paymentId)).toEqual({
      id: paymentId,
      orderId: order.id,
      amountPaise: 100_000,
      amountRefundedPaise: 0,
      status: 'captured',
      method: 'card',
    });
    expect(await gateway.fetchOrder(order.id)).toMatchObject({ status: 'paid' });

    const part = await gateway.refund(paymentId, { amountPaise: 40_000, receipt: 'rf_1' });
    expect(part).toMatchObject({ paymentId, amountPaise: 40_000, status: 'processed' });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/payments/${paymentId}/refund`,
      body: { amount: 40_000, speed: 'normal', receipt: 'rf_1' },
    });
    const rest = await gateway.refund(paymentId);
    expect(rest.amountPaise).toBe(60_000);
    expect((standIn.requests.at(-1)!.body as { amount?: number }).amount).toBeUndefined();
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amountRefundedPaise: 100_000,
    });
  });

  it("lists an order's payments (GET /v1/orders/{id}/payments): none, a declined one, a captured one", async () => {
    const order = await gateway.createOrder({ amountPaise: 54_900, receipt: 'rcpt_p' });
    expect(await gateway.fetchOrderPayments(order.id)).toEqual([]);
    const declined = standIn.fail(order.id);
    const captured = standIn.capture(order.id, 'upi');
    const payments = await gateway.fetchOrderPayments(order.id);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/orders/${order.id}/payments`,
    });
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: declined, orderId: order.id, status: 'failed' }),
        {
          id: captured,
          orderId: order.id,
          amountPaise: 54_900,
          amountRefundedPaise: 0,
          status: 'captured',
          method: 'upi',
        },
      ]),
    );
    expect(payments).toHaveLength(2);
    await expect(gateway.fetchOrderPayments('order_NoSuchOrder01')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("turns Razorpay's error answers into GatewayErrors with status, code and description", async () => {
    await expect(gateway.fetchOrder('order_missing')).rejects.toMatchObject({
      name: 'GatewayError',
      statusCode: 400,
      code: 'BAD_REQUEST_ERROR',
      message: 'The id provided does not exist',
    });
    const order = await gateway.createOrder({ amountPaise: 1_000, receipt: 'rcpt_e' });
    const paymentId = standIn.capture(order.id);
    await expect(gateway.refund(paymentId, { amountPaise: 1_001 })).rejects.toMatchObject({
      statusCode: 400,
      message: 'The refund amount provided is greater than amount captured',
    });
    // Refused before any request: below Razorpay's ₹1 minimum.
    const before = standIn.requests.length;
    await expect(gateway.createOrder({ amountPaise: 99, receipt: 'r' })).rejects.toThrow(
      GatewayError,
    );
    expect(standIn.requests.length).toBe(before);
  });

  it('reports wrong keys as a 401 from the gateway', async () => {
    const wrong = razorpayGateway({
      credentials: { ...credentials, keySecret: 'wrong' },
      baseUrl: standIn.baseUrl,
    });
    await expect(wrong.createOrder({ amountPaise: 1_000, receipt: 'r' })).rejects.toMatchObject({
      statusCode: 401,
      message: 'Authentication failed',
    });
  });

  it('checks keys with one authenticated read: accepted, refused, unreachable', async () => {
    await expect(gateway.checkCredentials()).resolves.toBeUndefined();
    const read = standIn.requests.at(-1)!;
    expect(read).toMatchObject({ method: 'GET', path: '/v1/orders' });
    const wrong = razorpayGateway({
      credentials: { ...credentials, keySecret: 'wrong' },
      baseUrl: standIn.baseUrl,
    });
    await expect(wrong.checkCredentials()).rejects.toMatchObject({
      name: 'GatewayError',
      statusCode: 401,
      message: 'Authentication failed',
    });
    const down = razorpayGateway({ credentials, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    await expect(down.checkCredentials()).rejects.toMatchObject({ code: 'GATEWAY_UNREACHABLE' });
  });

  it('refuses a redirect instead of following it with the keys', async () => {
    // An answer sending the request elsewhere (a hijacked address, a proxy's login page): the
    // SDK's basic-auth keys must not follow it, even to a server that would accept them.
    const seen: (string | undefined)[] = [];
    const redirecting = createServer((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(307, { location: `${standIn.baseUrl}${req.url}` }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      const port = (redirecting.address() as AddressInfo).port;
      const moved = razorpayGateway({ credentials, baseUrl: `http://127.0.0.1:${port}` });
      const before = standIn.requests.length;
      await expect(moved.createOrder({ amountPaise: 1_000, receipt: 'r' })).rejects.toMatchObject({
        name: 'GatewayError',
        statusCode: 307,
      });
      expect(seen).toHaveLength(1);
      expect(standIn.requests.length).toBe(before);
    } finally {
      await new Promise((resolve) => redirecting.close(resolve));
    }
  });

  it('reports an unreachable gateway without crashing', async () => {
    const down = razorpayGateway({
      credentials,
      baseUrl: 'http://127.0.0.1:9',
      timeoutMs: 2_000,
    });
    await expect(down.fetchOrder('order_x')).rejects.toMatchObject({
      name: 'GatewayError',
      code: 'GATEWAY_UNREACHABLE',
    });
  });

  it('verifies checkout and webhook signatures with its own secrets', () => {
    const sig = checkoutSignature('order_1', 'pay_1', 'ks_standin');
    expect(gateway.verifyCheckoutSignature('order_1', 'pay_1', sig)).toBe(true);
    expect(gateway.verifyCheckoutSignature('order_2', 'pay_1', sig)).toBe(false);
    const body = '{"event":"payment.captured"}';
    expect(gateway.verifyWebhookSignature(body, webhookSignature(body, 'ws'))).toBe(true);
    expect(gateway.verifyWebhookSignature(body, webhookSignature(body, 'other'))).toBe(false);
  });
});

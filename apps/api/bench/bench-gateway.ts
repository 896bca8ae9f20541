/**
 * The payment gateway the mix's checkouts pay through (BENCH_GATEWAY):
 *
 * - `razorpay` (the default): a real shop's shape. The server runs its Razorpay adapter against
 *   the local Razorpay stand-in (src/test-support/razorpay-stand-in.ts), started here in the
 *   bench's own process: placing opens the gateway order over HTTP as in production, the shopper
 *   pays at "Razorpay" (this process captures the payment and answers Razorpay Checkout's signed
 *   handler fields), and this process then sends Razorpay's two webhooks of a captured payment
 *   (`payment.captured`, `order.paid`), signed, to the server. The server does only what a real
 *   shop's server does; the gateway's work is this process's.
 * - `sandbox`: the demo's own gateway inside the server (`POST /api/sandbox/pay`, its webhook
 *   outbox), as the figures before 2026-11-26 21:30 UTC were measured: the server also does the
 *   gateway's work (its pay request, its outbox's inserts, claims, deliveries and polls).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { checkoutSignature, webhookSignature } from '../src/adapters/payment-signatures.ts';
import {
  orderPaidBody,
  paymentCapturedBody,
  type WebhookOrder,
  type WebhookPayment,
} from '../src/adapters/razorpay-webhook-payloads.ts';
import { startRazorpayStandIn } from '../src/test-support/razorpay-stand-in.ts';

export type BenchGateway = 'razorpay' | 'sandbox';

export const benchGateway = (): BenchGateway =>
  process.env.BENCH_GATEWAY === 'sandbox' ? 'sandbox' : 'razorpay';

/** Bench-only keys (never a shop's): the server's config and the stand-in share them. */
const KEY_ID = 'rzp_test_benchonly';
const KEY_SECRET = 'bench-only-razorpay-key-secret';
/** The webhook secret bench-server.ts configures (both gateways sign with it). */
export const BENCH_WEBHOOK_SECRET = 'bench-only-sandbox-webhook-secret';
/** How long after the payment Razorpay's webhooks arrive (the sandbox's are 0.3–1.5 s). */
const WEBHOOK_DELAY_MS = 600;

/** What Razorpay Checkout hands the shop's page after a payment (then sent to verify). */
export interface PaidAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * Starts the gateway side for BENCH_GATEWAY=razorpay: the stand-in and the shopper's "pay"
 * endpoint (`POST <payUrl> {order_id}` → PaidAnswer), whose address is put in
 * process.env.BENCH_PAY_URL for the processes forked after (the open-loop client). Returns the
 * server's extra environment and a tally of the webhooks sent.
 */
export async function startBenchGateway(serverBase: string) {
  const standIn = await startRazorpayStandIn(KEY_ID, KEY_SECRET);
  const webhooks = { sent: 0, failed: 0, lastFailure: '' };
  /** The webhooks of payments made, still to be delivered (each pair in order). */
  const pending = new Set<Promise<void>>();
  const deliver = async (event: string, body: object) => {
    const raw = JSON.stringify(body);
    try {
      const res = await fetch(`${serverBase}/api/payment/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': webhookSignature(raw, BENCH_WEBHOOK_SECRET),
          'x-razorpay-event-id': `evt_${randomBytes(8).toString('hex')}`,
        },
        body: raw,
      });
      await res.text();
      if (res.ok) webhooks.sent += 1;
      else throw new Error(`${event} → ${res.status}`);
    } catch (err) {
      webhooks.failed += 1;
      webhooks.lastFailure = String(err);
    }
  };
  const pay = (orderId: string): PaidAnswer => {
    const paymentId = standIn.capture(orderId, 'upi');
    const o = standIn.order(orderId)!;
    const at = new Date();
    const notes = Array.isArray(o.notes) ? {} : o.notes;
    const order: WebhookOrder = {
      id: o.id,
      amountPaise: o.amount,
      amountPaidPaise: o.amount_paid,
      receipt: o.receipt ?? '',
      status: 'paid',
      attempts: o.attempts,
      notes,
      createdAt: new Date(o.created_at * 1000),
    };
    const payment: WebhookPayment = {
      id: paymentId,
      orderId,
      amountPaise: o.amount,
      amountRefundedPaise: 0,
      status: 'captured',
      method: 'upi',
      errorCode: null,
      errorDescription: null,
      notes,
      createdAt: at,
    };
    // (deliver never rejects: a failure is counted.)
    const delivery = new Promise((resolve) => setTimeout(resolve, WEBHOOK_DELAY_MS))
      .then(() => deliver('payment.captured', paymentCapturedBody('acc_bench', payment, at)))
      .then(() => deliver('order.paid', orderPaidBody('acc_bench', order, payment, at)))
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(orderId, paymentId, KEY_SECRET),
    };
  };
  const payServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const { order_id } = JSON.parse(Buffer.concat(chunks).toString()) as { order_id: string };
        const answer = pay(order_id);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(answer));
      } catch (err) {
        res.statusCode = 400;
        res.end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => payServer.listen(0, '127.0.0.1', resolve));
  const payUrl = `http://127.0.0.1:${(payServer.address() as AddressInfo).port}/pay`;
  process.env.BENCH_PAY_URL = payUrl;
  return {
    /** The bench server's environment: Razorpay, at the stand-in, with the bench's keys. */
    serverEnv: {
      BENCH_GATEWAY: 'razorpay',
      RAZORPAY_API_URL: standIn.baseUrl,
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
    },
    webhooks,
    /**
     * Waits until the webhooks of every payment made so far are delivered: before the server
     * stops (a restart between phases), which would otherwise refuse their connections.
     */
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      await new Promise<void>((resolve) => payServer.close(() => resolve()));
      await standIn.close();
    },
  };
}

/**
 * The shopper pays a placed order: at the stand-in (BENCH_GATEWAY=razorpay: not a request to
 * the server, so neither timed nor counted as one; a failure is reported with `fail`) or through
 * the sandbox's `POST /api/sandbox/pay` (`viaServer`, timed and counted as the checkout's).
 * Undefined when it failed.
 */
export async function payPlaced(
  gatewayOrderId: string,
  viaServer: (body: object) => Promise<{ answer: Record<string, string> } | undefined>,
  fail: (message: string) => void,
): Promise<Record<string, string> | undefined> {
  if (benchGateway() === 'sandbox') {
    return (await viaServer({ order_id: gatewayOrderId, method: 'upi', outcome: 'success' }))
      ?.answer;
  }
  try {
    const url = process.env.BENCH_PAY_URL;
    if (!url) throw new Error('BENCH_PAY_URL is not set: startBenchGateway() first');
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: gatewayOrderId }),
    });
    if (!res.ok) throw new Error(`${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  } catch (err) {
    fail(`paying ${gatewayOrderId} at the gateway: ${String(err)}`);
    return undefined;
  }
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentCapturedBody, type WebhookEvent } from './razorpay-webhook-payloads.ts';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: string;
}

/**
 * A loopback HTTP server that records what is POSTed to it, for the webhook tests. `status`
 * decides the answer to each delivery (default 200).
 */
export async function startWebhookReceiver(status: (n: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  let count = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      count += 1;
      const code = status(count);
      if (code < 300)
        received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString() });
      res.statusCode = code;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/payment/webhook`,
    received,
    attempts: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A payment.captured event with id `id` (of payment `pay_<id>`), for the webhook tests. */
export const capturedEvent = (id: string): WebhookEvent => ({
  id,
  event: 'payment.captured',
  body: paymentCapturedBody(
    'acc_test',
    {
      id: `pay_${id}`,
      orderId: 'order_1',
      amountPaise: 50_000,
      amountRefundedPaise: 0,
      status: 'captured',
      method: 'upi',
      errorCode: null,
      errorDescription: null,
      notes: {},
      createdAt: new Date('2026-01-01T00:00:00Z'),
    },
    new Date('2026-01-01T00:00:01Z'),
  ),
});

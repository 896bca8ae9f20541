import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface StandInOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

interface StandInPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  created_at: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

const id = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

/**
 * A local stand-in for the part of Razorpay's REST API the shop uses (v1 orders, payments,
 * refunds, an order's payments), with Razorpay's JSON shapes, Basic authentication with the key id and secret, and
 * its error body `{ error: { code, description } }`. Tests add captured payments with
 * `capture(orderId)` (and declined ones with `fail(orderId)`), as a customer paying at the
 * real checkout would.
 */
export async function startRazorpayStandIn(keyId: string, keySecret: string) {
  const orders = new Map<string, StandInOrder>();
  const payments = new Map<string, StandInPayment>();
  const requests: StandInRequest[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const badRequest = (res: ServerResponse, description: string, field?: string) =>
    send(res, 400, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description,
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      },
    });

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    let body: unknown = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return badRequest(res, 'The request body is not valid JSON.');
      }
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      body,
    });
    if (req.headers.authorization !== expectedAuth) {
      return send(res, 401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    }
    const b = (body ?? {}) as Record<string, unknown>;
    let m: RegExpMatchArray | null;

    if (req.method === 'POST' && url.pathname === '/v1/orders') {
      const amount = Number(b.amount);
      if (!Number.isInteger(amount) || amount < 100) {
        return badRequest(res, 'The amount must be atleast INR 1.00', 'amount');
      }
      if (typeof b.receipt === 'string' && b.receipt.length > 40) {
        return badRequest(res, 'receipt: the length must be no more than 40.', 'receipt');
      }
      const order: StandInOrder = {
        id: id('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: typeof b.currency === 'string' ? b.currency : 'INR',
        receipt: typeof b.receipt === 'string' ? b.receipt : null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes:
          b.notes && typeof b.notes === 'object' && Object.keys(b.notes).length > 0
            ? (b.notes as Record<string, string>)
            : [],
        created_at: now(),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    if (req.method === 'GET' && url.pathname === '/v1/orders') {
      const count = Math.min(Number(url.searchParams.get('count') ?? 10) || 10, 100);
      const items = [...orders.values()].reverse().slice(0, count);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (m = url.pathname.match(/^\/v1\/orders\/([^/]+)$/))) {
      const order = orders.get(m[1] ?? '');
      return order ? send(res, 200, order) : badRequest(res, 'The id provided does not exist');
    }
    if (req.method === 'GET' && (m = url.pathname.match(/^\/v1\/orders\/([^/]+)\/payments$/))) {
      const order = orders.get(m[1] ?? '');
      if (!order) return badRequest(res, 'The id provided does not exist');
      const items = [...payments.values()].filter((p) => p.order_id === order.id);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (m = url.pathname.match(/^\/v1\/payments\/([^/]+)$/))) {
      const payment = payments.get(m[1] ?? '');
      return payment ? send(res, 200, payment) : badRequest(res, 'The id provided does not exist');
    }
    if (req.method === 'POST' && (m = url.pathname.match(/^\/v1\/payments\/([^/]+)\/refund$/))) {
      const payment = payments.get(m[1] ?? '');
      if (!payment) return badRequest(res, 'The id provided does not exist');
      const left = payment.amount - payment.amount_refunded;
      const amount = b.amount === undefined ? left : Number(b.amount);
      if (left === 0) return badRequest(res, 'The payment has been fully refunded already');
      if (!Number.isInteger(amount) || amount > left) {
        return badRequest(res, 'The refund amount provided is greater than amount captured');
      }
      payment.amount_refunded += amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
      if (payment.refund_status === 'full') payment.status = 'refunded';
      return send(res, 200, {
        id: id('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: b.notes ?? [],
        receipt: b.receipt ?? null,
        acquirer_data: { arn: null },
        created_at: now(),
        batch_id: null,
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: typeof b.speed === 'string' ? b.speed : 'normal',
      });
    }
    return send(res, 404, {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The requested URL was not found on the server.',
      },
    });
  };

  const newPayment = (order: StandInOrder, method: string, status: 'captured' | 'failed') => {
    const payment: StandInPayment = {
      id: id('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: 'INR',
      status,
      order_id: order.id,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      created_at: now(),
    };
    payments.set(payment.id, payment);
    return payment;
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** A customer's attempt that fails (declined): the order stays unpaid, `attempted`. */
    fail(orderId: string, method = 'card'): string {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment = newPayment(order, method, 'failed');
      Object.assign(order, { status: 'attempted', attempts: order.attempts + 1 });
      return payment.id;
    },
    /** A customer pays the order in full at the checkout: returns the captured payment's id. */
    capture(orderId: string, method = 'upi'): string {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const payment = newPayment(order, method, 'captured');
      Object.assign(order, {
        status: 'paid',
        amount_paid: order.amount,
        amount_due: 0,
        attempts: order.attempts + 1,
      });
      return payment.id;
    },
    /** An order as the stand-in holds it (its amount, receipt and notes, for a webhook). */
    order(orderId: string): Readonly<StandInOrder> | undefined {
      return orders.get(orderId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { randomInt } from 'node:crypto';
import {
  sandboxGatewayOrders,
  sandboxGatewayPayments,
  sandboxGatewayRefunds,
  type Database,
} from '@shop/db';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  assertGatewayAmount,
  GatewayError,
  type CheckoutSuccessAnswer,
  type GatewayCredentials,
  type GatewayOrder,
  type GatewayPayment,
  type PaymentGateway,
} from './payment-gateway.ts';
import {
  checkoutSignature,
  verifyCheckoutSignature,
  verifyWebhookSignature,
} from './payment-signatures.ts';
import {
  orderPaidBody,
  paymentCapturedBody,
  paymentFailedBody,
  refundProcessedBody,
  type RazorpayWebhookBody,
  type WebhookEventName,
  type WebhookOrder,
  type WebhookPayment,
} from './razorpay-webhook-payloads.ts';
import type { WebhookScheduler } from './webhook-scheduler.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-like id: prefix, underscore, 14 random base62 characters. */
export function gatewayId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  let out = '';
  for (let i = 0; i < 14; i += 1) out += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `${prefix}_${out}`;
}

export type SandboxMethod = 'upi' | 'card' | 'netbanking';

export interface SandboxPayInput {
  orderId: string;
  method: SandboxMethod;
  outcome: 'success' | 'failure';
  email?: string;
  contact?: string;
}

/** What Razorpay's checkout passes to its `payment.failed` handler. */
export interface CheckoutFailureAnswer {
  error: {
    code: string;
    description: string;
    source: string;
    step: string;
    reason: string;
    metadata: { order_id: string; payment_id: string };
  };
}

export type SandboxPayAnswer =
  { ok: true; answer: CheckoutSuccessAnswer } | { ok: false; answer: CheckoutFailureAnswer };

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  /** The sandbox checkout modal's Pay / Fail buttons: records the payment and answers as Razorpay. */
  pay(input: SandboxPayInput): Promise<SandboxPayAnswer>;
}

export interface SandboxGatewayOptions {
  db: Database;
  credentials: GatewayCredentials;
  /** Sends the matching webhooks; without it none are sent. */
  webhooks?: WebhookScheduler;
  accountId?: string;
  now?: () => Date;
}

type OrderRow = typeof sandboxGatewayOrders.$inferSelect;
type PaymentRow = typeof sandboxGatewayPayments.$inferSelect;

const toOrder = (r: OrderRow): GatewayOrder => ({
  id: r.id,
  amountPaise: r.amountPaise,
  amountPaidPaise: r.amountPaidPaise,
  currency: r.currency,
  receipt: r.receipt,
  status: r.status as GatewayOrder['status'],
  notes: r.notes,
  createdAt: r.createdAt,
});

const toPayment = (r: PaymentRow): GatewayPayment => ({
  id: r.id,
  orderId: r.orderId,
  amountPaise: r.amountPaise,
  amountRefundedPaise: r.amountRefundedPaise,
  status: r.status as GatewayPayment['status'],
  method: r.method,
});

const notFound = (what: string) =>
  new GatewayError(`The id provided does not exist (${what}).`, 'BAD_REQUEST_ERROR', 400);

/**
 * The local payment gateway (PAYMENT_GATEWAY=sandbox, the default): the API plays Razorpay.
 * Its orders, payments and refunds are kept in the sandbox_gateway_* tables (so every API
 * process sees them); checkout answers are signed with the key secret exactly as Razorpay's
 * handler receives them, and the matching webhooks go to the shop's webhook URL.
 */
export function sandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  const { db, credentials } = options;
  const now = options.now ?? (() => new Date());
  const accountId = options.accountId ?? 'acc_SandboxShop01';

  const send = (event: WebhookEventName, body: RazorpayWebhookBody) => {
    options.webhooks?.schedule({ id: gatewayId('evt'), event, body }, credentials.webhookSecret);
  };

  const webhookOrder = (o: OrderRow): WebhookOrder => ({
    ...toOrder(o),
    attempts: o.attempts,
  });
  const webhookPayment = (p: PaymentRow, o: OrderRow, input?: SandboxPayInput): WebhookPayment => ({
    id: p.id,
    orderId: p.orderId,
    amountPaise: p.amountPaise,
    amountRefundedPaise: p.amountRefundedPaise,
    status: p.status as WebhookPayment['status'],
    method: p.method,
    errorCode: p.errorCode,
    errorDescription: p.errorDescription,
    notes: o.notes,
    ...(input?.email ? { email: input.email } : {}),
    ...(input?.contact ? { contact: input.contact } : {}),
    createdAt: p.createdAt,
  });

  const findOrder = async (orderId: string) => {
    const [row] = await db
      .select()
      .from(sandboxGatewayOrders)
      .where(
        and(
          eq(sandboxGatewayOrders.id, orderId),
          eq(sandboxGatewayOrders.keyId, credentials.keyId),
        ),
      );
    return row;
  };

  return {
    name: 'sandbox',
    keyId: credentials.keyId,

    /** The sandbox is local: it takes any keys (it signs with them, as Razorpay would). */
    checkCredentials() {
      return Promise.resolve();
    },

    async createOrder(input) {
      assertGatewayAmount(input.amountPaise);
      const [row] = await db
        .insert(sandboxGatewayOrders)
        .values({
          id: gatewayId('order'),
          keyId: credentials.keyId,
          amountPaise: input.amountPaise,
          receipt: input.receipt,
          notes: input.notes ?? {},
          createdAt: now(),
        })
        .returning();
      if (!row) throw new GatewayError('The order was not created.', 'SERVER_ERROR', 500);
      return toOrder(row);
    },

    async fetchOrder(orderId) {
      const row = await findOrder(orderId);
      if (!row) throw notFound(orderId);
      return toOrder(row);
    },

    async fetchPayment(paymentId) {
      const [row] = await db
        .select({ payment: sandboxGatewayPayments })
        .from(sandboxGatewayPayments)
        .innerJoin(
          sandboxGatewayOrders,
          eq(sandboxGatewayOrders.id, sandboxGatewayPayments.orderId),
        )
        .where(
          and(
            eq(sandboxGatewayPayments.id, paymentId),
            eq(sandboxGatewayOrders.keyId, credentials.keyId),
          ),
        );
      if (!row) throw notFound(paymentId);
      return toPayment(row.payment);
    },

    async fetchOrderPayments(orderId) {
      if (!(await findOrder(orderId))) throw notFound(orderId);
      const rows = await db
        .select()
        .from(sandboxGatewayPayments)
        .where(eq(sandboxGatewayPayments.orderId, orderId))
        .orderBy(asc(sandboxGatewayPayments.createdAt));
      return rows.map(toPayment);
    },

    async refund(paymentId, input = {}) {
      const result = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ payment: sandboxGatewayPayments, order: sandboxGatewayOrders })
          .from(sandboxGatewayPayments)
          .innerJoin(
            sandboxGatewayOrders,
            eq(sandboxGatewayOrders.id, sandboxGatewayPayments.orderId),
          )
          .where(
            and(
              eq(sandboxGatewayPayments.id, paymentId),
              eq(sandboxGatewayOrders.keyId, credentials.keyId),
            ),
          )
          .for('update');
        if (!found) throw notFound(paymentId);
        const { payment, order } = found;
        if (payment.status === 'failed') {
          throw new GatewayError('The payment has not been captured.', 'BAD_REQUEST_ERROR', 400);
        }
        const left = payment.amountPaise - payment.amountRefundedPaise;
        const amount = input.amountPaise ?? left;
        if (!Number.isSafeInteger(amount) || amount < 100 || amount > left) {
          throw new GatewayError(
            left === 0
              ? 'The payment has been fully refunded already.'
              : 'The refund amount provided is greater than amount captured.',
            'BAD_REQUEST_ERROR',
            400,
          );
        }
        const refunded = payment.amountRefundedPaise + amount;
        const [updated] = await tx
          .update(sandboxGatewayPayments)
          .set({
            amountRefundedPaise: refunded,
            status: refunded === payment.amountPaise ? 'refunded' : payment.status,
          })
          .where(eq(sandboxGatewayPayments.id, paymentId))
          .returning();
        const [refund] = await tx
          .insert(sandboxGatewayRefunds)
          .values({
            id: gatewayId('rfnd'),
            paymentId,
            amountPaise: amount,
            receipt: input.receipt ?? null,
            notes: input.notes ?? {},
            createdAt: now(),
          })
          .returning();
        if (!updated || !refund)
          throw new GatewayError('Refund not recorded.', 'SERVER_ERROR', 500);
        return { refund, payment: updated, order };
      });
      send(
        'refund.processed',
        refundProcessedBody(
          accountId,
          {
            id: result.refund.id,
            paymentId,
            amountPaise: result.refund.amountPaise,
            receipt: result.refund.receipt,
            notes: result.refund.notes,
            createdAt: result.refund.createdAt,
          },
          webhookPayment(result.payment, result.order),
          now(),
        ),
      );
      return {
        id: result.refund.id,
        paymentId,
        amountPaise: result.refund.amountPaise,
        status: 'processed',
      };
    },

    verifyCheckoutSignature(storedOrderId, paymentId, signature) {
      return verifyCheckoutSignature(storedOrderId, paymentId, signature, credentials.keySecret);
    },

    verifyWebhookSignature(rawBody, signature) {
      return verifyWebhookSignature(rawBody, signature, credentials.webhookSecret);
    },

    async pay(input) {
      const paymentId = gatewayId('pay');
      const success = input.outcome === 'success';
      const at = now();
      const result = await db.transaction(async (tx) => {
        // Only an unpaid order takes a payment; the conditional update makes two clicks safe.
        const [order] = await tx
          .update(sandboxGatewayOrders)
          .set({
            attempts: sql`${sandboxGatewayOrders.attempts} + 1`,
            status: success ? 'paid' : 'attempted',
            amountPaidPaise: success
              ? sql`${sandboxGatewayOrders.amountPaise}`
              : sql`${sandboxGatewayOrders.amountPaidPaise}`,
          })
          .where(
            and(
              eq(sandboxGatewayOrders.id, input.orderId),
              eq(sandboxGatewayOrders.keyId, credentials.keyId),
              ne(sandboxGatewayOrders.status, 'paid'),
            ),
          )
          .returning();
        if (!order) {
          const [existing] = await tx
            .select({ id: sandboxGatewayOrders.id })
            .from(sandboxGatewayOrders)
            .where(
              and(
                eq(sandboxGatewayOrders.id, input.orderId),
                eq(sandboxGatewayOrders.keyId, credentials.keyId),
              ),
            );
          if (!existing) throw notFound(input.orderId);
          throw new GatewayError('Order has been paid already.', 'BAD_REQUEST_ERROR', 400);
        }
        const [payment] = await tx
          .insert(sandboxGatewayPayments)
          .values({
            id: paymentId,
            orderId: order.id,
            amountPaise: order.amountPaise,
            status: success ? 'captured' : 'failed',
            method: input.method,
            errorCode: success ? null : 'BAD_REQUEST_ERROR',
            errorDescription: success
              ? null
              : 'Payment failed because the customer declined it in the sandbox.',
            createdAt: at,
          })
          .returning();
        if (!payment) throw new GatewayError('Payment not recorded.', 'SERVER_ERROR', 500);
        return { order, payment };
      });

      const payment = webhookPayment(result.payment, result.order, input);
      if (success) {
        send('payment.captured', paymentCapturedBody(accountId, payment, at));
        send('order.paid', orderPaidBody(accountId, webhookOrder(result.order), payment, at));
        return {
          ok: true,
          answer: {
            razorpay_payment_id: paymentId,
            razorpay_order_id: input.orderId,
            razorpay_signature: checkoutSignature(input.orderId, paymentId, credentials.keySecret),
          },
        };
      }
      send('payment.failed', paymentFailedBody(accountId, payment, at));
      return {
        ok: false,
        answer: {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: result.payment.errorDescription ?? 'Payment failed',
            source: 'customer',
            step: 'payment_authentication',
            reason: 'payment_failed',
            metadata: { order_id: input.orderId, payment_id: paymentId },
          },
        },
      };
    },
  };
}

/**
 * Webhook bodies in Razorpay's shape (entity "event", event, contains, payload.<entity>.entity,
 * created_at in Unix seconds), for the sandbox to send and the tests to forge.
 */

export type WebhookEventName =
  'order.paid' | 'payment.captured' | 'payment.failed' | 'refund.processed';

export interface WebhookOrder {
  id: string;
  amountPaise: number;
  amountPaidPaise: number;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  createdAt: Date;
}

export interface WebhookPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  amountRefundedPaise: number;
  status: 'captured' | 'failed' | 'refunded';
  method: string;
  errorCode: string | null;
  errorDescription: string | null;
  notes: Record<string, string>;
  email?: string;
  contact?: string;
  createdAt: Date;
}

export interface WebhookRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  receipt: string | null;
  notes: Record<string, string>;
  createdAt: Date;
}

/** A webhook to deliver: its id (sent as X-Razorpay-Event-Id) and body. */
export interface WebhookEvent {
  id: string;
  event: WebhookEventName;
  body: RazorpayWebhookBody;
}

export interface RazorpayWebhookBody {
  entity: 'event';
  account_id: string;
  event: WebhookEventName;
  contains: string[];
  payload: Record<string, { entity: Record<string, unknown> }>;
  created_at: number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function orderEntity(o: WebhookOrder) {
  return {
    id: o.id,
    entity: 'order',
    amount: o.amountPaise,
    amount_paid: o.amountPaidPaise,
    amount_due: o.amountPaise - o.amountPaidPaise,
    currency: 'INR',
    receipt: o.receipt,
    offer_id: null,
    status: o.status,
    attempts: o.attempts,
    notes: o.notes,
    created_at: seconds(o.createdAt),
  };
}

function paymentEntity(p: WebhookPayment) {
  const failed = p.status === 'failed';
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amountPaise,
    currency: 'INR',
    status: p.status,
    order_id: p.orderId,
    invoice_id: null,
    international: false,
    method: p.method,
    amount_refunded: p.amountRefundedPaise,
    refund_status:
      p.amountRefundedPaise === 0
        ? null
        : p.amountRefundedPaise < p.amountPaise
          ? 'partial'
          : 'full',
    captured: p.status !== 'failed',
    description: null,
    card_id: null,
    bank: p.method === 'netbanking' ? 'HDFC' : null,
    wallet: null,
    vpa: p.method === 'upi' ? (failed ? 'failure@razorpay' : 'success@razorpay') : null,
    email: p.email ?? 'void@razorpay.com',
    contact: p.contact ?? '+919000090000',
    notes: p.notes,
    fee: failed ? null : Math.round(p.amountPaise * 0.02),
    tax: failed ? null : Math.round(p.amountPaise * 0.02 * 0.18),
    error_code: p.errorCode,
    error_description: p.errorDescription,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authentication' : null,
    error_reason: failed ? 'payment_failed' : null,
    acquirer_data: failed ? {} : { rrn: p.id.slice(4).toUpperCase() },
    created_at: seconds(p.createdAt),
  };
}

function refundEntity(r: WebhookRefund) {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amountPaise,
    currency: 'INR',
    payment_id: r.paymentId,
    notes: r.notes,
    receipt: r.receipt,
    acquirer_data: { arn: null },
    created_at: seconds(r.createdAt),
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

function body(
  accountId: string,
  event: WebhookEventName,
  payload: RazorpayWebhookBody['payload'],
  at: Date,
): RazorpayWebhookBody {
  return {
    entity: 'event',
    account_id: accountId,
    event,
    contains: Object.keys(payload),
    payload,
    created_at: seconds(at),
  };
}

export function orderPaidBody(
  accountId: string,
  order: WebhookOrder,
  payment: WebhookPayment,
  at: Date,
) {
  return body(
    accountId,
    'order.paid',
    { payment: { entity: paymentEntity(payment) }, order: { entity: orderEntity(order) } },
    at,
  );
}

export function paymentCapturedBody(accountId: string, payment: WebhookPayment, at: Date) {
  return body(accountId, 'payment.captured', { payment: { entity: paymentEntity(payment) } }, at);
}

export function paymentFailedBody(accountId: string, payment: WebhookPayment, at: Date) {
  return body(accountId, 'payment.failed', { payment: { entity: paymentEntity(payment) } }, at);
}

export function refundProcessedBody(
  accountId: string,
  refund: WebhookRefund,
  payment: WebhookPayment,
  at: Date,
) {
  return body(
    accountId,
    'refund.processed',
    { refund: { entity: refundEntity(refund) }, payment: { entity: paymentEntity(payment) } },
    at,
  );
}

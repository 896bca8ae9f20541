import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { paise, stamp } from './columns.ts';

/**
 * The sandbox payment gateway's own books (PAYMENT_GATEWAY=sandbox): the API plays Razorpay, so
 * the orders, payments and refunds "at the gateway" are kept here, shared by every API process.
 * Not the shop's orders: those are `orders`, which refer to these by gateway ids only.
 */
export const sandboxGatewayOrders = pgTable(
  'sandbox_gateway_orders',
  {
    /** `order_` + 14 characters, like Razorpay's. */
    id: text('id').primaryKey(),
    keyId: text('key_id').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    amountPaidPaise: paise('amount_paid_paise').notNull().default(0),
    currency: text('currency').notNull().default('INR'),
    receipt: text('receipt').notNull().default(''),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    /** 'created' | 'attempted' | 'paid' */
    status: text('status').notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'sandbox_gateway_orders_amounts',
      sql`${t.amountPaise} >= 100 AND ${t.amountPaidPaise} >= 0 AND ${t.amountPaidPaise} <= ${t.amountPaise}`,
    ),
    check('sandbox_gateway_orders_status', sql`${t.status} IN ('created', 'attempted', 'paid')`),
  ],
);

export const sandboxGatewayPayments = pgTable(
  'sandbox_gateway_payments',
  {
    /** `pay_` + 14 characters. */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxGatewayOrders.id, { onDelete: 'cascade' }),
    amountPaise: paise('amount_paise').notNull(),
    amountRefundedPaise: paise('amount_refunded_paise').notNull().default(0),
    /** 'captured' | 'failed' | 'refunded' */
    status: text('status').notNull(),
    /** 'upi' | 'card' | 'netbanking' */
    method: text('method').notNull(),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_gateway_payments_order_idx').on(t.orderId),
    check(
      'sandbox_gateway_payments_amounts',
      sql`${t.amountPaise} >= 0 AND ${t.amountRefundedPaise} >= 0 AND ${t.amountRefundedPaise} <= ${t.amountPaise}`,
    ),
    check(
      'sandbox_gateway_payments_status',
      sql`${t.status} IN ('captured', 'failed', 'refunded')`,
    ),
  ],
);

export const sandboxGatewayRefunds = pgTable(
  'sandbox_gateway_refunds',
  {
    /** `rfnd_` + 14 characters. */
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxGatewayPayments.id, { onDelete: 'cascade' }),
    amountPaise: paise('amount_paise').notNull(),
    receipt: text('receipt'),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_gateway_refunds_payment_idx').on(t.paymentId),
    check('sandbox_gateway_refunds_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * The sandbox gateway's webhook outbox: one row per copy of an event to deliver (a duplicate
 * copy, as Razorpay sometimes sends, is a row of its own with the same event id). Every API
 * process polls it and claims due rows with `FOR UPDATE SKIP LOCKED`, so each attempt is made by
 * one process only, and a delivery whose process died is taken up by another once its claim
 * lapses. The body is kept signed (the signature, never the secret).
 */
export const sandboxWebhookDeliveries = pgTable(
  'sandbox_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `evt_` + 14 characters: X-Razorpay-Event-Id. */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    /** The raw JSON body, exactly as signed. */
    body: text('body').notNull(),
    /** X-Razorpay-Signature of `body`. */
    signature: text('signature').notNull(),
    /** Attempts started (claims) so far. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    dueAt: stamp('due_at').notNull(),
    /** Set while a process is delivering an attempt; another may retry once it has passed. */
    claimedUntil: stamp('claimed_until'),
    /** HTTP status of the last attempt (0: no answer). */
    lastStatus: integer('last_status'),
    deliveredAt: stamp('delivered_at'),
    gaveUpAt: stamp('gave_up_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_webhook_deliveries_due_idx')
      .on(t.dueAt)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.gaveUpAt} IS NULL`),
    index('sandbox_webhook_deliveries_event_idx').on(t.eventId),
    check(
      'sandbox_webhook_deliveries_attempts',
      sql`${t.attempts} >= 0 AND ${t.attempts} <= ${t.maxAttempts}`,
    ),
  ],
);

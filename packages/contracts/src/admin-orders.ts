/** The orders desk: staff and owner calls under /admin/orders. */
import { z } from 'zod';
import { ORDER_EMAIL_KINDS, ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from '@shop/domain';
import { okEnvelope, rupeesSchema } from './common.ts';
import { orderSchema } from './orders.ts';
import { orderNumberSchema } from './payments.ts';

export const ADMIN_ORDERS_MAX_LIMIT = 100;
export const ADMIN_ORDERS_DEFAULT_LIMIT = 20;
export const ADMIN_ORDER_SORTS = [
  'placed_desc',
  'placed_asc',
  'total_desc',
  'total_asc',
  'status_asc',
  'status_desc',
] as const;
export type AdminOrderSort = (typeof ADMIN_ORDER_SORTS)[number];

const isoDay = (field: string) =>
  z.iso
    .date({ message: `${field} must be a date like 2026-11-23` })
    .optional()
    .describe('An India-time calendar day, YYYY-MM-DD, included');

/** A comma-separated list in the query string (status=Pending,Packed), or the key repeated. */
const listOf = <T extends string>(values: readonly [T, ...T[]], field: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values, { message: `${field} must be among: ${values.join(', ')}` })))
    .optional();

/** GET /admin/orders and /admin/orders/export.csv: the filters (the CSV takes no paging). */
export const adminOrderFiltersSchema = z.object({
  status: listOf(ORDER_STATUSES, 'status').describe('Order statuses, comma-separated'),
  payment_mode: z
    .enum(PAYMENT_MODES, { message: `payment_mode must be one of: ${PAYMENT_MODES.join(', ')}` })
    .optional(),
  paid: z
    .enum(['true', 'false'], { message: 'paid must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .describe('Fully paid (paid online, nothing left to collect) or not'),
  awaiting_payment: z
    .enum(['true', 'false'], { message: 'awaiting_payment must be true or false' })
    .transform((v) => v === 'true')
    .optional()
    .describe(
      'Placed to be paid online and not paid yet (none, or a closed or failed payment window), or not',
    ),
  from: isoDay('from'),
  to: isoDay('to'),
  q: z
    .string()
    .trim()
    .max(100, { message: 'q must be at most 100 characters' })
    .optional()
    .describe('Order number, customer name, mobile or email (part of it, any case)'),
});
export type AdminOrderFilters = z.infer<typeof adminOrderFiltersSchema>;

export const adminOrderListQuerySchema = adminOrderFiltersSchema.extend({
  page: z.coerce
    .number({ message: 'page must be a whole number from 1' })
    .int({ message: 'page must be a whole number from 1' })
    .min(1, { message: 'page must be a whole number from 1' })
    .default(1),
  limit: z.coerce
    .number({ message: `limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_LIMIT}` })
    .int({ message: `limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_LIMIT}` })
    .min(1, { message: `limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_LIMIT}` })
    .max(ADMIN_ORDERS_MAX_LIMIT, {
      message: `limit must be a whole number from 1 to ${ADMIN_ORDERS_MAX_LIMIT}`,
    })
    .default(ADMIN_ORDERS_DEFAULT_LIMIT),
  sort: z
    .enum(ADMIN_ORDER_SORTS, { message: `sort must be one of: ${ADMIN_ORDER_SORTS.join(', ')}` })
    .default('placed_desc'),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

/** One row of the desk's list: enough to find and pick an order, not the whole order. */
export const adminOrderSummarySchema = z
  .object({
    order_id: z.string(),
    receipt_id: z.string(),
    order_number: z.string(),
    awaiting_payment: z
      .boolean()
      .describe('Placed to be paid online and not paid yet: listed apart from Pending work'),
    payment_not_received: z
      .boolean()
      .describe('Cancelled because its payment never came within UNPAID_ORDER_DAYS'),
    createdAt: z.iso.datetime(),
    user_name: z.string(),
    mobile: z.string(),
    email: z.string(),
    payment_mode: z.enum(PAYMENT_MODES),
    status: z.enum(PAYMENT_STATUSES),
    orderStatus: z.enum(ORDER_STATUSES),
    totalAmountbeforePay: rupeesSchema,
    remaining_amount: rupeesSchema,
    fully_paid: z.boolean(),
    items: z.number().int().describe('Units ordered'),
    city: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'AdminOrderSummary' });
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const adminOrderListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(adminOrderSummarySchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe('Orders matching the filters, over all pages'),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponseSchema>;

/** One of an order's emails the email server refused, not sent since (decision 0048). */
export const unsentOrderEmailSchema = z.object({
  kind: z
    .enum(ORDER_EMAIL_KINDS)
    .describe(
      "confirmation and status: to the customer; new_order_notice and utr_notice: to the shop's notification address",
    ),
  status: z.enum(ORDER_STATUSES).nullable().describe("A status email's move: where it moved to"),
  attempts: z.number().int(),
  last_error: z.string(),
  given_up: z
    .boolean()
    .describe('No longer tried again by itself (send it again on the dashboard)'),
});
export type UnsentOrderEmail = z.infer<typeof unsentOrderEmailSchema>;

/** GET /admin/orders/{order_id}: the order with its customer's account. */
export const adminOrderSchema = orderSchema
  .extend({
    customer: z.object({ user_id: z.string(), name: z.string(), email: z.string() }),
    unsent_emails: z
      .array(unsentOrderEmailSchema)
      .describe(
        "This order's emails the email server refused, oldest first, the customer's before the shop's",
      ),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminOrderResponseSchema = z.object({
  isError: z.literal(false),
  data: adminOrderSchema,
});
export type AdminOrderResponse = z.infer<typeof adminOrderResponseSchema>;

const noteSchema = z
  .string()
  .trim()
  .max(500, { message: 'note must be at most 500 characters' })
  .default('')
  .describe("Shown to the customer in the order's timeline and the status email");

const versionSchema = z
  .number({ message: 'version must be the order version you last read' })
  .int({ message: 'version must be a whole number' })
  .nonnegative({ message: 'version must be a whole number' })
  .optional()
  .describe('The version last read: a stale one answers 409 (omit to move whatever it is now)');

/**
 * PATCH /admin/orders/{order_id}: move it to `orderStatus` (the domain's transitions; illegal or
 * stale → 409), with a note, the courier and tracking number (when shipping; or alone, with the
 * current status, to change them while Shipped or Out for delivery, else 409), and for cancelling
 * a paid order the amount to refund.
 */
export const patchOrderRequestSchema = z
  .object({
    orderStatus: z.enum(ORDER_STATUSES, {
      message: `orderStatus must be one of: ${ORDER_STATUSES.join(', ')}`,
    }),
    note: noteSchema,
    courier: z
      .string()
      .trim()
      .max(80, { message: 'courier must be at most 80 characters' })
      .optional(),
    trackingNumber: z
      .string()
      .trim()
      .max(80, { message: 'trackingNumber must be at most 80 characters' })
      .regex(/^[\w\-/. ]*$/, {
        message: 'trackingNumber may hold only letters, digits, spaces and - / .',
      })
      .optional(),
    version: versionSchema,
    refund_amount: rupeesSchema
      .positive({ message: 'refund_amount must be more than 0' })
      .optional()
      .describe('Only when cancelling a paid order; default: all that was paid online'),
  })
  .meta({ id: 'PatchOrderRequest' });
export type PatchOrderRequest = z.input<typeof patchOrderRequestSchema>;

/** POST /admin/orders/{order_id}/collect: the remainder of a pay-on-delivery order, in cash. */
export const collectOrderRequestSchema = z
  .object({ version: versionSchema, note: noteSchema })
  .meta({ id: 'CollectOrderRequest' });
export type CollectOrderRequest = z.input<typeof collectOrderRequestSchema>;

export const BULK_MOVE_MAX = 100;

/** POST /admin/orders/bulk-move: each order moved in its own transaction. */
export const bulkMoveRequestSchema = z
  .object({
    order_ids: z
      .array(z.uuid({ message: 'order_ids must be order ids' }), {
        message: 'order_ids must be a list of order ids',
      })
      .min(1, { message: 'order_ids must hold at least one order' })
      .max(BULK_MOVE_MAX, { message: `order_ids may hold at most ${BULK_MOVE_MAX} orders` }),
    orderStatus: z.enum(ORDER_STATUSES, {
      message: `orderStatus must be one of: ${ORDER_STATUSES.join(', ')}`,
    }),
    note: noteSchema,
  })
  .meta({ id: 'BulkMoveRequest' });
export type BulkMoveRequest = z.input<typeof bulkMoveRequestSchema>;

export const bulkMoveResultSchema = z
  .object({
    order_id: z.string(),
    result: z.enum(['moved', 'refused']),
    reason: z.string().optional().describe('Why it was refused'),
    orderStatus: z.enum(ORDER_STATUSES).optional().describe('Where it is now (moved)'),
    version: z.number().int().optional(),
  })
  .meta({ id: 'BulkMoveResult' });
export type BulkMoveResult = z.infer<typeof bulkMoveResultSchema>;
export const bulkMoveResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(bulkMoveResultSchema),
});

/** At most this many orders are named beside the unsent emails' count. */
export const UNSENT_ORDER_EMAILS_NAMED = 10;

/**
 * A store's emails of one kind that the email server refused at least once and that are still
 * not sent (decisions 0048, 0049).
 */
export const refusedEmailsSchema = z.object({
  count: z.number().int().describe('Emails refused at least once and not sent since'),
  given_up: z
    .number()
    .int()
    .describe('Of those, the ones no longer retried (tried for about 4 hours)'),
  last_error: z
    .string()
    .nullable()
    .describe("The newest one's error, as the email server or the outbox folder gave it"),
});
export type RefusedEmails = z.infer<typeof refusedEmailsSchema>;

/** The answer of sending a store's refused emails again, with what is still unsent. */
export const sendAgainSchema = <T extends z.ZodType>(unsent: T, id: string) =>
  okEnvelope(
    z
      .object({
        sent: z.number().int().describe('Emails sent (or no longer needed) by this call'),
        sending: z
          .number()
          .int()
          .describe('Emails still being sent when the call stopped waiting (about 10 s)'),
        unsent,
      })
      .meta({ id }),
  );

/**
 * The store's order emails the email server refused at least once and that are still not sent
 * (decision 0048): on the dashboard, and the answer of sending them again.
 */
export const unsentOrderEmailsSchema = refusedEmailsSchema
  .extend({
    orders: z
      .array(z.object({ order_id: z.string(), order_number: orderNumberSchema }))
      .describe(`Their orders, newest first, at most ${UNSENT_ORDER_EMAILS_NAMED}`),
  })
  .meta({ id: 'UnsentOrderEmails' });
export type UnsentOrderEmails = z.infer<typeof unsentOrderEmailsSchema>;

/** POST /admin/order-emails/send-again. */
export const sendAgainOrderEmailsResponseSchema = sendAgainSchema(
  unsentOrderEmailsSchema,
  'SendAgainOrderEmails',
);
export type SendAgainOrderEmailsResponse = z.infer<typeof sendAgainOrderEmailsResponseSchema>;

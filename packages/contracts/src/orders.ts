/** Reading orders: GET /payment/{user_id} and GET /payment/order/{id} (owner only). */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from '@shop/domain';
import { pricedLineSchema, taxSplitSchema } from './checkout.ts';
import { rupeesSchema } from './common.ts';
import { orderNumberSchema } from './payments.ts';

/** An address as it was when the order was placed. */
export const orderAddressSchema = z.object({
  id: z.string(),
  location_user: z.string(),
  new_address: z.string(),
  city: z.string(),
  area: z.string(),
  pincode: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  user_name: z.string(),
});

/** A line of an order: as priced when placed, with the delivery days it had then. */
export const orderLineSchema = pricedLineSchema
  .extend({
    delivery_days: z
      .number()
      .int()
      .nullable()
      .describe("The product's delivery_days when ordered; null for a course"),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof orderLineSchema>;

const isoOrNull = z.iso.datetime().nullable();

/** One move of an order's status (who, when, from, to, note), oldest first. */
export const orderTimelineEntrySchema = z
  .object({
    at: z.iso.datetime(),
    from: z.enum(ORDER_STATUSES).nullable().describe('Null for the order being placed'),
    to: z.enum(ORDER_STATUSES),
    by: z.enum(['customer', 'staff', 'system']),
    note: z.string(),
    event: z
      .enum(['status', 'collected'])
      .describe('A status move, or the remaining amount collected at delivery (from = to)'),
  })
  .meta({ id: 'OrderTimelineEntry' });
export type OrderTimelineEntry = z.infer<typeof orderTimelineEntrySchema>;

/** A refund asked of the gateway for this order. */
export const orderRefundSchema = z
  .object({
    id: z.string(),
    amount: rupeesSchema,
    status: z.enum(['pending', 'processed', 'failed']),
    reason: z.string(),
    createdAt: z.iso.datetime(),
    processedAt: isoOrNull,
  })
  .meta({ id: 'OrderRefund' });
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** A GST document issued for the order: the tax invoice, or the credit note cancelling it. */
export const orderTaxDocumentSchema = z
  .object({ number: z.string().max(16), date: z.iso.datetime() })
  .meta({ id: 'OrderTaxDocument' });

/** An order (spec §3 "Order / payment record"), amounts in rupees. */
export const orderSchema = z
  .object({
    order_id: z.string(),
    receipt_id: z.string(),
    order_number: orderNumberSchema,
    awaiting_payment: z
      .boolean()
      .describe(
        'Placed to be paid online and not paid yet (a closed or failed payment included): shown as "Payment pending" with Pay now (POST /payment/order/{id}/pay)',
      ),
    payment_not_received: z
      .boolean()
      .describe(
        'Cancelled because its payment never came within UNPAID_ORDER_DAYS of placing (a later payment is refunded)',
      ),
    createdAt: z.iso.datetime(),
    cart_products: z.array(orderLineSchema),
    amountbeforediscount: rupeesSchema,
    amountafterdiscount: rupeesSchema,
    totalAmountbeforePay: rupeesSchema,
    remaining_amount: rupeesSchema,
    advance: rupeesSchema.describe(
      'To pay online: the total (Pay now) or the advance; paid only when advance_paid',
    ),
    advance_paid: z
      .boolean()
      .describe(
        'The online part (advance) was paid: false while it awaits its payment and for an order cancelled unpaid',
      ),
    deliveryCharge: rupeesSchema,
    discountprice: rupeesSchema,
    distance: z.number().int().nullable(),
    payment_mode: z.enum(PAYMENT_MODES),
    status: z.enum(PAYMENT_STATUSES),
    couponapplied: z.boolean(),
    coupon_code: z.string(),
    orderStatus: z.enum(ORDER_STATUSES),
    delivered: z.boolean(),
    processing_date: isoOrNull,
    shipped_date: isoOrNull,
    out_deliverydate: isoOrNull,
    delivery_date: isoOrNull,
    courier: z.string().describe('Set by the shop when shipping; empty until then'),
    tracking_number: z.string().describe("The courier's tracking number; empty until shipped"),
    collected: rupeesSchema.describe('Pay on delivery: the remainder collected at the door'),
    collected_at: isoOrNull,
    fully_paid: z
      .boolean()
      .describe('Paid online and nothing left to collect (Pay now, or the remainder collected)'),
    user_name: z.string(),
    user_gstNo: z.string(),
    mobile: z.string(),
    customer_note: z.string(),
    billing_address: orderAddressSchema,
    shipping_address: orderAddressSchema,
    tax: taxSplitSchema,
    seller_gstin: z.string(),
    razorpay_order_id: z.string().nullable().describe('To retry an unpaid payment'),
    utr: z
      .string()
      .nullable()
      .describe('Pay by UPI: the UTR the customer entered (null until then, and for other modes)'),
    version: z.number().int().describe('Grows with every change; a status move sends it back'),
    timeline: z.array(orderTimelineEntrySchema),
    refunds: z.array(orderRefundSchema),
    invoice: orderTaxDocumentSchema.nullable().describe('Issued when first shipped'),
    credit_note: orderTaxDocumentSchema
      .nullable()
      .describe('Issued when an invoiced order is cancelled'),
    replaced_orders: z
      .array(orderNumberSchema)
      .describe(
        "The numbers of the customer's earlier unpaid orders of the same goods that this order cancelled when it was placed (decision 0050); empty for most orders",
      ),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const ordersUserParamsSchema = z.object({
  user_id: z.uuid({ message: 'Unknown user id' }),
});
export const orderIdParamsSchema = z.object({ id: z.uuid({ message: 'Order not found' }) });

/** GET /payment/{user_id}: newest first. */
export const ordersResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(orderSchema),
});
/** GET /payment/order/{id}. */
export const orderResponseSchema = z.object({ isError: z.literal(false), data: orderSchema });

/** /admin/orders/{order_id}/…. */
export const orderStatusParamsSchema = z.object({
  order_id: z.uuid({ message: 'Order not found' }),
});

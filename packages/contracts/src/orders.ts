/** Reading orders: GET /payment/{user_id} and GET /payment/order/{id} (owner only). */
import { z } from 'zod';
import { ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from '@shop/domain';
import { pricedLineSchema, taxSplitSchema } from './checkout.ts';
import { rupeesSchema } from './common.ts';

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
    createdAt: z.iso.datetime(),
    cart_products: z.array(orderLineSchema),
    amountbeforediscount: rupeesSchema,
    amountafterdiscount: rupeesSchema,
    totalAmountbeforePay: rupeesSchema,
    remaining_amount: rupeesSchema,
    advance: rupeesSchema.describe('Paid online: the total (Pay now) or the advance'),
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
    user_name: z.string(),
    user_gstNo: z.string(),
    mobile: z.string(),
    customer_note: z.string(),
    billing_address: orderAddressSchema,
    shipping_address: orderAddressSchema,
    tax: taxSplitSchema,
    seller_gstin: z.string(),
    razorpay_order_id: z.string().nullable().describe('To retry an unpaid payment'),
    version: z.number().int().describe('Grows with every change; a status move sends it back'),
    timeline: z.array(orderTimelineEntrySchema),
    refunds: z.array(orderRefundSchema),
    invoice: orderTaxDocumentSchema.nullable().describe('Issued when first shipped'),
    credit_note: orderTaxDocumentSchema
      .nullable()
      .describe('Issued when an invoiced order is cancelled'),
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

/** POST /admin/orders/{order_id}/status. */
export const orderStatusParamsSchema = z.object({
  order_id: z.uuid({ message: 'Order not found' }),
});

/**
 * A shop's move of an order (staff or owner of the order's store): the status to move to, the
 * order's `version` as last read (a stale one answers 409), a note for the timeline, and for
 * cancelling a paid order the amount to refund (default: everything paid online).
 */
export const moveOrderRequestSchema = z
  .object({
    to: z.enum(ORDER_STATUSES, {
      message: `to must be one of: ${ORDER_STATUSES.join(', ')}`,
    }),
    note: z
      .string()
      .trim()
      .max(500, { message: 'note must be at most 500 characters' })
      .default('')
      .describe("Shown to the customer in the order's timeline and the status email"),
    version: z
      .number({ message: 'version must be the order version you last read' })
      .int({ message: 'version must be a whole number' })
      .nonnegative({ message: 'version must be a whole number' }),
    refund_amount: rupeesSchema
      .positive({ message: 'refund_amount must be more than 0' })
      .optional()
      .describe('Only when cancelling a paid order; default: all that was paid online'),
  })
  .meta({ id: 'MoveOrderRequest' });
export type MoveOrderRequest = z.input<typeof moveOrderRequestSchema>;

/**
 * Placing and confirming orders (accounts-checkout-payments §7): POST /payment (pay now),
 * POST /payment/paydelivery (pay on delivery), POST /payment/verify and the gateway's webhook.
 */
import { CUSTOMER_GST_NO, CUSTOMER_GST_NO_MESSAGE } from '@shop/domain';
import { z } from 'zod';
import {
  addressRefSchema,
  CHECKOUT_MESSAGES,
  checkoutLineSchema,
  mobileSchema,
  paymentModeSchema,
} from './checkout.ts';
import { rupeesSchema } from './common.ts';

/**
 * The spec's order body. The server reads the lines (product_id, product_sku, quantity), the
 * address ids, mobile, coupon, note and mode; every amount the client sends (amountbeforediscount,
 * totalAmountbeforePay, deliveryCharge, …) is dropped and recomputed.
 */
export const placeOrderRequestSchema = z.object({
  main_id: z.string().trim().min(1).max(64).describe('The store id'),
  user_id: z.uuid({ message: 'Unknown user id' }).optional().describe('Must be the caller'),
  cart_products: z
    .array(checkoutLineSchema, { message: CHECKOUT_MESSAGES.cartEmpty })
    .min(1, { message: CHECKOUT_MESSAGES.cartEmpty })
    .max(100),
  billing_address: addressRefSchema(CHECKOUT_MESSAGES.chooseBilling),
  shipping_address: addressRefSchema(CHECKOUT_MESSAGES.chooseShipping),
  mobile: mobileSchema,
  coupon_code: z.string().trim().max(40).default(''),
  customer_note: z
    .string()
    .trim()
    .max(500, { message: 'The note is at most 500 characters.' })
    .default(''),
  payment_mode: paymentModeSchema,
  user_gstNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(CUSTOMER_GST_NO, { message: CUSTOMER_GST_NO_MESSAGE })
    .optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

/**
 * The optional `Idempotency-Key` header: a retried or double-clicked request with the same key
 * returns the same order.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, {
      message: 'Idempotency-Key must be 8 to 200 visible ASCII characters.',
    })
    .optional(),
});

/**
 * The gateway order handed to the checkout widget, in Razorpay's own shape: `amount` is in
 * paise here, as checkout.js expects it.
 */
export const razorpayOrderSchema = z
  .object({
    id: z.string(),
    entity: z.literal('order'),
    amount: z.number().int().positive().describe('Paise (Razorpay order amount)'),
    currency: z.literal('INR'),
    receipt: z.string(),
    status: z.enum(['created', 'attempted', 'paid']),
    key_id: z.string().describe('The key to open checkout with'),
  })
  .meta({ id: 'RazorpayOrder' });
export type RazorpayOrder = z.infer<typeof razorpayOrderSchema>;

/** An order's short number as people see it, one sequence per store (decision 0040). */
export const orderNumberSchema = z
  .string()
  .describe('The short order number people see, per store (e.g. UR-10423)');

/** POST /payment: the order is placed and waits for its payment. */
export const payNowResponseSchema = z.object({
  success: z.literal(true),
  razorpay_order: razorpayOrderSchema,
  order_id: z.string(),
  receipt_id: z.string(),
  order_number: orderNumberSchema,
  totalAmountbeforePay: rupeesSchema,
});
export type PayNowResponse = z.infer<typeof payNowResponseSchema>;

/**
 * POST /payment (and /admission-pay) when there is nothing to pay (a ₹0 total: a 100% coupon
 * and free delivery): the order is paid and confirmed as placed, no gateway order is opened, and
 * the web goes straight to the success page.
 */
export const payNowPaidResponseSchema = z.object({
  success: z.literal(true),
  order_id: z.string(),
  receipt_id: z.string(),
  order_number: orderNumberSchema,
  totalAmountbeforePay: rupeesSchema,
  status: z.literal('Success').describe('Paid in full by its discount: nothing to pay'),
});
export type PayNowPaidResponse = z.infer<typeof payNowPaidResponseSchema>;

/** POST /payment's answer: the gateway order to pay, or the order already paid (₹0). */
export const placePayNowResponseSchema = z.union([payNowResponseSchema, payNowPaidResponseSchema]);

/**
 * POST /payment/order/{id}/pay: the same order's gateway order to pay again (Pay now, Try
 * again): the one it has while its stock is held, a fresh one once its hold had ended.
 */
export const payAgainResponseSchema = payNowResponseSchema;

/** POST /payment/paydelivery: `razorpay_order` when an advance is to be paid online. */
export const payOnDeliveryResponseSchema = z.object({
  success: z.literal(true),
  order_id: z.string(),
  receipt_id: z.string(),
  order_number: orderNumberSchema,
  razorpay_order: razorpayOrderSchema.optional(),
  totalAmountbeforePay: rupeesSchema,
  advance: rupeesSchema,
  remaining_amount: rupeesSchema,
});
export type PayOnDeliveryResponse = z.infer<typeof payOnDeliveryResponseSchema>;

/**
 * POST /payment/verify: the checkout widget's answer. The signature is checked against the
 * gateway order id stored for the order, not the one sent.
 */
export const verifyPaymentRequestSchema = z.object({
  razorpay_order_id: z
    .string()
    .trim()
    .min(1, { message: 'razorpay_order_id is required.' })
    .max(64),
  razorpay_payment_id: z
    .string()
    .trim()
    .min(1, { message: 'razorpay_payment_id is required.' })
    .max(64),
  razorpay_signature: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, { message: CHECKOUT_MESSAGES.invalidSignature }),
  key_id: z.string().trim().max(64).optional(),
  receipt_id: z.string().trim().max(64).optional(),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;

export const verifyPaymentResponseSchema = z.object({
  success: z.boolean(),
  order_id: z.string().optional(),
  message: z.string().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** The parts of a Razorpay webhook body the shop reads; the rest is kept as received. */
const entityOf = <T extends z.ZodRawShape>(shape: T) =>
  z.looseObject({ entity: z.looseObject(shape) });

export const RAZORPAY_WEBHOOK_EVENTS = [
  'order.paid',
  'payment.captured',
  'payment.failed',
  'refund.processed',
] as const;

export const razorpayWebhookSchema = z.looseObject({
  entity: z.literal('event'),
  account_id: z.string().optional(),
  event: z.string().min(1),
  contains: z.array(z.string()).optional(),
  payload: z.looseObject({
    payment: entityOf({
      id: z.string(),
      order_id: z.string().nullable(),
      amount: z.number().int(),
      status: z.string(),
      method: z.string().nullable().optional(),
      error_code: z.string().nullable().optional(),
      error_description: z.string().nullable().optional(),
    }).optional(),
    order: entityOf({
      id: z.string(),
      amount: z.number().int(),
      amount_paid: z.number().int(),
      receipt: z.string().nullable().optional(),
      status: z.string(),
    }).optional(),
    refund: entityOf({
      id: z.string(),
      payment_id: z.string(),
      amount: z.number().int(),
      status: z.string(),
    }).optional(),
  }),
  created_at: z.number().int(),
});
export type RazorpayWebhook = z.infer<typeof razorpayWebhookSchema>;

/** Headers of POST /payment/webhook. */
export const razorpayWebhookHeadersSchema = z.object({
  'x-razorpay-signature': z.string().min(1, { message: 'Missing webhook signature.' }),
  'x-razorpay-event-id': z.string().min(1).max(100).optional(),
});

export const webhookResponseSchema = z.object({ status: z.literal('ok') });

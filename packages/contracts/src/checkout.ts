/**
 * Store reads for checkout (accounts-checkout-payments §7) and the server's order summary,
 * POST /payment/summary (additive). Money is rupees with 2 decimals at this edge.
 */
import { MOBILE_INVALID_MESSAGE, PAYMENT_MODES, validateMobile } from '@shop/domain';

export type { PaymentMode } from '@shop/domain';
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { rupeesSchema } from './common.ts';
import { CHECKOUT_MESSAGES } from './messages.ts';

export { CHECKOUT_MESSAGES, couponMinimumMessage } from './messages.ts';

export const paymentModeSchema = z.enum(PAYMENT_MODES, {
  message: 'Choose Pay now, Pay on delivery or Pay by UPI.',
});

// ---------------------------------------------------------------------------------------------
// Store reads
// ---------------------------------------------------------------------------------------------

/**
 * GET /pay-razorpay/{storeId}. The spec also returns key_secret; it stays on the server (see
 * docs/spec-deviations.md). `gateway` (additive) tells the web app which checkout script to load;
 * `online_payments` (additive) whether anything can be paid online yet.
 */
export const payRazorpayResponseSchema = z
  .object({
    key_id: z.string(),
    company_name: z.string(),
    company_color: z.string(),
    gateway: z.enum(['sandbox', 'razorpay']),
    /**
     * False until the shop has Razorpay keys (environment or Admin → Settings → Payment keys):
     * Pay now and the pay-on-delivery advance are not offered (additive).
     */
    online_payments: z.boolean(),
    /**
     * Courses may be paid on delivery, i.e. at the academy (issue 59 item 5; absent from an
     * older server: not allowed).
     */
    pay_at_academy: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'PayRazorpaySettings' });
export type PayRazorpayResponse = z.infer<typeof payRazorpayResponseSchema>;

export const deliveryPriceBandSchema = z.object({
  min_kilometer: z.number().int().nonnegative(),
  max_kilometer: z.number().int().nonnegative().nullable().describe('null: no upper limit'),
  delivery_price: rupeesSchema,
  status: z.enum(['Active', 'Inactive']),
});
/** GET /delivery-price/{storeId}: the store's delivery price bands (active ones). */
export const deliveryPriceResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(deliveryPriceBandSchema),
});
export type DeliveryPriceResponse = z.infer<typeof deliveryPriceResponseSchema>;

export const freeDeliveryBandSchema = z.object({
  min_kilometer: z.number().int().nonnegative(),
  max_kilometer: z.number().int().nonnegative().nullable().describe('null: no upper limit'),
  freedelivery_price: rupeesSchema.describe('Sale total from which delivery is free'),
});
/** GET /freedelivery/{storeId}. */
export const freeDeliveryResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(freeDeliveryBandSchema),
});
export type FreeDeliveryResponse = z.infer<typeof freeDeliveryResponseSchema>;

/** GET /deliverypaybefore/single/{storeId}: the pay-on-delivery advance, in percent. */
export const deliveryPayBeforeResponseSchema = z.object({
  isError: z.literal(false),
  help: z.object({ delivery_percentage: z.number().int().min(0).max(100) }),
});
export type DeliveryPayBeforeResponse = z.infer<typeof deliveryPayBeforeResponseSchema>;

/**
 * GET /register/officesingle/{storeId}: the office address (and, additively, its coordinates and
 * the grievance officer the contact page shows).
 */
export const officeResponseSchema = z.object({
  isError: z.literal(false),
  google_address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  grievance_officer: z
    .object({ name: z.string(), email: z.string(), phone: z.string() })
    .nullable()
    .describe(
      'Whom shoppers write to with a complaint (Consumer Protection (E-Commerce) Rules 2020); phone may be empty. Null: not given yet',
    ),
});
export type OfficeResponse = z.infer<typeof officeResponseSchema>;

export const couponCodeParamsSchema = z.object({
  code: z.string().trim().max(40, { message: CHECKOUT_MESSAGES.invalidCoupon }),
});

/**
 * GET /coupon/check/{code}?user_id={storeId}. The spec's `user_id` carries the store id.
 * `total` (additive, rupees) lets the answer say how much more reaches the coupon's minimum.
 */
export const couponCheckQuerySchema = z.object({
  user_id: z.string().trim().min(1, { message: 'user_id (the store id) is required.' }).max(64),
  total: z.coerce.number().nonnegative().max(100_000_000).optional(),
});

export const couponDataSchema = z
  .object({
    coupon_code: z.string(),
    percentage_offer: z.number().int().min(1).max(100).nullable(),
    price_offer: rupeesSchema.nullable(),
    minimum_sale_total: rupeesSchema,
    max_discount: rupeesSchema.nullable(),
    start_date: z.iso.datetime().nullable(),
    end_date: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Coupon' });
export type CouponData = z.infer<typeof couponDataSchema>;

/** The answer to a coupon check: `couponData` when it can be used, else null and the reason. */
export const couponCheckResponseSchema = z.object({
  isError: z.boolean(),
  message: z.string(),
  couponData: couponDataSchema.nullable(),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Lines and addresses in checkout requests
// ---------------------------------------------------------------------------------------------

const quantitySchema = z.coerce
  .number({ message: 'Quantity must be a whole number of at least 1.' })
  .int({ message: 'Quantity must be a whole number of at least 1.' })
  .min(1, { message: 'Quantity must be a whole number of at least 1.' })
  .max(MAX_LINE_QUANTITY, { message: `Quantity is at most ${MAX_LINE_QUANTITY}.` });

/**
 * One line to buy: which product (and variation sku) and how many. Any other field the client
 * sends (names, prices) is dropped: the server prices lines from its catalogue.
 */
export const checkoutLineSchema = z.object({
  product_id: z.uuid({ message: 'Unknown product' }),
  product_sku: z.string().trim().min(1, { message: 'product_sku is required.' }).max(120),
  quantity: quantitySchema,
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/**
 * An address reference: the id of one of the caller's addresses, or an address object carrying
 * that id (the spec's checkout sends the whole object). Only the id is used.
 */
export const addressRefSchema = (message: string) =>
  z
    .union([z.uuid({ message }), z.looseObject({ id: z.uuid({ message }) })], { message })
    .transform((v) => (typeof v === 'string' ? v : v.id));

export const mobileSchema = z
  .string({ message: MOBILE_INVALID_MESSAGE })
  .refine((m) => validateMobile(m).ok, { message: MOBILE_INVALID_MESSAGE })
  .transform((m) => (validateMobile(m) as { mobile: string }).mobile);

// ---------------------------------------------------------------------------------------------
// POST /payment/summary
// ---------------------------------------------------------------------------------------------

/**
 * What checkout holds. Without `cart_products`, the caller's server cart is priced. Without a
 * shipping address, delivery cannot be priced and the answer says so.
 */
export const paymentSummaryRequestSchema = z.object({
  main_id: z.string().trim().min(1).max(64).describe('The store id'),
  cart_products: z
    .array(checkoutLineSchema)
    .min(1, { message: CHECKOUT_MESSAGES.cartEmpty })
    .max(100)
    .optional(),
  coupon_code: z.string().trim().max(40).default(''),
  shipping_address: addressRefSchema(CHECKOUT_MESSAGES.chooseShipping).optional(),
  payment_mode: paymentModeSchema.default('Pay now'),
});
export type PaymentSummaryRequest = z.input<typeof paymentSummaryRequestSchema>;

/** A line as the server priced it, with its GST. */
export const pricedLineSchema = z
  .object({
    product_id: z.string(),
    product_sku: z.string(),
    product_name: z.string(),
    product_image: z.string(),
    variation_attributes: z.record(z.string(), z.string()),
    quantity: z.number().int().min(1),
    product_price: rupeesSchema.describe('List price of one unit'),
    product_saleprice: rupeesSchema.describe('What one unit sells for, GST included'),
    line_total: rupeesSchema,
    discount: rupeesSchema.describe("This line's share of the coupon"),
    hsn_code: z.string(),
    gst_rate: z.number().min(0).max(100).describe('Percent'),
    taxable_value: rupeesSchema,
    tax: rupeesSchema,
    course: z.boolean(),
  })
  .meta({ id: 'PricedLine' });
export type PricedLine = z.infer<typeof pricedLineSchema>;

/** The GST inside the total: CGST+SGST within the store's state, IGST outside it. */
export const taxSplitSchema = z
  .object({
    taxable_value: rupeesSchema,
    cgst: rupeesSchema,
    sgst: rupeesSchema,
    igst: rupeesSchema,
    total_tax: rupeesSchema,
    supply: z.enum(['intra-state', 'inter-state']),
    shipping_state: z.string().nullable(),
  })
  .meta({ id: 'TaxSplit' });

export const paymentSummaryResponseSchema = z
  .object({
    isError: z.literal(false),
    /** False with `reason` (and `field`) when the order cannot be placed as it stands. */
    orderable: z.boolean(),
    reason: z.string().optional(),
    field: z.string().optional(),
    lines: z.array(pricedLineSchema),
    amountbeforediscount: rupeesSchema,
    discountprice: rupeesSchema,
    couponapplied: z.boolean(),
    coupon_code: z.string(),
    coupon_message: z.string().optional(),
    amountafterdiscount: rupeesSchema,
    deliveryCharge: rupeesSchema,
    /** Road km from the office, rounded as the delivery rule says; null when not computed. */
    distance: z.number().int().nonnegative().nullable(),
    free_delivery: z.boolean(),
    tax: taxSplitSchema,
    totalAmountbeforePay: rupeesSchema.describe('The total, GST included'),
    payment_mode: paymentModeSchema,
    delivery_percentage: z.number().int().min(0).max(100),
    /** Pay on delivery: taken online now; Pay now: the total. */
    advance: rupeesSchema,
    remaining_amount: rupeesSchema,
  })
  .meta({ id: 'PaymentSummary' });
export type PaymentSummary = z.infer<typeof paymentSummaryResponseSchema>;

import { MOBILE_INVALID_MESSAGE, validateMobile } from '@shop/domain';
import { z } from 'zod';
import { rupeesSchema } from './common.ts';

export const MAX_LINE_QUANTITY = 999;

const quantitySchema = z.coerce
  .number({ message: 'Quantity must be a whole number of at least 1.' })
  .int({ message: 'Quantity must be a whole number of at least 1.' })
  .min(1, { message: 'Quantity must be a whole number of at least 1.' })
  .max(MAX_LINE_QUANTITY, { message: `Quantity is at most ${MAX_LINE_QUANTITY}.` });

/**
 * The cart line the storefront posts (catalogue-and-cart §3). The server reads only which
 * product (and variation sku), how many, and for whom; names, prices, stock and images come
 * from its own catalogue, so other fields the client sends are accepted and ignored.
 */
export const addCartLineRequestSchema = z.object({
  product_id: z.uuid({ message: 'Unknown product' }),
  product_sku: z.string().trim().min(1, { message: 'product_sku is required.' }).max(120),
  quantity: quantitySchema.default(1),
  user_id: z.uuid({ message: 'Unknown user id' }),
  main_id: z.string().trim().min(1).max(64).describe('The store id'),
});

export const updateCartLineRequestSchema = z.object({ quantity: quantitySchema });

export const skuParamsSchema = z.object({ sku: z.string().trim().min(1).max(120) });

/** A cart line as the storefront reads it, priced from the catalogue at read time. */
export const cartLineSchema = z
  .object({
    product_id: z.string(),
    product_sku: z.string(),
    product_name: z.string(),
    product_price: rupeesSchema.describe('List price of one unit'),
    product_saleprice: rupeesSchema.describe('Sale price of one unit; 0 when none'),
    product_stockstatus: z.enum(['In Stock', 'Out of Stock']),
    product_status: z.string(),
    product_image: z.string(),
    product_gallery: z.array(z.string()),
    description: z.string(),
    short_description: z.string(),
    category: z.string(),
    product_type: z.string(),
    variation_attributes: z.record(z.string(), z.string()),
    typeofsimple: z.string().describe('Empty for simple products'),
    user_id: z.string(),
    user_name: z.string(),
    delivery_days: z.number().int(),
    main_id: z.string(),
    quantity: z.number().int(),
    stock: z.number().int().describe('Units available now; the quantity cap'),
    course: z.boolean(),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(cartLineSchema),
});
export type CartResponse = z.infer<typeof cartResponseSchema>;

export const cartWriteResponseSchema = z.object({
  isError: z.boolean(),
  msg: z.string(),
  data: cartLineSchema.optional(),
});
export type CartWriteResponse = z.infer<typeof cartWriteResponseSchema>;

/** One product line of a quote request, as sent: the server prices it itself. */
const quoteProductSchema = z.object({
  product_id: z.uuid({ message: 'Unknown product' }),
  product_sku: z.string().trim().min(1).max(120),
  quantity: quantitySchema.default(1),
});

/** POST /payment/getquote. Client amounts (amountbeforediscount, …) are ignored. */
export const quoteRequestSchema = z.object({
  name: z.string().trim().min(1, { message: 'Full Name is required.' }).max(120),
  mobile: z
    .string({ message: MOBILE_INVALID_MESSAGE })
    .refine((m) => validateMobile(m).ok, { message: MOBILE_INVALID_MESSAGE })
    .transform((m) => (validateMobile(m) as { mobile: string }).mobile),
  email: z.string().trim().max(254).default(''),
  description: z.string().trim().max(2000).default(''),
  cart_products: z.array(quoteProductSchema).min(1, { message: 'Your cart is empty!' }).max(100),
  user_id: z.uuid({ message: 'Unknown user id' }),
  user_name: z.string().trim().max(120).default(''),
  main_id: z.string().trim().min(1).max(64),
  coupon_code: z.string().trim().max(40).default(''),
  guestVeg: z.coerce.number().int().min(0).max(10000).default(0),
  guestNonVeg: z.coerce.number().int().min(0).max(10000).default(0),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quotedProductSchema = z.object({
  product_id: z.string(),
  product_sku: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  product_price: rupeesSchema,
  product_saleprice: rupeesSchema,
  product_image: z.string(),
});
export type QuotedProduct = z.infer<typeof quotedProductSchema>;

export const quoteResponseSchema = z.object({
  isError: z.literal(false),
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    id: z.string(),
    name: z.string(),
    mobile: z.string(),
    email: z.string(),
    description: z.string(),
    cart_products: z.array(quotedProductSchema),
    amountbeforediscount: rupeesSchema,
    amountafterdiscount: rupeesSchema,
    discountprice: rupeesSchema,
    coupon_code: z.string(),
    couponapplied: z.boolean(),
    /** Additive: "Coupon applied successfully" or why the code was not applied. */
    coupon_message: z.string().optional(),
    payment_mode: z.literal('NA'),
  }),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

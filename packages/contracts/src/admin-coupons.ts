/** Coupons in the admin (owner only). */
import { z } from 'zod';
import { priceInputSchema } from './admin-products.ts';
import { rupeesSchema } from './common.ts';

/** An amount that stays above zero in paise (1e-9 rupees would store as 0). */
const atLeastOnePaisa = (rupees: number) => Math.round(rupees * 100) >= 1;

/** A moment with its offset, like 2026-11-23T10:00:00+05:30 (the form sends its own). */
const when = () => z.iso.datetime({ offset: true, message: 'Enter a date and time.' }).nullable();

const couponShape = {
  code: z
    .string({ message: 'Enter a code.' })
    .trim()
    .min(1, 'Enter a code.')
    .max(40, 'At most 40 characters.')
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, dash or underscore.'),
  /** Whole percent 1-100; exactly one of percentage_offer and price_offer. */
  percentage_offer: z
    .number({ message: 'Enter a whole percent, like 10.' })
    .int('Enter a whole percent, like 10.')
    .min(1, 'At least 1%.')
    .max(100, 'At most 100%.')
    .nullable(),
  price_offer: priceInputSchema.refine(atLeastOnePaisa, 'At least ₹0.01.').nullable(),
  active: z.boolean(),
  start_date: when(),
  end_date: when(),
  minimum_sale_total: priceInputSchema,
  max_discount: priceInputSchema.refine(atLeastOnePaisa, 'At least ₹0.01.').nullable(),
  total_usage_limit: z
    .number({ message: 'Enter a whole number, or leave it empty for no limit.' })
    .int('Enter a whole number, or leave it empty for no limit.')
    .min(0, 'It cannot be below 0.')
    .max(10_000_000, 'At most 10,000,000.')
    .nullable(),
  per_customer_limit: z
    .number({ message: 'Enter a whole number, or leave it empty for no limit.' })
    .int('Enter a whole number, or leave it empty for no limit.')
    .min(1, 'At least 1.')
    .max(10_000, 'At most 10,000.')
    .nullable(),
};
const DEFAULTS = {
  percentage_offer: null,
  price_offer: null,
  active: true,
  start_date: null,
  end_date: null,
  minimum_sale_total: 0,
  max_discount: null,
  total_usage_limit: null,
  per_customer_limit: null,
} as const;

/** The fields of a coupon as the owner types them; a PATCH is merged into the stored ones. */
export const couponFieldsSchema = z.strictObject(couponShape);
export type CouponFields = z.infer<typeof couponFieldsSchema>;

export interface CouponFieldProblem {
  field: keyof CouponFields;
  message: string;
}

/** What the shape alone cannot say: one kind of offer, a window that ends after it starts. */
export function couponFieldsProblem(c: CouponFields): CouponFieldProblem | null {
  if ((c.percentage_offer === null) === (c.price_offer === null)) {
    return {
      field: 'percentage_offer',
      message: 'Give either a percentage or an amount off, not both.',
    };
  }
  if (c.price_offer !== null && c.max_discount !== null) {
    return { field: 'max_discount', message: 'A maximum discount caps a percentage offer only.' };
  }
  if (c.start_date && c.end_date && Date.parse(c.end_date) <= Date.parse(c.start_date)) {
    return { field: 'end_date', message: 'The end must come after the start.' };
  }
  return null;
}

const withProblem = <T extends z.ZodType<CouponFields, unknown>>(schema: T) =>
  schema.superRefine((c, ctx) => {
    const p = couponFieldsProblem(c);
    if (p) ctx.addIssue({ code: 'custom', message: p.message, path: [p.field] });
  });

export const couponCreateSchema = withProblem(
  z
    .strictObject({ ...couponFieldsSchema.partial().shape, code: couponShape.code })
    .transform((c): CouponFields => ({ ...DEFAULTS, ...c })),
);
export type CouponCreate = z.input<typeof couponCreateSchema>;
/** PATCH: any fields; checked again once merged into the stored coupon. */
export const couponPatchSchema = couponFieldsSchema.partial();
export type CouponPatch = Partial<CouponFields>;

export const adminCouponSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  percentage_offer: z.number().int().nullable(),
  price_offer: rupeesSchema.nullable(),
  active: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  minimum_sale_total: rupeesSchema,
  max_discount: rupeesSchema.nullable(),
  total_usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  /** Uses so far: orders holding the coupon (a never-paid order gives its use back). */
  used: z.number().int(),
  /** What those uses took off, in rupees. */
  discount_given: rupeesSchema,
  updatedAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(adminCouponSchema),
});
export type AdminCouponListResponse = z.infer<typeof adminCouponListResponseSchema>;
export const adminCouponResponseSchema = z.object({
  isError: z.literal(false),
  data: adminCouponSchema,
});
export type AdminCouponResponse = z.infer<typeof adminCouponResponseSchema>;
export const adminCouponParamsSchema = z.object({ id: z.uuid('Not a coupon id.') });

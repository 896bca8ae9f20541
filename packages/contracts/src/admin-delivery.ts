/** Delivery bands, free-delivery bands and pincodes in the admin (owner only). */
import { z } from 'zod';
import { PINCODE_PATTERN } from '@shop/domain';
import { priceInputSchema } from './admin-products.ts';
import { rupeesSchema } from './common.ts';

export const BAND_STATUSES = ['Active', 'Inactive'] as const;
export const MAX_BANDS = 50;

const kmSchema = z
  .number({ message: 'Kilometres are a whole number.' })
  .int('Kilometres are a whole number.')
  .min(0, 'Kilometres cannot be negative.')
  .max(100_000, 'At most 100000 km.');

const bandRange = <T extends { min_kilometer: number; max_kilometer: number | null }>(b: T) =>
  b.max_kilometer === null || b.max_kilometer > b.min_kilometer;
const rangeProblem = {
  message: 'The upper end must be above the lower end (or empty for no limit).',
  path: ['max_kilometer'],
};

/** A paid band as the owner types it: min <= km < max; max null: no upper limit. */
export const deliveryBandInputSchema = z
  .strictObject({
    min_kilometer: kmSchema,
    max_kilometer: kmSchema.nullable(),
    delivery_price: priceInputSchema,
    status: z.enum(BAND_STATUSES, { message: 'status is Active or Inactive' }).default('Active'),
  })
  .refine(bandRange, rangeProblem);
export type DeliveryBandInput = z.infer<typeof deliveryBandInputSchema>;

/** A free-delivery band: free when the sale total reaches freedelivery_price. */
export const freeBandInputSchema = z
  .strictObject({
    min_kilometer: kmSchema,
    max_kilometer: kmSchema.nullable(),
    freedelivery_price: priceInputSchema,
    status: z.enum(BAND_STATUSES, { message: 'status is Active or Inactive' }).default('Active'),
  })
  .refine(bandRange, rangeProblem);
export type FreeBandInput = z.infer<typeof freeBandInputSchema>;

/** PUT /admin/delivery/bands: the whole set, replacing the old one (all or nothing). */
export const deliveryBandsPutSchema = z.strictObject({
  bands: z.array(deliveryBandInputSchema).max(MAX_BANDS, `At most ${MAX_BANDS} bands.`),
});
export type DeliveryBandsPut = z.infer<typeof deliveryBandsPutSchema>;
export const freeBandsPutSchema = z.strictObject({
  bands: z.array(freeBandInputSchema).max(MAX_BANDS, `At most ${MAX_BANDS} bands.`),
});
export type FreeBandsPut = z.infer<typeof freeBandsPutSchema>;

/** What the band checks found (only flagged: a gap may be deliberate). */
export const bandCheckSchema = z.object({
  warnings: z.array(z.string()),
  overlaps: z.array(
    z.object({
      first: z.number().int(),
      second: z.number().int(),
      fromKm: z.number().int(),
      toKm: z.number().int().nullable(),
    }),
  ),
  gaps: z.array(z.object({ fromKm: z.number().int(), toKm: z.number().int() })),
  reachKm: z.number().int().nullable(),
});
export type BandCheckDto = z.infer<typeof bandCheckSchema>;

const bandOutBase = {
  id: z.uuid(),
  min_kilometer: z.number().int(),
  max_kilometer: z.number().int().nullable(),
  status: z.enum(BAND_STATUSES),
};
export const deliveryBandSchema = z.object({ ...bandOutBase, delivery_price: rupeesSchema });
export type DeliveryBandDto = z.infer<typeof deliveryBandSchema>;
export const freeBandSchema = z.object({ ...bandOutBase, freedelivery_price: rupeesSchema });
export type FreeBandDto = z.infer<typeof freeBandSchema>;

export const deliveryBandsResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({ bands: z.array(deliveryBandSchema), check: bandCheckSchema }),
});
export type DeliveryBandsResponse = z.infer<typeof deliveryBandsResponseSchema>;
export const freeBandsResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({ bands: z.array(freeBandSchema), check: bandCheckSchema }),
});
export type FreeBandsResponse = z.infer<typeof freeBandsResponseSchema>;

/** A pincode as a store keeps it: six digits (India Post). */
export const storePincodeSchema = z
  .string()
  .trim()
  .regex(PINCODE_PATTERN, 'A pincode is 6 digits and does not start with 0.');
export const PINCODE_STATUSES = BAND_STATUSES;
export const ADMIN_PINCODES_MAX_LIMIT = 200;

export const adminPincodeListQuerySchema = z.object({
  search: z.string().trim().max(6, 'search is at most 6 digits').optional(),
  status: z.enum(PINCODE_STATUSES, { message: 'status is Active or Inactive' }).optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_PINCODES_MAX_LIMIT, `limit is at most ${ADMIN_PINCODES_MAX_LIMIT}`)
    .default(50),
});
export type AdminPincodeListQuery = z.infer<typeof adminPincodeListQuerySchema>;

export const adminPincodeSchema = z.object({
  pincode: z.string(),
  status: z.enum(PINCODE_STATUSES),
});
export type AdminPincode = z.infer<typeof adminPincodeSchema>;

export const adminPincodeListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(adminPincodeSchema),
  /** All of the store's active pincodes (none: the storefront delivers everywhere). */
  active: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type AdminPincodeListResponse = z.infer<typeof adminPincodeListResponseSchema>;

/**
 * POST /admin/pincodes/bulk: pasted text or a CSV file's text; one pincode a line or cell.
 * 200,000 characters (some 28,000 pincodes) keep the JSON body under the server's 1 MiB limit
 * whatever the characters, so a longer text is this 400, never a 413.
 */
export const pincodeBulkSchema = z.strictObject({
  text: z
    .string({ message: 'text is the pasted pincodes or the CSV' })
    .max(200_000, 'At most 200,000 characters of text; split the list.'),
  status: z.enum(PINCODE_STATUSES, { message: 'status is Active or Inactive' }).default('Active'),
});
export type PincodeBulk = z.infer<typeof pincodeBulkSchema>;

export const pincodeBulkResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    added: z.number().int(),
    /** Already in the list (their status set to the one asked). */
    existing: z.number().int(),
    /** Lines that held no valid pincode; nothing else of them was read. */
    errors: z.array(z.object({ line: z.number().int(), text: z.string(), message: z.string() })),
  }),
});
export type PincodeBulkResponse = z.infer<typeof pincodeBulkResponseSchema>;

export const adminPincodeParamsSchema = z.object({ pincode: storePincodeSchema });
export const pincodePatchSchema = z.strictObject({
  status: z.enum(PINCODE_STATUSES, { message: 'status is Active or Inactive' }),
});
export const adminPincodeResponseSchema = z.object({
  isError: z.literal(false),
  data: adminPincodeSchema,
});
export const adminPincodeDeleteResponseSchema = z.object({
  isError: z.literal(false),
  msg: z.string(),
});

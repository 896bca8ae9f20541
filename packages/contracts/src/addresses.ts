import { z } from 'zod';

export const ADDRESS_KINDS = ['Home', 'Office', 'Others'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** An address as the storefront reads it (accounts-checkout-payments §3). */
export const addressSchema = z
  .object({
    id: z.string(),
    location_user: z.enum(ADDRESS_KINDS),
    new_address: z.string(),
    city: z.string(),
    area: z.string(),
    pincode: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    defaultaddressS: z.boolean().describe('Default shipping address'),
    defaultaddressB: z.boolean().describe('Default billing address'),
    user_id: z.string(),
    user_name: z.string(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof addressSchema>;

/**
 * A saved address as create and update answer it: any valid Indian pincode is
 * saved; `deliverable` says whether the shop ships there (else `delivery_message`), since only as
 * the shipping address at checkout is such an address refused.
 */
export const savedAddressSchema = addressSchema
  .extend({
    deliverable: z.boolean().describe('Whether the shop delivers to its pincode'),
    delivery_message: z.string().optional(),
  })
  .meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, { message: `${label} is required.` })
    .max(max, { message: `${label} is at most ${max} characters.` });

/** The fields a customer types. Coordinates are filled by the server's geocoding. */
export const addressInputSchema = z.object({
  location_user: z.enum(ADDRESS_KINDS, { message: 'Choose Home, Office or Others.' }),
  new_address: required('Address', 300),
  city: required('City', 80),
  area: z.string().trim().max(120).default(''),
  pincode: z
    .string({ message: 'Pincode is required.' })
    .trim()
    .regex(/^[1-9]\d{5}$/, { message: 'Please enter a valid 6-digit pincode.' }),
  user_name: z.string().trim().max(120).default(''),
  defaultaddressS: z.boolean().default(false),
  defaultaddressB: z.boolean().default(false),
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const createAddressRequestSchema = addressInputSchema.extend({
  user_id: z.uuid({ message: 'Unknown user id' }),
  main_id: z.string().optional(),
});

export const setDefaultAddressRequestSchema = z
  .object({
    defaultaddressS: z.literal(true).optional(),
    defaultaddressB: z.literal(true).optional(),
  })
  .refine((b) => b.defaultaddressS === true || b.defaultaddressB === true, {
    message: 'Send defaultaddressS or defaultaddressB set to true.',
  });

export const resetDefaultParamsSchema = z.object({
  kind: z.enum(['shipping', 'billing'], { message: 'Use shipping or billing.' }),
  userId: z.uuid({ message: 'Unknown user id' }),
});

export const addressListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(addressSchema),
});
export const addressResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: addressSchema,
});
export const savedAddressResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: savedAddressSchema,
});
export const addressDeletedResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
});

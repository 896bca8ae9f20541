import { z } from 'zod';

/** A Razorpay key id as its dashboard shows it: rzp_test_… or rzp_live_…. */
const keyIdSchema = z
  .string({ error: 'key_id is text.' })
  .trim()
  .regex(/^rzp_(test|live)_[A-Za-z0-9]{6,40}$/, 'A Razorpay key id, like rzp_live_AbCdEf123456.');

const secretSchema = (field: string) =>
  z
    .string({ error: `${field} is text.` })
    .trim()
    .min(8, "At least 8 characters (copy it from Razorpay's dashboard).")
    .max(200, 'At most 200 characters.');

/**
 * The store's own payment-gateway keys (owner only, decision 0028): GET answers them masked,
 * PUT saves them (the secrets sealed; an omitted secret keeps the stored one), DELETE goes back to
 * the server's keys, POST …/test asks the gateway whether it accepts them.
 */
export const paymentKeysSchema = z.object({
  /** What PAYMENT_GATEWAY runs: `sandbox` (local, simulated) or `razorpay`. */
  gateway: z.enum(['sandbox', 'razorpay']),
  /** True when the store has keys of its own (they override the server's). */
  own_keys: z.boolean(),
  /** The key id checkout opens with now (the store's own, else the server's). */
  key_id: z.string(),
  /** The store's own key secret masked ("••••wxyz"), or null. Never the secret. */
  key_secret: z.string().nullable(),
  webhook_secret_set: z.boolean(),
  /** Where to point the webhook in Razorpay's dashboard. */
  webhook_url: z.string(),
});
export type PaymentKeys = z.infer<typeof paymentKeysSchema>;

export const paymentKeysResponseSchema = z.object({
  isError: z.literal(false),
  data: paymentKeysSchema,
});
export type PaymentKeysResponse = z.infer<typeof paymentKeysResponseSchema>;

export const paymentKeysUpdateSchema = z.strictObject({
  key_id: keyIdSchema,
  /** Omitted: keep the stored one (a new key id needs its secret). */
  key_secret: secretSchema('key_secret').optional(),
  /** Omitted: keep; null: use the server's webhook secret. */
  webhook_secret: secretSchema('webhook_secret').nullable().optional(),
});
export type PaymentKeysUpdate = z.infer<typeof paymentKeysUpdateSchema>;

/** Test typed keys (both), or with an empty body the keys checkout uses now. */
export const paymentKeysTestSchema = z
  .strictObject({
    key_id: keyIdSchema.optional(),
    key_secret: secretSchema('key_secret').optional(),
  })
  .refine((b) => (b.key_id === undefined) === (b.key_secret === undefined), {
    message:
      'key_secret: give the key id and its secret together, or neither to test the saved keys.',
    path: ['key_secret'],
  });
export type PaymentKeysTest = z.infer<typeof paymentKeysTestSchema>;

export const paymentKeysTestResponseSchema = z.object({
  isError: z.literal(false),
  /** True when the gateway accepted the keys. */
  ok: z.boolean(),
  message: z.string(),
});
export type PaymentKeysTestResponse = z.infer<typeof paymentKeysTestResponseSchema>;

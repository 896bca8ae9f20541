/**
 * The shopper's erasure request: POST and GET /privacy/erasure (DPDP Act 2023 s.12(3); issue 61
 * item 3). Erasure runs at once when no open order needs the data, else when the last one is
 * delivered or cancelled (the daily job); it deletes or anonymises every personal row of the
 * account and keeps only what a law requires, listed in `kept`.
 */
import { z } from 'zod';

/** POST /privacy/erasure: the shopper confirms, so a stray call erases nothing. */
export const privacyErasureBodySchema = z.object({
  confirm: z.literal(true, { message: 'confirm must be true to erase your data.' }),
});
export type PrivacyErasureBody = z.infer<typeof privacyErasureBodySchema>;

export const erasureStatusSchema = z.enum(['waiting', 'done']);
export type ErasureStatus = z.infer<typeof erasureStatusSchema>;

export const privacyErasureSchema = z
  .object({
    id: z.string(),
    status: erasureStatusSchema,
    requested_at: z.string(),
    /** By when the shop must have done it (DPDP Rules 2025 rule 14(3): at most 90 days). */
    due_at: z.string(),
    done_at: z.string().nullable(),
    /** Numbers of the open orders the erasure waits for (empty when none). */
    waiting_for: z.array(z.string()),
    /** What was deleted or anonymised, per table (empty while waiting). */
    erased: z.array(
      z.object({ table: z.string(), erased: z.number().int(), anonymised: z.number().int() }),
    ),
    /** What the law makes the shop keep, per table with rows, and for how long. */
    kept: z.array(
      z.object({
        table: z.string(),
        rows: z.number().int(),
        law: z.string(),
        keep: z.string(),
      }),
    ),
  })
  .meta({ id: 'PrivacyErasure' });
export type PrivacyErasure = z.infer<typeof privacyErasureSchema>;

export const privacyErasureResponseSchema = z.object({
  isError: z.literal(false),
  data: privacyErasureSchema,
});
/** GET /privacy/erasure: the account's request, or null when none was made. */
export const privacyErasureStatusResponseSchema = z.object({
  isError: z.literal(false),
  data: privacyErasureSchema.nullable(),
});

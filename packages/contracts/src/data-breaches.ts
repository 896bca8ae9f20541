import { BREACH_DATA_KIND_KEYS } from '@shop/domain';
import { z } from 'zod';
import { okEnvelope } from './common.ts';

const moment = () => z.iso.datetime({ offset: true, error: 'Give a date and time' });

/** What the owner records of a personal data breach (Admin → Privacy; DPDP Rules rule 7). */
export const breachFieldsSchema = z
  .object({
    description: z
      .string({ error: 'Say what happened' })
      .trim()
      .min(10, 'Say what happened, in a sentence or more')
      .max(4000, 'At most 4,000 characters'),
    occurred_at: moment().nullable().default(null),
    found_at: moment(),
    data_kinds: z
      .array(z.enum(BREACH_DATA_KIND_KEYS, { error: 'Not a kind of data listed' }))
      .max(BREACH_DATA_KIND_KEYS.length)
      .default([]),
    people_affected: z
      .number({ error: 'Give a number (your best count)' })
      .int('A whole number')
      .min(0, 'Zero or more')
      .max(100_000_000, 'Too large'),
    measures: z.string().trim().max(4000, 'At most 4,000 characters').default(''),
  })
  .refine((b) => !b.occurred_at || Date.parse(b.occurred_at) <= Date.parse(b.found_at), {
    path: ['occurred_at'],
    message: 'It cannot have happened after you found out',
  });
export type BreachFields = z.infer<typeof breachFieldsSchema>;

/** Stamping what was done: the shoppers told, the Board's report sent (true: now; false: undo). */
export const breachProgressSchema = z
  .object({
    shoppers_told: z.boolean().optional(),
    board_reported: z.boolean().optional(),
  })
  .refine((p) => p.shoppers_told !== undefined || p.board_reported !== undefined, {
    message: 'Say what was done: shoppers_told or board_reported',
  });

export const breachParamsSchema = z.object({ id: z.uuid({ error: 'Not a breach id' }) });

const draftSchema = z.object({ subject: z.string(), text: z.string() });

export const breachSchema = z
  .object({
    id: z.string(),
    description: z.string(),
    occurred_at: z.string().nullable(),
    found_at: z.string(),
    data_kinds: z.array(z.string()),
    people_affected: z.number(),
    measures: z.string(),
    shoppers_told_at: z.string().nullable(),
    board_reported_at: z.string().nullable(),
    board_report_due_at: z.string().describe('72 hours after found_at (rule 7(2)(b))'),
    created_at: z.string(),
    drafts: z.object({ shoppers: draftSchema, board: draftSchema }),
  })
  .meta({ id: 'DataBreach' });
export type Breach = z.infer<typeof breachSchema>;

export const breachResponseSchema = okEnvelope(breachSchema);
export const breachListResponseSchema = okEnvelope(z.array(breachSchema));
export type BreachListResponse = z.infer<typeof breachListResponseSchema>;
export type BreachResponse = z.infer<typeof breachResponseSchema>;

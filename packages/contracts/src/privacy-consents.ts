import { z } from 'zod';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '@shop/domain';

const purposeList = CONSENT_PURPOSES.join(', ');

/** A purpose of consent: an unknown one is refused naming the field. */
export const consentPurposeSchema = z.enum(CONSENT_PURPOSES, {
  message: `Choose one of: ${purposeList}.`,
});

/** The form a consent is given on. */
export const consentSourceSchema = z.enum(CONSENT_SOURCES, {
  message: `Choose one of: ${CONSENT_SOURCES.join(', ')}.`,
});

/** One consent as given (and, later, withdrawn): the history is kept, never overwritten. */
export const consentRecordSchema = z
  .object({
    id: z.string(),
    purpose: consentPurposeSchema,
    notice_version: z.string().describe('The privacy notice version shown when it was given'),
    given_at: z.string().describe('ISO time it was given'),
    withdrawn_at: z.string().nullable().describe('ISO time it was withdrawn, null while it stands'),
    source: consentSourceSchema.describe('The form it was given on'),
  })
  .meta({ id: 'ConsentRecord' });
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** A purpose as the shopper's privacy page shows it: whether it stands now, and its history. */
export const consentStatusSchema = z
  .object({
    purpose: consentPurposeSchema,
    granted: z.boolean().describe('Whether the consent stands now'),
    /** The standing consent, or the last one withdrawn, or null if never given. */
    latest: consentRecordSchema.nullable(),
    history: z.array(consentRecordSchema).describe('Every time it was given, newest first'),
  })
  .meta({ id: 'ConsentStatus' });
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/** GET /privacy/consents: the signed-in shopper's own consents, one entry per purpose. */
export const consentListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(consentStatusSchema),
});
export type ConsentListResponse = z.infer<typeof consentListResponseSchema>;

/** POST /privacy/consents: give a consent (again). */
export const giveConsentRequestSchema = z.object({
  purpose: consentPurposeSchema,
  source: consentSourceSchema.default('privacy_page'),
});
export type GiveConsentRequest = z.input<typeof giveConsentRequestSchema>;

/** DELETE /privacy/consents/:purpose */
export const consentPurposeParamsSchema = z.object({ purpose: consentPurposeSchema });

/** The purpose's status after giving or withdrawing, with a sentence saying what changed. */
export const consentChangedResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: consentStatusSchema,
});
export type ConsentChangedResponse = z.infer<typeof consentChangedResponseSchema>;

/**
 * Consents ticked on a form that also signs up, checks out or applies (sign-up's marketing box,
 * checkout's WhatsApp box, the admission's photos box): only ticked purposes are sent; an
 * unticked box records nothing.
 */
export const formConsentsSchema = z
  .array(consentPurposeSchema)
  .max(CONSENT_PURPOSES.length)
  .optional()
  .describe('Purposes the shopper ticked on this form (unticked by default)');

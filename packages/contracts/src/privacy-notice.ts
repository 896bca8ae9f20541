import { z } from 'zod';

/** GET /privacy/notice: which store's notice (none: the request's store). */
export const privacyNoticeQuerySchema = z.object({
  store_id: z
    .string()
    .trim()
    .min(1, { message: 'Give the store id, or leave it out.' })
    .max(64, { message: 'That store id is too long.' })
    .optional()
    .describe("The store whose notice to read; the request's store when left out"),
});

/**
 * GET /privacy/notice: the store's privacy notice as it stands (DPDP Rules 2025 rule 3). The
 * forms' texts are `PRIVACY_NOTICE_TEXTS` of @shop/domain; this says which version of the whole
 * notice (texts, shop name, grievance contact) is in force, and the store's own parts.
 */
export const privacyNoticeResponseSchema = z
  .object({
    isError: z.literal(false),
    version: z
      .string()
      .describe('The notice version: the template revision and a hash of what it says'),
    revision: z.number().int().describe("The template's revision"),
    shop_name: z.string(),
    grievance_officer: z
      .object({ name: z.string(), email: z.string(), phone: z.string() })
      .nullable()
      .describe('Whom shoppers write to with a complaint; phone may be empty. Null: not named yet'),
    board_url: z.string().describe('The Data Protection Board of India, as notified'),
    privacy_page: z.string().describe("The shopper's privacy page (path)"),
    withdraw_consent: z.string().describe('Where consents are withdrawn (path)'),
  })
  .meta({ id: 'PrivacyNotice' });
export type PrivacyNoticeResponse = z.infer<typeof privacyNoticeResponseSchema>;

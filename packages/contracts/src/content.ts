import {
  CONTACT_MESSAGE_MAX_LENGTH,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  FORM_NAME_MAX_LENGTH,
  MOBILE_INVALID_MESSAGE,
  PUBLIC_FORM_MESSAGES as M,
  validateMobile,
} from '@shop/domain';
import { z } from 'zod';
import { emailSchema, mainIdSchema } from './accounts.ts';
import { HONEYPOT_FIELD } from './messages.ts';

const honeypot = z.string().max(2000).default('').describe('Leave empty (hidden spam trap)');

const requiredName = z
  .string({ message: M.nameRequired })
  .trim()
  .min(1, { message: M.nameRequired })
  .max(FORM_NAME_MAX_LENGTH);
const requiredEmail = z
  .string({ message: M.emailRequired })
  .trim()
  .min(1, { message: M.emailRequired })
  .pipe(emailSchema);
const requiredMobile = z
  .string({ message: M.phoneRequired })
  .trim()
  .min(1, { message: M.phoneRequired })
  .refine((m) => validateMobile(m).ok, { message: MOBILE_INVALID_MESSAGE })
  .transform((m) => (validateMobile(m) as { mobile: string }).mobile);

/** POST /leads: the contact page's Get In Touch form. property_id is the store (the site). */
export const leadRequestSchema = z.object({
  name: requiredName,
  email: requiredEmail,
  mobile: requiredMobile,
  remark: z
    .string()
    .trim()
    .max(CONTACT_MESSAGE_MAX_LENGTH, { message: M.messageTooLong })
    .default(''),
  user_id: z
    .string()
    .trim()
    .max(64)
    .default('')
    .describe('The signed-in shopper (empty for a guest); must be the caller'),
  user_name: z.string().trim().max(FORM_NAME_MAX_LENGTH).default(''),
  property_id: mainIdSchema.describe('The store id (the site)'),
  [HONEYPOT_FIELD]: honeypot,
});
export type LeadRequest = z.input<typeof leadRequestSchema>;

/**
 * POST /inquiry: the enquiry form. The spec's parent_name, school, dob and age are not asked
 * (the form has name, mobile, email and message) and are ignored when sent.
 */
export const inquiryRequestSchema = z.object({
  name: requiredName,
  mobile: requiredMobile,
  email: requiredEmail,
  remark: z
    .string()
    .trim()
    .max(ENQUIRY_MESSAGE_MAX_LENGTH, { message: M.enquiryTooLong })
    .default(''),
  main_id: mainIdSchema,
  [HONEYPOT_FIELD]: honeypot,
});
export type InquiryRequest = z.input<typeof inquiryRequestSchema>;

export const publicFormResponseSchema = z.object({
  isError: z.literal(false),
  success: z.literal(true),
  message: z.string(),
});
export type PublicFormResponse = z.infer<typeof publicFormResponseSchema>;

export const contentPageParamsSchema = z.object({
  storeId: mainIdSchema,
  slug: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'Unknown page.' })
    .describe('The page path without its slash, e.g. privacy-policy'),
});

/** GET /pages/{storeId}/{slug}: a content page, its Markdown rendered to HTML without raw HTML. */
export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** HTML made from the Markdown with raw HTML escaped and unsafe links refused. */
  html: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;
export const contentPageResponseSchema = z.object({
  isError: z.literal(false),
  data: contentPageSchema,
});
export type ContentPageResponse = z.infer<typeof contentPageResponseSchema>;

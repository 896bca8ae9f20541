import {
  CONTACT_MESSAGE_MAX_LENGTH,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  FORM_NAME_MAX_LENGTH,
  isCalendarDate,
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

/** An optional date of birth: YYYY-MM-DD, not in the future ('' when not given). */
const optionalDob = z
  .string()
  .trim()
  .regex(/^$|^\d{4}-\d{2}-\d{2}$/, { message: 'Please enter the date of birth as YYYY-MM-DD.' })
  .refine((d) => d === '' || isCalendarDate(d), {
    message: 'Please enter the date of birth as YYYY-MM-DD.',
  })
  .refine((d) => d === '' || d <= new Date().toISOString().slice(0, 10), {
    message: 'The date of birth cannot be in the future.',
  })
  .default('');

/** An optional age in whole years, as a number or digits ('' or absent: none). */
const optionalAge = z
  .union([z.number(), z.string().trim()])
  .optional()
  .transform((a, ctx) => {
    if (a === undefined || a === '') return null;
    const n = typeof a === 'number' ? a : /^\d{1,3}$/.test(a) ? Number(a) : NaN;
    if (!Number.isInteger(n) || n < 0 || n > 120) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid age.' });
      return z.NEVER;
    }
    return n;
  });

/**
 * POST /inquiry: the enquiry form, the spec's body as is (accounts-checkout-payments §3, §7):
 * name, mobile, parent_name, school, dob, age, remark. "The email field feeds school": the
 * email is `school` (or `email`, which wins when both are sent); it is required and must look
 * like an email. main_id is optional (the spec sends none): the request's store (STORE_HOSTS, else STORE_ID).
 */
export const inquiryRequestSchema = z
  .object({
    name: requiredName,
    mobile: requiredMobile,
    school: z.string().trim().max(254).optional().describe('The email (the spec sends it here)'),
    email: z.string().trim().max(254).optional().describe('The email, when sent under its name'),
    parent_name: z.string().trim().max(FORM_NAME_MAX_LENGTH).default(''),
    dob: optionalDob,
    age: optionalAge,
    remark: z
      .string()
      .trim()
      .max(ENQUIRY_MESSAGE_MAX_LENGTH, { message: M.enquiryTooLong })
      .default(''),
    main_id: mainIdSchema.optional().describe('The store id; the server’s own when absent'),
    [HONEYPOT_FIELD]: honeypot,
  })
  .transform((b, ctx) => {
    const field = b.email !== undefined && b.email !== '' ? 'email' : 'school';
    const given = (field === 'email' ? b.email : b.school) ?? '';
    if (given === '') {
      ctx.addIssue({ code: 'custom', path: [field], message: M.emailRequired });
      return z.NEVER;
    }
    const email = emailSchema.safeParse(given);
    if (!email.success) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: email.error.issues[0]?.message ?? M.emailRequired,
      });
      return z.NEVER;
    }
    return { ...b, email: email.data };
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

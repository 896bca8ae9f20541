/**
 * Admissions (accounts-checkout-payments §3, §5, §7): the admission form and the admission
 * payments. The Aadhaar number is optional and answered masked only (`XXXX XXXX 1234`), to the
 * owner too. One parent or guardian is asked for, a second optional (issue 61 item 7; see
 * docs/spec-deviations.md). A student under 18 needs a parent's consent before the admission is
 * submitted or paid (issue 61 item 4).
 */
import { checkAadhaar } from '@shop/domain';
import { z } from 'zod';
import { mobileSchema, paymentModeSchema } from './checkout.ts';
import { rupeesSchema } from './common.ts';
import { ADMISSION_CENTERS, ADMISSION_GENDERS, ADMISSION_MESSAGES as M } from './messages.ts';
import { placeOrderRequestSchema } from './payments.ts';

const required = (max: number) =>
  z
    .string({ message: M.required })
    .trim()
    .min(1, { message: M.required })
    .max(max, { message: `At most ${max} characters.` });
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `At most ${max} characters.` })
    .default('');

/** What the consent flow tells the customer and the parent (API and web). */
export const ADMISSION_CONSENT_MESSAGES = {
  needed:
    "The student is under 18: a parent's consent is needed before the admission is submitted or paid.",
  notPayable:
    "This admission is waiting for a parent's consent: it cannot be paid until the parent consents.",
  declarationRequired: 'Please confirm that you are the student’s parent or guardian.',
  parentEmailRequired: "Please enter the parent's email address.",
  parentEmailIsYours:
    'This is your own email: if you are the parent, tick "I am the student’s parent or guardian" instead.',
  alreadyGiven: "The parent's consent is already recorded; nothing changed.",
  notNeeded: "The student is 18 or older: no parent's consent is needed.",
  requested: 'We emailed the parent a link to consent from their own account.',
  given: 'Thank you: your consent is recorded and the admission is sent to the academy.',
  declared: "Your consent as the student's parent or guardian is recorded.",
  linkInvalid: 'This consent link is not valid. Ask for a new one.',
  linkUsed: 'This consent link has already been used.',
  linkExpired: 'This consent link has expired. Ask for a new one.',
  wrongAccount:
    'This link was sent to another email address. Sign in with the account of that email to consent.',
  ownAdmission:
    "A parent consents from their own account, not the student's: the account holder declares instead.",
  studentLocked:
    'The parent has consented for this student: the name and date of birth can no longer be changed here. Please contact the academy.',
  emailFailed: 'The email to the parent could not be sent. Please try again.',
} as const;

/** Who the parent or guardian is to the student. */
export const GUARDIAN_RELATIONS = ['Mother', 'Father', 'Guardian'] as const;

/** The Aadhaar as typed: 12 digits, a valid check digit; answered as the digits. */
export const aadharSchema = z
  .string({ message: M.aadharRequired })
  .superRefine((value, ctx) => {
    const c = checkAadhaar(value);
    if (c.ok) return;
    ctx.addIssue({
      code: 'custom',
      message:
        c.problem === 'required'
          ? M.aadharRequired
          : c.problem === 'length'
            ? M.aadharLength
            : M.aadharInvalid,
    });
  })
  .transform((v) => v.replace(/\s+/g, ''));

/** The Aadhaar on a new admission: optional (issue 61 item 7); '' or absent means none (null). */
export const optionalAadharSchema = z
  .string()
  .trim()
  .default('')
  .superRefine((value, ctx) => {
    if (value === '') return;
    const c = aadharSchema.safeParse(value);
    if (!c.success) ctx.addIssue({ code: 'custom', message: c.error.issues[0]!.message });
  })
  .transform((v) => (v === '' ? null : v.replace(/\s+/g, '')));

const optionalMobile = z
  .string()
  .trim()
  .default('')
  .superRefine((value, ctx) => {
    if (value === '') return;
    const m = mobileSchema.safeParse(value);
    if (!m.success) ctx.addIssue({ code: 'custom', message: m.error.issues[0]!.message });
  })
  .transform((v) => (v === '' ? '' : mobileSchema.parse(v)));

/**
 * How the parent consents for a student under 18: the account holder declares they are the
 * parent or guardian, or the shop emails the parent a link to consent from their own account.
 */
export const parentConsentRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('declared'),
      declaration: z.literal(true, { message: ADMISSION_CONSENT_MESSAGES.declarationRequired }),
    }),
    z.object({
      method: z.literal('email'),
      parentEmail: z
        .string({ message: ADMISSION_CONSENT_MESSAGES.parentEmailRequired })
        .trim()
        .min(1, { message: ADMISSION_CONSENT_MESSAGES.parentEmailRequired })
        .max(254)
        .pipe(z.email({ message: 'Please enter a valid email address.' }))
        .transform((e) => e.toLowerCase()),
    }),
  ],
  { message: 'method must be "declared" or "email".' },
);
export type ParentConsentRequest = z.input<typeof parentConsentRequestSchema>;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The form's fields (section 5, with issue 61 item 7's changes): one parent or guardian (a
 * second optional), the Aadhaar optional, the date of birth required (it tells whether a parent
 * must consent); school optional.
 */
export const admissionFieldsSchema = z.object({
  name: required(120),
  guardianName: required(120),
  guardianRelation: z.enum(GUARDIAN_RELATIONS, { message: M.required }),
  guardianMobile: z
    .string({ message: M.required })
    .trim()
    .min(1, { message: M.required })
    .pipe(mobileSchema),
  guardian2Name: optional(120),
  guardian2Relation: z.union([z.literal(''), z.enum(GUARDIAN_RELATIONS)]).default(''),
  guardian2Mobile: optionalMobile,
  dob: z
    .string({ message: M.required })
    .trim()
    .min(1, { message: M.required })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Please enter the date of birth as YYYY-MM-DD.' })
    .refine((d) => !Number.isNaN(Date.parse(d)) && d <= today(), {
      message: 'The date of birth cannot be in the future.',
    }),
  aadhar: optionalAadharSchema,
  gender: z.enum(ADMISSION_GENDERS, { message: M.required }),
  school: optional(160),
  address: required(300),
  pincode: z
    .string({ message: M.required })
    .trim()
    .min(1, { message: M.required })
    .regex(/^\d{6}$/, { message: 'Please enter a valid 6-digit pincode.' }),
  mobile: z
    .string({ message: M.required })
    .trim()
    .min(1, { message: M.required })
    .pipe(mobileSchema),
  email: z
    .string({ message: M.required })
    .trim()
    .min(1, { message: M.required })
    .max(254)
    .pipe(z.email({ message: 'Please enter a valid email address.' }))
    .transform((e) => e.toLowerCase()),
  center: z.enum(ADMISSION_CENTERS, { message: M.required }),
  rulesAgreed: z.literal(true, { message: M.rulesRequired }),
});

/** POST /admission: the form plus what the page adds (user_id, user_name, main_id). */
export const admissionCreateRequestSchema = admissionFieldsSchema.extend({
  user_id: z.uuid({ message: 'Unknown user id' }).optional().describe('Must be the caller'),
  user_name: z.string().trim().max(120).optional(),
  main_id: z.string().trim().max(64).optional().describe('The store id (the caller’s store)'),
  parentConsent: parentConsentRequestSchema
    .optional()
    .describe('For a student under 18: how the parent consents (else the admission waits for it)'),
});
export type AdmissionCreateRequest = z.input<typeof admissionCreateRequestSchema>;

/**
 * PUT /admission/{id}: the same payload; an empty Aadhaar (or the masked one the form was
 * prefilled with) keeps the number on file, since answers never carry the digits.
 */
const KEEP_AADHAR = /^$|^XXXX XXXX \d{4}$/;

export const admissionUpdateRequestSchema = admissionCreateRequestSchema.extend({
  aadhar: z
    .string()
    .trim()
    .default('')
    .superRefine((value, ctx) => {
      if (KEEP_AADHAR.test(value)) return;
      const c = aadharSchema.safeParse(value);
      if (!c.success) ctx.addIssue({ code: 'custom', message: c.error.issues[0]!.message });
    })
    .transform((v) => (KEEP_AADHAR.test(v) ? null : v.replace(/\s+/g, ''))),
});
export type AdmissionUpdateRequest = z.input<typeof admissionUpdateRequestSchema>;

export const admissionSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    guardianName: z.string(),
    guardianRelation: z.enum(GUARDIAN_RELATIONS),
    guardianMobile: z.string(),
    guardian2Name: z.string(),
    guardian2Relation: z.union([z.literal(''), z.enum(GUARDIAN_RELATIONS)]),
    guardian2Mobile: z.string(),
    dob: z.string(),
    aadhar: z.string().describe("Masked: XXXX XXXX 1234; '' when none was given"),
    gender: z.enum(ADMISSION_GENDERS),
    school: z.string(),
    address: z.string(),
    pincode: z.string(),
    mobile: z.string(),
    email: z.string(),
    center: z.enum(ADMISSION_CENTERS),
    rulesAgreed: z.boolean(),
    status: z
      .enum(['submitted', 'awaiting_parent_consent'])
      .describe('awaiting_parent_consent: not sent to the shop and not payable yet'),
    parentConsent: z
      .object({
        method: z.enum(['declared', 'parent_account']),
        email: z.string().describe('The email of the account that consented'),
        at: z.string(),
      })
      .nullable(),
    /** The parent a consent link was last emailed to (while waiting), masked. */
    consentRequestedTo: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Admission' });
export type Admission = z.infer<typeof admissionSchema>;

export const admissionResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  data: admissionSchema,
});
export type AdmissionResponse = z.infer<typeof admissionResponseSchema>;

/** GET /admission/single/{userId}: `user` is the caller's admission, or null. */
export const admissionSingleResponseSchema = z.object({
  isError: z.literal(false),
  user: admissionSchema.nullable(),
});
export type AdmissionSingleResponse = z.infer<typeof admissionSingleResponseSchema>;

export const admissionIdParamsSchema = z.object({
  id: z.uuid({ message: M.notFound }),
});
export const admissionUserParamsSchema = z.object({
  userId: z.uuid({ message: 'Unknown user id' }),
});

/**
 * POST /admission-pay and /admission-pay/paydelivery: the order body without addresses (a
 * course is not delivered) and with the admission it pays for.
 */
export const admissionPayRequestSchema = placeOrderRequestSchema
  .omit({ billing_address: true, shipping_address: true })
  .extend({
    admission_id: z.uuid({ message: 'Please fill the admission form first.' }),
    payment_mode: paymentModeSchema,
  });
export type AdmissionPayRequest = z.input<typeof admissionPayRequestSchema>;

/** GET /admission-pay/single/{id}: an admission payment (the spec's fields, and ours after). */
export const admissionPaymentSchema = z
  .object({
    order_id: z.string(),
    createdAt: z.string(),
    user_name: z.string(),
    payment_mode: paymentModeSchema,
    amountafterdiscount: rupeesSchema,
    remaining_amount: rupeesSchema,
    receipt_id: z.string(),
    order_number: z.string(),
    admission_id: z.string(),
    status: z.string(),
    advance: rupeesSchema,
    totalAmountbeforePay: rupeesSchema,
    razorpay_order_id: z.string().nullable(),
    courses: z.array(z.object({ product_name: z.string(), quantity: z.number().int() })),
  })
  .meta({ id: 'AdmissionPayment' });
export type AdmissionPayment = z.infer<typeof admissionPaymentSchema>;

export const admissionPaymentResponseSchema = z.object({
  isError: z.literal(false),
  data: admissionPaymentSchema,
});
export const admissionPaymentParamsSchema = z.object({
  id: z.string().trim().min(1).max(64).describe('The order id or its receipt id'),
});

export const admissionConsentParamsSchema = z.object({
  id: z.uuid({ message: M.notFound }),
});

/** The token of an emailed consent link (in a body: never in a URL the server logs). */
export const consentTokenRequestSchema = z.object({
  token: z
    .string({ message: ADMISSION_CONSENT_MESSAGES.linkInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { message: ADMISSION_CONSENT_MESSAGES.linkInvalid }),
});

/** POST /admission-consent/confirm: the token and the parent's own declaration. */
export const consentConfirmRequestSchema = consentTokenRequestSchema.extend({
  declaration: z.literal(true, { message: ADMISSION_CONSENT_MESSAGES.declarationRequired }),
});

/** What the parent is asked to consent to (POST /admission-consent/view). */
export const consentViewResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    studentName: z.string(),
    dob: z.string(),
    center: z.string(),
    guardianName: z.string(),
    requestedBy: z.string().describe('The name of the account holder who asked'),
    shopName: z.string(),
    expiresAt: z.string(),
    alreadyGiven: z.boolean(),
  }),
});
export type ConsentView = z.infer<typeof consentViewResponseSchema>['data'];

export const consentConfirmResponseSchema = z.object({
  isError: z.literal(false),
  message: z.string(),
  alreadyGiven: z.boolean(),
});
export type ConsentConfirmResponse = z.infer<typeof consentConfirmResponseSchema>;

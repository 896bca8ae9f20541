/**
 * Admissions (accounts-checkout-payments §3, §5, §7): the admission form and the admission
 * payments. The Aadhaar number is answered masked only (`XXXX XXXX 1234`), to the owner too.
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

/** The Aadhaar as typed: required, 12 digits, a valid check digit; answered as the digits. */
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

const today = () => new Date().toISOString().slice(0, 10);

/** The form's fields (section 5). dob and school are optional. */
export const admissionFieldsSchema = z.object({
  name: required(120),
  fatherName: required(120),
  motherName: required(120),
  dob: z
    .string()
    .trim()
    .regex(/^$|^\d{4}-\d{2}-\d{2}$/, { message: 'Please enter the date of birth as YYYY-MM-DD.' })
    .refine((d) => d === '' || (!Number.isNaN(Date.parse(d)) && d <= today()), {
      message: 'The date of birth cannot be in the future.',
    })
    .default(''),
  aadhar: aadharSchema,
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
});
export type AdmissionCreateRequest = z.input<typeof admissionCreateRequestSchema>;

/**
 * PUT /admission/{id}: the same payload; an empty Aadhaar (or the masked one the form was
 * prefilled with) keeps the number on file, since answers never carry the digits.
 */
const KEEP_AADHAR = /^$|^XXXX XXXX \d{4}$/;

export const admissionUpdateRequestSchema = admissionCreateRequestSchema.extend({
  aadhar: z
    .string({ message: M.aadharRequired })
    .trim()
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
    fatherName: z.string(),
    motherName: z.string(),
    dob: z.string(),
    aadhar: z.string().describe('Masked: XXXX XXXX 1234'),
    gender: z.enum(ADMISSION_GENDERS),
    school: z.string(),
    address: z.string(),
    pincode: z.string(),
    mobile: z.string(),
    email: z.string(),
    center: z.enum(ADMISSION_CENTERS),
    rulesAgreed: z.boolean(),
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

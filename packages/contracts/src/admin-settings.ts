import {
  isValidEmail,
  MOBILE_INVALID_MESSAGE,
  normalizeEmail,
  normalizeGstin,
  normalizeMobile,
  PINCODE_PATTERN,
  RETENTION_SETTABLE,
} from '@shop/domain';
import { z } from 'zod';
import { urlInputSchema } from './admin-content.ts';

/** The store's sign-in security settings (owner only): GET/PATCH /api/admin/settings/security. */
export const securitySettingsSchema = z.object({
  /** Staff and the owner sign in with a code emailed at each sign-in too (decision 0027). */
  staff_second_factor: z.boolean(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/**
 * The settings as the owner sees them: with `email_ready`, whether the server's emails reach an
 * inbox (a mail server is set; the demo's outbox folder counts in the demo only). The code cannot
 * be turned on without it.
 */
export const securitySettingsViewSchema = securitySettingsSchema.extend({
  email_ready: z.boolean(),
});
export type SecuritySettingsView = z.infer<typeof securitySettingsViewSchema>;

/**
 * Turning the code on needs the `challenge` of a test code sent to the owner
 * (POST /api/admin/settings/security/test-code) and the `code` the owner received; off needs
 * neither.
 */
export const securitySettingsPatchSchema = z.strictObject({
  staff_second_factor: z.boolean({ error: 'staff_second_factor is true or false.' }),
  challenge: z
    .string({ error: 'challenge is text.' })
    .max(200, 'At most 200 characters.')
    .optional(),
  code: z
    .string({ error: 'code is text.' })
    .trim()
    .regex(/^\d{6}$/, 'Type the six-digit code from the email.')
    .optional(),
});
export type SecuritySettingsPatch = z.infer<typeof securitySettingsPatchSchema>;

export const securitySettingsResponseSchema = z.object({
  isError: z.literal(false),
  data: securitySettingsViewSchema,
});
export type SecuritySettingsResponse = z.infer<typeof securitySettingsResponseSchema>;

/** POST /api/admin/settings/security/test-code: a test code was emailed to the owner. */
export const securityTestCodeResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    /** Names the code; sent back with it when turning the setting on. */
    challenge: z.string(),
    /** The owner's email, masked (`m•••@shop.in`). */
    sent_to: z.string(),
  }),
});
export type SecurityTestCodeResponse = z.infer<typeof securityTestCodeResponseSchema>;

/** A 10-digit Indian number typed any way ("+91 98200 12345"), stored as its 10 digits; or empty. */
const phoneSchema = (field: string) =>
  z
    .string({ error: `${field} is text.` })
    .max(20, 'At most 20 characters.')
    .transform((s) => normalizeMobile(s))
    .refine((s) => s === '' || s.length === 10, MOBILE_INVALID_MESSAGE);

const optionalEmail = (field: string) =>
  z
    .string({ error: `${field} is text.` })
    .trim()
    .max(254, 'At most 254 characters.')
    .refine((s) => s === '' || isValidEmail(s), 'Enter an email address like shop@example.com.')
    .transform((s) => (s === '' ? '' : normalizeEmail(s)));

const text = (field: string, max: number, required: boolean) =>
  z
    .string({ error: `${field} is text.` })
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine((s) => !required || s.length > 0, `Enter the ${field.replace(/_/g, ' ')}.`);

/** A person's name, or empty: at most 80 characters, at least 2 when given. */
const personName = (field: string) =>
  z
    .string({ error: `${field} is text.` })
    .trim()
    .max(80, 'At most 80 characters.')
    .refine((s) => s === '' || s.length >= 2, 'Enter the full name (at least 2 characters).');

const coordinate = (field: string, limit: number) =>
  z
    .number({ error: `${field} is a number of degrees.` })
    .min(-limit, `${field} is between -${limit} and ${limit}.`)
    .max(limit, `${field} is between -${limit} and ${limit}.`)
    .nullable();

/**
 * The store's profile as the owner edits it (decision 0024): who the shop is,
 * who sells for GST, where the office is (delivery distances start there) and the order knobs.
 * The GST state is not typed: it is the GSTIN's, else the office pincode's.
 */
export const storeProfileFieldsSchema = z.strictObject({
  name: text('name', 80, true),
  logo: urlInputSchema,
  color: z
    .string({ error: 'color is text.' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #f97316.')
    .transform((s) => s.toLowerCase()),
  email: optionalEmail('email'),
  phone: phoneSchema('phone'),
  whatsapp_number: phoneSchema('whatsapp_number'),
  legal_name: text('legal_name', 120, true),
  /** Empty: not registered for GST (the invoice then says "Bill of supply"). */
  gstin: z
    .string({ error: 'gstin is text.' })
    .max(20, 'A GSTIN has 15 characters.')
    .transform(normalizeGstin),
  invoice_address: text('invoice_address', 300, false),
  office_address: text('office_address', 300, true),
  office_pincode: z
    .string({ error: 'office_pincode is text.' })
    .trim()
    .regex(PINCODE_PATTERN, 'Please enter a valid 6-digit pincode.'),
  /** Null: the centre of the office pincode. */
  office_latitude: coordinate('office_latitude', 90),
  office_longitude: coordinate('office_longitude', 180),
  road_factor: z
    .number({ error: 'road_factor is a number.' })
    .min(1, 'road_factor is between 1 and 5.')
    .max(5, 'road_factor is between 1 and 5.'),
  notification_email: optionalEmail('notification_email'),
  low_stock_threshold: z
    .number({ error: 'low_stock_threshold is a whole number.' })
    .int('low_stock_threshold is a whole number.')
    .min(0, 'At least 0.')
    .max(100_000, 'At most 100000.'),
  delivery_percentage: z
    .number({ error: 'delivery_percentage is a whole percent.' })
    .int('delivery_percentage is a whole percent.')
    .min(0, 'Between 0 and 100.')
    .max(100, 'Between 0 and 100.'),
  /**
   * The grievance officer shoppers may write to (Consumer Protection (E-Commerce) Rules 2020,
   * rule 4(4)/5(5); the DPDP Act's contact for data questions): name and email together (the
   * service refuses one without the other), phone optional; shown on the contact page. Absent:
   * empty (not given yet), so an older client's save still works.
   */
  grievance_officer_name: personName('grievance_officer_name').default(''),
  grievance_officer_email: optionalEmail('grievance_officer_email').default(''),
  grievance_officer_phone: phoneSchema('grievance_officer_phone').default(''),
});
export type StoreProfileFields = z.infer<typeof storeProfileFieldsSchema>;
export type StoreProfileInput = z.input<typeof storeProfileFieldsSchema>;

export const storeProfileSchema = z.object({
  ...storeProfileFieldsSchema.shape,
  name: z.string(),
  logo: z.string(),
  color: z.string(),
  email: z.string(),
  phone: z.string(),
  whatsapp_number: z.string(),
  legal_name: z.string(),
  gstin: z.string(),
  invoice_address: z.string(),
  office_address: z.string(),
  office_pincode: z.string(),
  notification_email: z.string(),
  grievance_officer_name: z.string(),
  grievance_officer_email: z.string(),
  grievance_officer_phone: z.string(),
  /** False until the owner saves the profile once: the shop cannot take orders before. */
  configured: z.boolean(),
  /** The GST state the shop sells from (the GSTIN's, else the office pincode's). */
  state: z.string(),
  gst_state_code: z.string(),
});
export type StoreProfile = z.infer<typeof storeProfileSchema>;

export const storeProfileResponseSchema = z.object({
  isError: z.literal(false),
  data: storeProfileSchema,
});
export type StoreProfileResponse = z.infer<typeof storeProfileResponseSchema>;

/** The purchase buttons (cart_buttons) and payment modes (pay_buttons) the store offers. */
export const CART_BUTTON_IDS = ['addtocart', 'buynow', 'getquote'] as const;
/** The payment modes checkout takes (the spec's paymanual has no flow on our server). */
export const PAY_BUTTON_IDS = ['paynow', 'payondelivery'] as const;

const buttonFields = <const Ids extends readonly [string, ...string[]]>(ids: Ids) => ({
  button_id: z.enum(ids, { error: `button_id is one of ${ids.join(', ')}.` }),
  active: z.boolean({ error: 'active is true or false.' }),
});

/** One entry per button at most. */
const buttonSet = <T extends { button_id: string; active: boolean }>(
  item: z.ZodType<T>,
  size: number,
  what: string,
) =>
  z
    .array(item)
    .max(size)
    .refine((list) => new Set(list.map((b) => b.button_id)).size === list.length, {
      message: `Each ${what} once.`,
    });

export const storeButtonsSchema = z
  .strictObject({
    cart_buttons: buttonSet(
      z.strictObject(buttonFields(CART_BUTTON_IDS)),
      CART_BUTTON_IDS.length,
      'cart button',
    ).refine((list) => list.some((b) => b.active), {
      message: 'Turn on at least one cart button.',
    }),
    default_cart_button: z.enum(CART_BUTTON_IDS, { error: 'Pick the default cart button.' }),
    /**
     * At least one payment mode must be on: one of these, or Pay by UPI (saved in its own
     * section) once set up. The service checks it, knowing the UPI settings (decision 0039).
     */
    pay_buttons: buttonSet(
      z.strictObject({
        ...buttonFields(PAY_BUTTON_IDS),
        /** What checkout shows for the mode ("Pay now", "Cash on delivery"). */
        label: z.string().trim().min(1, 'Enter a label.').max(40, 'At most 40 characters.'),
      }),
      PAY_BUTTON_IDS.length,
      'payment mode',
    ),
  })
  .superRefine((b, ctx) => {
    if (!b.cart_buttons.some((x) => x.button_id === b.default_cart_button && x.active)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default_cart_button'],
        message: 'The default cart button must be one that is on.',
      });
    }
  });
export type StoreButtons = z.infer<typeof storeButtonsSchema>;

/** What is stored (every known button, on or off; no default flagged: null). */
export const storeButtonsResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    cart_buttons: z.array(z.object({ button_id: z.enum(CART_BUTTON_IDS), active: z.boolean() })),
    default_cart_button: z.enum(CART_BUTTON_IDS).nullable(),
    pay_buttons: z.array(
      z.object({ button_id: z.enum(PAY_BUTTON_IDS), label: z.string(), active: z.boolean() }),
    ),
  }),
});
export type StoreButtonsResponse = z.infer<typeof storeButtonsResponseSchema>;

/** GET /admin/settings/pincode/{pincode}: where a pincode is (the office is placed at it). */
export const pincodePlaceResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    pincode: z.string(),
    /** The GST name of its state, e.g. "Maharashtra". */
    state: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    /** True when only the area's centre (its first three digits) is known. */
    approximate: z.boolean(),
  }),
});
export type PincodePlaceResponse = z.infer<typeof pincodePlaceResponseSchema>;
export const pincodeParamsSchema = z.object({
  pincode: z.string().regex(PINCODE_PATTERN, 'Please enter a valid 6-digit pincode.'),
});

const retentionDays = (name: string) =>
  z
    .number({ error: `${name} is a whole number of days.` })
    .int(`${name} is a whole number of days.`)
    .min(
      RETENTION_SETTABLE.minDays,
      `${name} is between ${RETENTION_SETTABLE.minDays} and ${RETENTION_SETTABLE.maxDays} days.`,
    )
    .max(
      RETENTION_SETTABLE.maxDays,
      `${name} is between ${RETENTION_SETTABLE.minDays} and ${RETENTION_SETTABLE.maxDays} days.`,
    );

/**
 * The retention periods the owner sets (issue 61 item 5), GET/PUT /api/admin/settings/retention
 * (owner only): enquiries, contact messages and quote requests are erased this many days after
 * they were sent; customer accounts this many days after their last sign-in (emailed 48 hours
 * before). The defaults are `RETENTION_RULES` of @shop/domain.
 */
export const retentionSettingsSchema = z.strictObject({
  enquiry_retention_days: retentionDays('enquiry_retention_days'),
  inactive_account_days: retentionDays('inactive_account_days'),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const retentionSettingsResponseSchema = z.object({
  isError: z.literal(false),
  data: retentionSettingsSchema,
});
export type RetentionSettingsResponse = z.infer<typeof retentionSettingsResponseSchema>;

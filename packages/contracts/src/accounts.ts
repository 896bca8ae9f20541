import {
  CUSTOMER_GST_NO,
  CUSTOMER_GST_NO_MESSAGE,
  MESSAGES,
  MOBILE_INVALID_MESSAGE,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  isValidEmail,
  normalizeEmail,
  validateMobile,
} from '@shop/domain';
import { z } from 'zod';

/** The store the call is for (the spec's fixed `main_id`). */
export const mainIdSchema = z.string().trim().min(1).max(64).describe('The store id');

export const emailSchema = z
  .string()
  .max(254)
  .refine(isValidEmail, { message: MESSAGES.invalidEmailReset })
  .transform(normalizeEmail);

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, {
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  });

/** What the storefront keeps as "the user" (accounts-checkout-payments §3). */
export const accountUserSchema = z
  .object({
    user_id: z.string(),
    id: z.string(),
    full_name: z.string(),
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    user_gstNo: z.string(),
  })
  .meta({ id: 'AccountUser' });
export type AccountUser = z.infer<typeof accountUserSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string().describe('Short-lived JWT; send as `Authorization: Bearer …`'),
  refreshToken: z.string().describe('Opaque; exchange at /api/auth/refresh, rotated on use'),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, { message: MESSAGES.passwordTooShortLogin })
    .max(PASSWORD_MAX_LENGTH),
  main_id: mainIdSchema,
});
export const loginResponseSchema = tokenPairSchema.extend({
  user: accountUserSchema,
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const googleSignupRequestSchema = z.object({
  token: z.string().max(8192).optional().describe('A Google ID token (JWT)'),
  main_id: mainIdSchema,
});
export const googleSignupResponseSchema = z.object({
  message: z.string(),
  data: tokenPairSchema.extend({ user: accountUserSchema }),
});
export type GoogleSignupResponse = z.infer<typeof googleSignupResponseSchema>;

export const sendOtpRequestSchema = z.object({ email: emailSchema, main_id: mainIdSchema });
export const successResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

export const verifyOtpRequestSchema = z.object({
  email: emailSchema,
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { message: MESSAGES.otpIncomplete }),
  main_id: mainIdSchema,
});
/**
 * The answer to a right code: a single-use proof that only the one who verified holds.
 * `signupToken` after a registration code, `resetToken` after a reset code (decision 0009).
 */
export const verifyOtpResponseSchema = successResponseSchema.extend({
  signupToken: z.string().optional(),
  resetToken: z.string().optional(),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** A proof from verify-otp; absent or wrong is a 403, never a 400 (the spec call had none). */
const proofSchema = z.string().max(200).optional();

/**
 * A mobile number as typed ("+91 98200 12345", "098200-12345"), read by the domain's
 * validateMobile and answered as its 10 digits; `optional` also takes an empty box.
 */
const typedMobileSchema = (optional: boolean) =>
  z
    .string({ message: MOBILE_INVALID_MESSAGE })
    .trim()
    .refine((m) => (optional && m === '') || validateMobile(m).ok, {
      message: MOBILE_INVALID_MESSAGE,
    })
    .transform((m) => {
      const checked = validateMobile(m);
      return checked.ok ? checked.mobile : '';
    });

/** A person's name as sign-up takes it; a profile correction checks it the same way. */
export const fullNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'Full name is required.' })
  .max(120, { message: 'Full name must be at most 120 characters.' });

export const signupRequestSchema = z.object({
  email: emailSchema,
  mobile: typedMobileSchema(true).describe('Optional; +91, spaces and dashes are read'),
  full_name: fullNameSchema,
  password: newPasswordSchema,
  main_id: mainIdSchema,
  signupToken: proofSchema.describe('The proof verify-otp answered'),
});
export const signupResponseSchema = tokenPairSchema.extend({
  message: z.string(),
  newUser: accountUserSchema,
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const resetPasswordRequestSchema = z.object({
  email: emailSchema,
  newPassword: newPasswordSchema,
  main_id: mainIdSchema,
  resetToken: proofSchema.describe('The proof verify-otp answered'),
});

export const userIdParamsSchema = z.object({ userId: z.uuid({ message: 'Unknown user id' }) });
export const idParamsSchema = z.object({ id: z.uuid({ message: 'Unknown id' }) });

export const singleUserResponseSchema = z.object({
  isError: z.literal(false),
  status: z.literal(200),
  message: z.string(),
  mobile: z.string(),
  user_gstNo: z.string(),
  data: accountUserSchema,
});
export type SingleUserResponse = z.infer<typeof singleUserResponseSchema>;

export const updateUserRequestSchema = z.object({
  full_name: fullNameSchema
    .optional()
    .describe('An extension of the spec: the shopper corrects their name (DPDP Act s.12(1))'),
  mobile: typedMobileSchema(false).optional(),
  user_gstNo: z
    .string()
    .trim()
    .toUpperCase()
    .regex(CUSTOMER_GST_NO, { message: CUSTOMER_GST_NO_MESSAGE })
    .optional(),
});
export const updateUserResponseSchema = z.object({
  success: z.literal(true),
  data: accountUserSchema,
});

export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export const logoutRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });

export const helpResponseSchema = z.object({
  isError: z.literal(false),
  help: z.object({
    whatsapp_number: z.string(),
    mobile: z.string(),
    /** The shop's public email (the contact page shows it). */
    email: z.string(),
  }),
});
export type HelpResponse = z.infer<typeof helpResponseSchema>;

export const registerTokenRequestSchema = z.object({
  user_id: z.uuid({ message: 'Unknown user id' }),
  deviceToken: z.string().min(1).max(4096).nullable(),
  /**
   * true when the app re-registers a device on start: kept only while the push consent stands
   * (a withdrawn consent is not given back by a refresh). Absent: the shopper opted in ("Get
   * updates on this phone"), which records the push consent (issue 61 item 2).
   */
  refresh: z.boolean().optional(),
});

/** Public sign-in settings the storefront needs before it can show the Google button. */
export const authOptionsResponseSchema = z.object({
  google: z.object({
    mode: z
      .enum(['local', 'google', 'off'])
      .describe(
        "google: Google's button for clientId; local: the offline test sign-in (the demo, or GOOGLE_SIGN_IN=local); off: no Google sign-in",
      ),
    clientId: z.string(),
  }),
  appShellMarker: z.string().describe('Text in the user agent of the native app shell'),
});

/** Local mode only: a Google-like ID token for a reserved test address (example.com, .test). */
export const localGoogleTokenRequestSchema = z.object({
  email: emailSchema,
  name: z.string().trim().min(1).max(120),
  email_verified: z
    .boolean()
    .optional()
    .describe('false mints a credential whose email Google has not verified (default true)'),
});
export const localGoogleTokenResponseSchema = z.object({ credential: z.string() });
export type AuthOptionsResponse = z.infer<typeof authOptionsResponseSchema>;

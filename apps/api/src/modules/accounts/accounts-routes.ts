import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authOptionsResponseSchema,
  googleSignupRequestSchema,
  googleSignupResponseSchema,
  helpResponseSchema,
  idParamsSchema,
  localGoogleTokenRequestSchema,
  localGoogleTokenResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerTokenRequestSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  signupRequestSchema,
  signupResponseSchema,
  singleUserResponseSchema,
  storeIdParamsSchema,
  successResponseSchema,
  tokenPairSchema,
  updateUserRequestSchema,
  updateUserResponseSchema,
  userIdParamsSchema,
  verifyOtpRequestSchema,
  verifyOtpResponseSchema,
  type AccountUser,
} from '@shop/contracts';
import {
  isReservedTestEmail,
  type GoogleSignInMode,
  type LocalGoogleIssuer,
} from '../../adapters/google-sign-in.ts';
import { BadRequest } from '../../lib/errors.ts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import { ACCOUNT_MESSAGES as MSG } from './accounts-messages.ts';
import type { UserRow } from './accounts-repository.ts';
import type { AccountsService } from './accounts-service.ts';
import type { SessionsService } from './sessions-service.ts';

export function toAccountUser(u: UserRow): AccountUser {
  return {
    user_id: u.id,
    id: u.id,
    full_name: u.fullName,
    name: u.fullName,
    email: u.email,
    mobile: u.mobile,
    user_gstNo: u.gstNo,
  };
}

export interface AccountsRoutesOptions {
  service: AccountsService;
  sessions: SessionsService;
  google: { mode: GoogleSignInMode; clientId: string; localIssuer: LocalGoogleIssuer | null };
  appShellMarker: string;
}

const tags = ['accounts'];
const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
const bearer = bearerSecurity;

/** The account calls of spec accounts-checkout-payments §7, plus token refresh and logout. */
export function accountsRoutes(
  app: FastifyInstance,
  { appShellMarker, google, service, sessions }: AccountsRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Account answers carry tokens and personal data: never cached anywhere.
  noStore(app);

  r.post(
    '/loginuser',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { user, tokens } = await service.login(
        req.body.main_id,
        req.body.email,
        req.body.password,
        req.ip,
      );
      return { user: toAccountUser(user), message: MSG.loggedIn, ...tokens };
    },
  );

  r.post(
    '/registeruser/api/google-signup',
    {
      schema: {
        tags,
        summary: 'Sign in or register with a Google ID token',
        body: googleSignupRequestSchema,
        response: { 200: googleSignupResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { user, tokens } = await service.googleSignIn(req.body.main_id, req.body.token, req.ip);
      return { message: MSG.loggedIn, data: { user: toAccountUser(user), ...tokens } };
    },
  );

  r.post(
    '/registeruser/api/send-otp',
    {
      schema: {
        tags,
        summary: 'Email a registration code',
        body: sendOtpRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.sendCode(req.body.main_id, req.body.email, 'signup', req.ip);
      return { success: true, message: MSG.otpSent };
    },
  );

  r.post(
    '/registeruser/api/resetsend-otp',
    {
      schema: {
        tags,
        summary: 'Email a password-reset code',
        body: sendOtpRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.sendCode(req.body.main_id, req.body.email, 'reset', req.ip);
      return { success: true, message: MSG.resetOtpSent };
    },
  );

  r.post(
    '/registeruser/api/verify-otp',
    {
      schema: {
        tags,
        summary: 'Check the emailed code (registration or reset)',
        body: verifyOtpRequestSchema,
        response: { 200: verifyOtpResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { purpose, proof } = await service.verifyCode(
        req.body.main_id,
        req.body.email,
        req.body.otp,
        req.ip,
      );
      return {
        success: true,
        message: MSG.otpVerified,
        ...(purpose === 'signup' ? { signupToken: proof } : { resetToken: proof }),
      };
    },
  );

  r.post(
    '/registeruser/api/signup',
    {
      schema: {
        tags,
        summary:
          'Create the account of an email verified in the last 10 minutes (with the signupToken verify-otp answered)',
        body: signupRequestSchema,
        response: { 200: signupResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { user, tokens } = await service.signup({
        storeId: req.body.main_id,
        email: req.body.email,
        mobile: req.body.mobile,
        fullName: req.body.full_name,
        password: req.body.password,
        proof: req.body.signupToken,
        ip: req.ip,
      });
      return { newUser: toAccountUser(user), message: MSG.registered, ...tokens };
    },
  );

  r.post(
    '/registeruser/api/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password after a verified reset code (with its resetToken)',
        body: resetPasswordRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.resetPassword({
        storeId: req.body.main_id,
        email: req.body.email,
        newPassword: req.body.newPassword,
        proof: req.body.resetToken,
        ip: req.ip,
      });
      return { success: true, message: MSG.passwordReset };
    },
  );

  r.get(
    '/registeruser/single/:userId',
    {
      config: needs.self('params', 'userId'),
      schema: {
        tags,
        summary: 'The signed-in user (owner only)',
        security: bearer,
        params: userIdParamsSchema,
        response: { 200: singleUserResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = await service.profile(callerOf(req));
      return {
        isError: false as const,
        status: 200 as const,
        message: MSG.userFound,
        mobile: user.mobile,
        user_gstNo: user.gstNo,
        data: toAccountUser(user),
      };
    },
  );

  r.put(
    '/registeruser/api/user/:id',
    {
      config: needs.self('params', 'id'),
      schema: {
        tags,
        summary: 'Change name, mobile and GST number (owner only)',
        security: bearer,
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: updateUserResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = await service.updateProfile(callerOf(req), req.body);
      return { success: true as const, data: toAccountUser(user) };
    },
  );

  r.post(
    '/firebase/register-token',
    {
      config: needs.self('body', 'user_id'),
      schema: {
        tags,
        summary: 'Register a push device token (null without notification permission)',
        security: bearer,
        body: registerTokenRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { deviceToken, refresh } = req.body;
      const kept = await service.registerDeviceToken(callerOf(req), deviceToken, refresh);
      return {
        success: true,
        message: kept
          ? 'Device registered.'
          : deviceToken
            ? 'Not registered: updates on this phone are turned off in My account → Privacy.'
            : 'No device token to register.',
      };
    },
  );

  r.get(
    '/help/single/:storeId',
    {
      schema: {
        tags,
        summary: 'Help contacts of the store (WhatsApp, phone and email)',
        params: storeIdParamsSchema,
        response: { 200: helpResponseSchema, ...errors },
      },
    },
    async (req) => {
      const store = await service.requireStore(req.params.storeId);
      return {
        isError: false as const,
        help: { whatsapp_number: store.whatsapp, mobile: store.phone, email: store.email },
      };
    },
  );

  r.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair (rotation)',
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema, ...errors },
      },
    },
    (req) => sessions.refresh(req.body.refreshToken),
  );

  r.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'Revoke the session of a refresh token',
        body: logoutRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (req) => {
      await sessions.end(req.body.refreshToken);
      return { success: true, message: MSG.loggedOut };
    },
  );

  r.get(
    '/auth/options',
    {
      schema: {
        tags,
        summary:
          'Public sign-in settings (Google sign-in mode and client id, native app marker): the storefront shows the Google button by them alone',
        response: { 200: authOptionsResponseSchema },
      },
    },
    () => ({
      google: { mode: google.mode, clientId: google.clientId },
      appShellMarker,
    }),
  );

  const issuer = google.localIssuer;
  if (issuer) {
    r.post(
      '/auth/google-local/token',
      {
        schema: {
          tags,
          summary:
            'Local mode only (the demo, or GOOGLE_SIGN_IN=local; 404 otherwise): a Google-like ID token for a reserved test address (example.com, .test)',
          body: localGoogleTokenRequestSchema,
          response: { 200: localGoogleTokenResponseSchema, ...errors },
        },
      },
      async (req) => {
        if (!isReservedTestEmail(req.body.email)) {
          throw new BadRequest(
            'The local test sign-in only takes addresses at example.com, example.net, example.org or a .test domain.',
            'email',
          );
        }
        const { email, name, email_verified: emailVerified } = req.body;
        return {
          credential: await issuer.issue({
            email,
            name,
            ...(emailVerified === false && { emailVerified }),
          }),
        };
      },
    );
  }
}

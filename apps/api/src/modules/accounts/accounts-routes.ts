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
} from '@shop/contracts';
import { isReservedTestEmail, type LocalGoogleIssuer } from '../../adapters/google-sign-in.ts';
import { HttpError } from '../../lib/errors.ts';
import { assertSelf, type Authenticate } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import { toAccountUser, type AccountsService } from './accounts-service.ts';

export interface AccountsRoutesOptions {
  service: AccountsService;
  authenticate: Authenticate;
  google: { mode: 'local' | 'google'; clientId: string; localIssuer: LocalGoogleIssuer | null };
  appShellMarker: string;
}

const tags = ['accounts'];
const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);
const bearer = bearerSecurity;

/** The account calls of spec accounts-checkout-payments §7, plus token refresh and logout. */
export function accountsRoutes(app: FastifyInstance, o: AccountsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { service } = o;

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
    (req) => service.login(req.body.main_id, req.body.email, req.body.password, req.ip),
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
    (req) => service.googleSignIn(req.body.main_id, req.body.token),
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
    (req) => service.sendCode(req.body.main_id, req.body.email, 'signup', req.ip),
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
    (req) => service.sendCode(req.body.main_id, req.body.email, 'reset', req.ip),
  );

  r.post(
    '/registeruser/api/verify-otp',
    {
      schema: {
        tags,
        summary: 'Check the emailed code (registration or reset)',
        body: verifyOtpRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    (req) => service.verifyCode(req.body.main_id, req.body.email, req.body.otp, req.ip),
  );

  r.post(
    '/registeruser/api/signup',
    {
      schema: {
        tags,
        summary: 'Create the account of an email verified in the last 10 minutes',
        body: signupRequestSchema,
        response: { 200: signupResponseSchema, ...errors },
      },
    },
    (req) =>
      service.signup({
        storeId: req.body.main_id,
        email: req.body.email,
        mobile: req.body.mobile,
        fullName: req.body.full_name,
        password: req.body.password,
      }),
  );

  r.post(
    '/registeruser/api/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password after a verified reset code',
        body: resetPasswordRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    (req) => service.resetPassword(req.body.main_id, req.body.email, req.body.newPassword),
  );

  r.get(
    '/registeruser/single/:userId',
    {
      onRequest: o.authenticate.required,
      schema: {
        tags,
        summary: 'The signed-in user (owner only)',
        security: bearer,
        params: userIdParamsSchema,
        response: { 200: singleUserResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await o.authenticate(req);
      assertSelf(caller, req.params.userId);
      const user = await service.profile(caller);
      return {
        isError: false as const,
        status: 200 as const,
        message: 'User found',
        mobile: user.mobile,
        user_gstNo: user.gstNo,
        data: toAccountUser(user),
      };
    },
  );

  r.put(
    '/registeruser/api/user/:id',
    {
      onRequest: o.authenticate.required,
      schema: {
        tags,
        summary: 'Change mobile and GST number (owner only)',
        security: bearer,
        params: idParamsSchema,
        body: updateUserRequestSchema,
        response: { 200: updateUserResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await o.authenticate(req);
      assertSelf(caller, req.params.id);
      const user = await service.updateProfile(caller, req.body);
      return { success: true as const, data: toAccountUser(user) };
    },
  );

  r.post(
    '/firebase/register-token',
    {
      onRequest: o.authenticate.required,
      schema: {
        tags,
        summary: 'Register a push device token (null without notification permission)',
        security: bearer,
        body: registerTokenRequestSchema,
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = await o.authenticate(req);
      assertSelf(caller, req.body.user_id);
      await service.registerDeviceToken(caller, req.body.deviceToken);
      return {
        success: true,
        message: req.body.deviceToken ? 'Device registered.' : 'No device token to register.',
      };
    },
  );

  r.get(
    '/help/single/:storeId',
    {
      schema: {
        tags,
        summary: 'Help contacts of the store (WhatsApp and phone)',
        params: storeIdParamsSchema,
        response: { 200: helpResponseSchema, ...errors },
      },
    },
    async (req) => {
      const store = await service.requireStore(req.params.storeId);
      return {
        isError: false as const,
        help: { whatsapp_number: store.whatsapp, mobile: store.phone },
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
    (req) => service.refresh(req.body.refreshToken),
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
    (req) => service.logout(req.body.refreshToken),
  );

  r.get(
    '/auth/options',
    {
      schema: {
        tags,
        summary: 'Public sign-in settings (Google client id, native app marker)',
        response: { 200: authOptionsResponseSchema },
      },
    },
    () => ({
      google: { mode: o.google.mode, clientId: o.google.clientId },
      appShellMarker: o.appShellMarker,
    }),
  );

  const issuer = o.google.localIssuer;
  if (issuer) {
    r.post(
      '/auth/google-local/token',
      {
        schema: {
          tags,
          summary:
            'Local mode only: a Google-like ID token for a reserved test address (example.com, .test)',
          body: localGoogleTokenRequestSchema,
          response: { 200: localGoogleTokenResponseSchema, ...errors },
        },
      },
      async (req) => {
        if (!isReservedTestEmail(req.body.email)) {
          throw new HttpError(
            400,
            'The local test sign-in only takes addresses at example.com, example.net, example.org or a .test domain.',
            'email',
          );
        }
        return { credential: await issuer.issue(req.body) };
      },
    );
  }
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  adminLoginVerifyRequestSchema,
  adminSessionSchema,
  staffMeResponseSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import { toStaffUser } from '../accounts/index.ts';

export interface AdminRoutesOptions {
  accounts: AccountsService;
}

const tags = ['admin'];

/**
 * The admin area's sign-in and who is signed in. Every route but the sign-in needs staff or the
 * owner of the caller's store (the route matrix test checks every route under /api/admin; the
 * staff routes are the accounts module's, the audit log's the audit module's).
 */
export function adminRoutes(app: FastifyInstance, { accounts }: AdminRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.post(
    '/admin/login',
    {
      schema: {
        tags,
        summary:
          'Staff and owner sign-in (a customer account is refused with 403); the same limits as the customer sign-in. When the store asks for a second factor, answers a code challenge instead of a session.',
        body: adminLoginRequestSchema,
        response: {
          200: adminLoginResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429, 503),
        },
      },
    },
    async (req) => {
      const { main_id, email, password } = req.body;
      const result = await accounts.staffLogin(main_id, email, password, req.ip);
      if ('challenge' in result) {
        return { needs_code: true as const, challenge: result.challenge, sent_to: result.sentTo };
      }
      return { user: toStaffUser(result.user), ...result.tokens };
    },
  );

  r.post(
    '/admin/login/verify',
    {
      schema: {
        tags,
        summary:
          'The second step of a staff sign-in: the code emailed for a challenge (10 minutes, 5 tries, once) starts the session',
        body: adminLoginVerifyRequestSchema,
        response: { 200: adminSessionSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (req) => {
      const { main_id, challenge, code } = req.body;
      const { user, tokens } = await accounts.verifyStaffCode(main_id, challenge, code, req.ip);
      return { user: toStaffUser(user), ...tokens };
    },
  );

  r.get(
    '/admin/me',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary: 'The signed-in staff member: id, store and role (staff or owner only)',
        security: bearerSecurity,
        response: { 200: staffMeResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (req) => {
      const user = callerOf(req);
      return {
        isError: false as const,
        data: { user_id: user.id, main_id: user.storeId, role: user.role },
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminLoginRequestSchema,
  adminLoginResponseSchema,
  staffMeResponseSchema,
  type StaffUser,
} from '@shop/contracts';
import { parseRole } from '@shop/domain';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AccountsService, SignedIn } from '../accounts/accounts-service.ts';
import type { StaffService } from '../accounts/staff-service.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { auditRoutes } from './audit-routes.ts';
import { staffRoutes } from './staff-routes.ts';

export interface AdminRoutesOptions {
  accounts: AccountsService;
  staff: StaffService;
  audit: AuditService;
}

export function toStaffUser(u: SignedIn['user']): StaffUser {
  return {
    user_id: u.id,
    email: u.email,
    full_name: u.fullName,
    main_id: u.storeId,
    role: parseRole(u.role),
  };
}

const tags = ['admin'];

/**
 * The admin area's own calls. Every route but the sign-in needs staff or the owner of the
 * caller's store (the route matrix test checks every route under /api/admin).
 */
export function adminRoutes(app: FastifyInstance, o: AdminRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.post(
    '/admin/login',
    {
      schema: {
        tags,
        summary:
          'Staff and owner sign-in (a customer account is refused with 403); the same limits as the customer sign-in',
        body: adminLoginRequestSchema,
        response: { 200: adminLoginResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const { user, tokens } = await o.accounts.login(
        req.body.main_id,
        req.body.email,
        req.body.password,
        req.ip,
        { staffOnly: true },
      );
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

  staffRoutes(app, o);
  auditRoutes(app, o);
}

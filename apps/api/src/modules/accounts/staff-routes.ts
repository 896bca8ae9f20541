import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  staffAcceptRequestSchema,
  staffAcceptResponseSchema,
  staffInviteRequestSchema,
  staffInviteResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffRoleRequestSchema,
  staffUserIdParamsSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { AccountsService } from './accounts-service.ts';
import type { StaffRole, StaffService } from './staff-service.ts';
import { toStaffUser } from './staff-user.ts';

const tags = ['admin'];
const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

/** Staff management: the owner lists, invites, changes roles and removes; invitees accept. */
export function staffRoutes(
  app: FastifyInstance,
  { accounts, staff }: { accounts: AccountsService; staff: StaffService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/admin/staff',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        summary: "The store's owner and staff, and its open invites (owner only)",
        security: bearerSecurity,
        response: { 200: staffListResponseSchema, ...errors },
      },
    },
    async (req) => {
      const { staff: members, invites } = await staff.list(callerOf(req).storeId);
      return {
        isError: false as const,
        data: {
          staff: members.map(toStaffUser),
          invites: invites.map((i) => ({
            invite_id: i.id,
            email: i.email,
            role: i.role as StaffRole,
            expires_at: i.expiresAt.toISOString(),
          })),
        },
      };
    },
  );

  r.post(
    '/admin/staff/invite',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        summary: 'Invite an email to the staff: a code is emailed (owner only)',
        security: bearerSecurity,
        body: staffInviteRequestSchema,
        response: { 200: staffInviteResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const store = await accounts.requireStore(caller.storeId);
      const invite = await staff.invite(caller, store, req.body.email, req.body.role);
      return {
        isError: false as const,
        message: `Invite sent to ${invite.email}.`,
        data: {
          invite_id: invite.id,
          email: invite.email,
          expires_at: invite.expiresAt.toISOString(),
        },
      };
    },
  );

  r.post(
    '/admin/staff/accept',
    {
      schema: {
        tags,
        summary:
          'Accept a staff invite with the emailed code: makes or promotes the account (public)',
        body: staffAcceptRequestSchema,
        response: { 200: staffAcceptResponseSchema, ...errors },
      },
    },
    async (req) => {
      await accounts.requireStore(req.body.main_id);
      const user = await staff.accept({
        storeId: req.body.main_id,
        email: req.body.email,
        code: req.body.code,
        fullName: req.body.full_name,
        password: req.body.password,
        ip: req.ip,
      });
      return {
        isError: false as const,
        message: 'Welcome to the team. Sign in with your email and password.',
        data: { user: toStaffUser(user) },
      };
    },
  );

  r.patch(
    '/admin/staff/:user_id',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        summary: "Change a staff member's role; the last owner cannot be demoted (owner only)",
        security: bearerSecurity,
        params: staffUserIdParamsSchema,
        body: staffRoleRequestSchema,
        response: { 200: staffMemberResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = await staff.setRole(callerOf(req), req.params.user_id, req.body.role);
      return {
        isError: false as const,
        message: 'Role changed.',
        data: { user: toStaffUser(user) },
      };
    },
  );

  r.delete(
    '/admin/staff/:user_id',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        summary:
          'Remove a staff member (back to a customer account; their sessions end); never the last owner (owner only)',
        security: bearerSecurity,
        params: staffUserIdParamsSchema,
        response: { 200: staffMemberResponseSchema, ...errors },
      },
    },
    async (req) => {
      const user = await staff.setRole(callerOf(req), req.params.user_id, 'customer');
      return {
        isError: false as const,
        message: 'Removed from the staff.',
        data: { user: toStaffUser(user) },
      };
    },
  );
}

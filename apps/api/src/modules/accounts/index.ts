import type { FastifyPluginCallback } from 'fastify';
import { accountsRoutes, type AccountsRoutesOptions } from './accounts-routes.ts';
import type { StaffService } from './staff-service.ts';
import { staffRoutes } from './staff-routes.ts';

export { accountContactOf, accountEmailSql, lockAccount } from './account-reads.ts';
export { toStaffUser } from './staff-user.ts';

/**
 * The accounts module: sign-up and sign-in (codes, password, Google), sessions, profile, and the
 * store's staff under /api/admin/staff (invites, roles, removal; the owner only).
 */
export const accounts: FastifyPluginCallback<AccountsRoutesOptions & { staff: StaffService }> = (
  app,
  o,
  done,
) => {
  accountsRoutes(app, o);
  staffRoutes(app, { accounts: o.service, staff: o.staff });
  done();
};

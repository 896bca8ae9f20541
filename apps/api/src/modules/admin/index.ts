import type { FastifyPluginCallback } from 'fastify';
import { adminRoutes, type AdminRoutesOptions } from './admin-routes.ts';

/** The admin module: the staff sign-in (/api/admin/login) and /api/admin/me. */
export const admin: FastifyPluginCallback<AdminRoutesOptions> = (app, o, done) => {
  adminRoutes(app, o);
  done();
};

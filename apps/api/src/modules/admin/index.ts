import type { FastifyPluginCallback } from 'fastify';
import { adminRoutes, type AdminRoutesOptions } from './admin-routes.ts';

/** The admin module: staff sign-in and the staff and owner calls under /api/admin. */
export const admin: FastifyPluginCallback<AdminRoutesOptions> = (app, o, done) => {
  adminRoutes(app, o);
  done();
};

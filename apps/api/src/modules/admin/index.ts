import type { FastifyPluginCallback } from 'fastify';
import { adminRoutes } from './admin-routes.ts';

/** The admin module: staff and owner calls under /api/admin. */
export const admin: FastifyPluginCallback = (app, _o, done) => {
  adminRoutes(app);
  done();
};

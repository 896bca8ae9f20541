import type { FastifyPluginAsync } from 'fastify';
import { adminRoutes } from './admin-routes.ts';

/** The admin module: staff and owner calls under /api/admin. */
export const admin: FastifyPluginAsync = async (app) => {
  adminRoutes(app);
};

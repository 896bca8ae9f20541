import type { FastifyPluginCallback } from 'fastify';
import { dashboardRoutes } from './dashboard-routes.ts';
import type { DashboardService } from './dashboard-service.ts';

/** The admin dashboard under /api/admin/dashboard (decision 0016). */
export const dashboard: FastifyPluginCallback<{ service: DashboardService }> = (app, o, done) => {
  dashboardRoutes(app, o);
  done();
};

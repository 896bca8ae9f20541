import type { FastifyPluginCallback } from 'fastify';
import { healthRoutes, type HealthRoutesOptions } from './health-routes.ts';

/** Health: GET /api/health, /api/health/live and /api/health/ready. */
export const health: FastifyPluginCallback<HealthRoutesOptions> = (app, o, done) => {
  healthRoutes(app, o);
  done();
};

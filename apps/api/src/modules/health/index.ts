import type { FastifyPluginCallback } from 'fastify';
import { healthRoutes, type HealthRoutesOptions } from './health-routes.ts';

/** Liveness and database health: GET /api/health. */
export const health: FastifyPluginCallback<HealthRoutesOptions> = (app, o, done) => {
  healthRoutes(app, o);
  done();
};

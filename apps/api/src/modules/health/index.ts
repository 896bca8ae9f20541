import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes, type HealthRoutesOptions } from './health-routes.ts';

/** Liveness and database health: GET /api/health. */
export const health: FastifyPluginAsync<HealthRoutesOptions> = async (app, o) => {
  healthRoutes(app, o);
};

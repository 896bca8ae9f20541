import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, liveResponseSchema, readyResponseSchema } from '@shop/contracts';

export interface HealthRoutesOptions {
  ping: () => Promise<void>;
  /** How many shipped migrations the database has not applied. */
  pendingMigrations: () => Promise<number>;
  /** The store a request is for (its host's under STORE_HOSTS, else STORE_ID's). */
  storeOf: (request: FastifyRequest) => string;
}

/**
 * GET /health (the database and the store of the request's host), GET /health/live (the process answers)
 * and GET /health/ready (the database answers and its schema is current). While the server
 * shuts down, Fastify answers every new request 503, so a load balancer stops sending.
 */
export function healthRoutes(
  app: FastifyInstance,
  { ping, pendingMigrations, storeOf }: HealthRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: "Database health and the store id of the request's host",
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, database: 'up' as const, storeId: storeOf(req) };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply
          .code(503)
          .send({ status: 'unavailable', database: 'down', storeId: storeOf(req) });
      }
    },
  );

  r.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: liveResponseSchema },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  r.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and every migration is applied',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        await ping();
      } catch (err) {
        req.log.error({ err }, 'readiness: database unreachable');
        return reply.code(503).send({
          status: 'unavailable',
          database: 'down',
          migrations: 'unknown',
          pendingMigrations: null,
        });
      }
      const pending = await pendingMigrations();
      const ready = pending === 0;
      return reply.code(ready ? 200 : 503).send({
        status: ready ? 'ok' : 'unavailable',
        database: 'up',
        migrations: ready ? 'applied' : 'pending',
        pendingMigrations: pending,
      });
    },
  );
}

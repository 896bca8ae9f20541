import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '@shop/contracts';

export interface HealthRoutesOptions {
  ping: () => Promise<void>;
  defaultStoreId: string;
}

/** Readiness: 200 when the database answers, 503 otherwise. */
export function healthRoutes(app: FastifyInstance, { ping, defaultStoreId }: HealthRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness and the default store id',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (req, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, database: 'up' as const, storeId: defaultStoreId };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply
          .code(503)
          .send({ status: 'unavailable', database: 'down', storeId: defaultStoreId });
      }
    },
  );
}

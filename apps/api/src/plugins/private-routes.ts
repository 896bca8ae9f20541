import type { FastifyInstance } from 'fastify';
import { errorResponseSchema } from '@shop/contracts';

/** Answers of a scope that carry tokens or personal data: never cached by browser or proxy. */
export function noStore(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/** The error answers a route documents, all in the one error shape. */
export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(codes.map((c) => [c, errorResponseSchema])) as Record<
    C,
    typeof errorResponseSchema
  >;
}

/** OpenAPI: the route wants `Authorization: Bearer <access token>`. */
export const bearerSecurity = [{ bearerAuth: [] }];

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, RawRequestDefaultExpression } from 'fastify';
import fp from 'fastify-plugin';

/** A client's request id is kept only when it is short and plain (no log or header injection). */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request: the client's `x-request-id` when it is at most 64 plain characters
 * (letters, digits, `.`, `_`, `:`, `-`), else a new UUID. Fastify's `genReqId`.
 */
export function requestId(raw: RawRequestDefaultExpression): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}

/** Tells the client the id its request is logged under (`x-request-id` on every answer). */
export const requestIdHeader = fp(
  (app: FastifyInstance, _o: object, done: () => void) => {
    app.addHook('onRequest', (request, reply, next) => {
      reply.header('x-request-id', request.id);
      next();
    });
    done();
  },
  { name: 'request-id' },
);

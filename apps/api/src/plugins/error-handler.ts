import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@shop/contracts';
import { HttpError } from '../lib/errors.ts';

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  message: string,
  field?: string,
) {
  const body: ErrorResponse = { isError: true, msg: message, message };
  if (field) body.field = field;
  return reply.code(statusCode).send(body);
}

/**
 * One shape for every error: `{ isError: true, msg, message, field? }`. `msg`/`message` carry
 * the message alone ("This field is required"); validation errors name the field in `field`; server errors are logged with the request id and hide their internals.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      // The message alone (the spec's words); the field path goes in `field` only.
      return sendError(reply, 400, first?.message ?? 'Invalid value', field);
    }
    if (error instanceof HttpError) {
      return sendError(reply, error.statusCode, error.message, error.field);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, payload too large, unsupported media type.
      return sendError(reply, status, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, `Something went wrong on our side (request ${request.id}).`);
  });
}

/** The error handler as a plugin, so it covers every route registered after it. */
export const errorHandler = fp(
  (app: FastifyInstance, _options: object, done: () => void) => {
    registerErrorHandler(app);
    done();
  },
  { name: 'error-handler' },
);

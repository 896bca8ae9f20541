import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendAgainOrderEmailsResponseSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { UnsentOrderEmailsService } from './unsent-order-emails-service.ts';

/**
 * POST /admin/order-emails/send-again: the store's refused order emails sent again (staff and
 * owner of the caller's store; only that store's emails). The dashboard shows what is unsent.
 */
export function unsentOrderEmailsRoutes(app: FastifyInstance, service: UnsentOrderEmailsService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/order-emails/send-again',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        security: bearerSecurity,
        summary:
          "Sends the store's order emails the email server refused again, given-up ones too, after the shop mended its email settings",
        response: { 200: sendAgainOrderEmailsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.sendAgain(callerOf(req)) }),
  );
}

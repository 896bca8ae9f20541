import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendAgainShopNoticesResponseSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { UnsentShopNoticesService } from './unsent-shop-notices-service.ts';

/**
 * POST /admin/shop-notices/send-again: the store's refused notices of its forms sent again (staff
 * and owner of the caller's store; only that store's notices).
 */
export function unsentShopNoticesRoutes(app: FastifyInstance, service: UnsentShopNoticesService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/admin/shop-notices/send-again',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        security: bearerSecurity,
        summary:
          "Sends the store's notices of its forms' messages the email server refused again, given-up ones too, after the shop mended its email settings",
        response: { 200: sendAgainShopNoticesResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.sendAgain(callerOf(req)) }),
  );
}

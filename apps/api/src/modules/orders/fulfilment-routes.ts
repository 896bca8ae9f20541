import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  moveOrderRequestSchema,
  orderResponseSchema,
  orderStatusParamsSchema,
} from '@shop/contracts';
import { rupeesToPaise } from '@shop/domain';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import type { OrdersService } from './orders-service.ts';

/**
 * The shop's moves of an order (issue 12; the admin screen drives the same call). Staff or the
 * owner of the order's store only: the role is checked from the token, the store against the
 * order's own store in the service (another store's staff get 403).
 */
export function fulfilmentRoutes(
  app: FastifyInstance,
  service: FulfilmentService,
  orders: OrdersService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/orders/:order_id',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        summary:
          "One order with its timeline, refunds and tax documents (staff of the order's store)",
        security: bearerSecurity,
        params: orderStatusParamsSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await orders.oneOfStore(callerOf(req).storeId, req.params.order_id),
    }),
  );
  r.post(
    '/admin/orders/:order_id/status',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        summary:
          "Move an order to another status (staff or owner of the order's store); cancelling a paid order refunds it",
        security: bearerSecurity,
        params: orderStatusParamsSchema,
        body: moveOrderRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const { to, note, version, refund_amount } = req.body;
      const data = await service.move(
        { kind: 'staff', userId: user.id, storeId: user.storeId },
        req.params.order_id,
        {
          to,
          note,
          version,
          refundAmountPaise: refund_amount === undefined ? undefined : rupeesToPaise(refund_amount),
        },
      );
      return { isError: false as const, data };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  orderIdParamsSchema,
  orderResponseSchema,
  payAgainResponseSchema,
  ordersResponseSchema,
  ordersUserParamsSchema,
  placePayNowResponseSchema,
  payOnDeliveryResponseSchema,
  placeOrderRequestSchema,
} from '@shop/contracts';
import { BadRequest } from '../../lib/errors.ts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { OrdersService } from './orders-service.ts';
import type { PlacingService } from './placing-service.ts';

const tags = ['payments'];
const security = bearerSecurity;
const errors = errorResponses(400, 401, 403, 404, 409, 503);

/** Placing and reading orders (accounts-checkout-payments §7). */
export function ordersRoutes(
  app: FastifyInstance,
  { service, placing }: { service: OrdersService; placing: PlacingService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.post(
    '/payment',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Place an order to pay now (every amount recomputed by the server)',
        security,
        headers: idempotencyHeadersSchema,
        body: placeOrderRequestSchema,
        response: { 200: placePayNowResponseSchema, ...errors },
      },
    },
    async (req) => {
      if (req.body.payment_mode !== 'Pay now') {
        throw new BadRequest('Use /payment/paydelivery to pay on delivery.', 'payment_mode');
      }
      return (await placing.place(
        callerOf(req),
        req.body,
        req.headers['idempotency-key'],
      )) as ReturnType<typeof placePayNowResponseSchema.parse>;
    },
  );

  r.post(
    '/payment/paydelivery',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Place an order to pay on delivery (with the advance online when above zero)',
        security,
        headers: idempotencyHeadersSchema,
        body: placeOrderRequestSchema,
        response: { 200: payOnDeliveryResponseSchema, ...errors },
      },
    },
    async (req) => {
      if (req.body.payment_mode !== 'Pay on delivery') {
        throw new BadRequest('Use /payment to pay now.', 'payment_mode');
      }
      return (await placing.place(
        callerOf(req),
        req.body,
        req.headers['idempotency-key'],
      )) as ReturnType<typeof payOnDeliveryResponseSchema.parse>;
    },
  );

  r.get(
    '/payment/order/:id',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'One of the caller’s orders',
        security,
        params: orderIdParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.one(callerOf(req), req.params.id),
    }),
  );

  r.post(
    '/payment/order/:id/pay',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          'Pay again for one of the caller’s orders awaiting its payment (the same order; a fresh gateway order only once its hold had ended)',
        security,
        params: orderIdParamsSchema,
        response: { 200: payAgainResponseSchema, ...errors },
      },
    },
    async (req) => placing.payAgain(callerOf(req), req.params.id),
  );

  r.get(
    '/payment/:user_id',
    {
      config: needs.self('params', 'user_id'),
      schema: {
        tags,
        summary: "The user's orders, newest first",
        security,
        params: ordersUserParamsSchema,
        response: { 200: ordersResponseSchema, ...errors },
      },
    },
    async (req) => ({ isError: false as const, data: await service.list(callerOf(req)) }),
  );
}

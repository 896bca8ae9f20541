import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOrderResponseSchema,
  bulkMoveRequestSchema,
  bulkMoveResponseSchema,
  collectOrderRequestSchema,
  orderResponseSchema,
  orderStatusParamsSchema,
  patchOrderRequestSchema,
} from '@shop/contracts';
import { rupeesToPaise } from '@shop/domain';
import { callerOf, needs, type SignedInUser } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { DeskService } from './desk-service.ts';
import type { FulfilmentService } from './fulfilment-service.ts';

const tags = ['admin'];
const staffActor = (user: SignedInUser) => ({
  kind: 'staff' as const,
  userId: user.id,
  storeId: user.storeId,
});

/**
 * The shop's writes on an order (the orders desk): read one, move it (PATCH), collect
 * the remainder at delivery, move many. Staff or the owner of the order's store only: the role
 * is checked from the token, the store against the order's own store in the service (another
 * store's staff get 403). Every write is audited inside its transaction by FulfilmentService.
 */
export function fulfilmentRoutes(
  app: FastifyInstance,
  service: FulfilmentService,
  desk: DeskService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/orders/:order_id',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary:
          "One order with its items, customer, addresses, payment, tax lines, refunds, tax documents and timeline (staff of the order's store)",
        security: bearerSecurity,
        params: orderStatusParamsSchema,
        response: { 200: adminOrderResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await desk.one(callerOf(req).storeId, req.params.order_id),
    }),
  );
  r.patch(
    '/admin/orders/:order_id',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary:
          "Move an order to another status, with a note, courier and tracking number (staff or owner of the order's store); cancelling a paid order restocks and refunds it (refund_amount: part of it)",
        security: bearerSecurity,
        params: orderStatusParamsSchema,
        body: patchOrderRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const { orderStatus, note, version, refund_amount, courier, trackingNumber } = req.body;
      const data = await service.move(staffActor(callerOf(req)), req.params.order_id, {
        to: orderStatus,
        note,
        version,
        courier,
        trackingNumber,
        refundAmountPaise: refund_amount === undefined ? undefined : rupeesToPaise(refund_amount),
      });
      return { isError: false as const, data };
    },
  );
  r.post(
    '/admin/orders/:order_id/collect',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary:
          'Mark the remaining amount of a pay-on-delivery order collected in cash (out for delivery or delivered; once)',
        security: bearerSecurity,
        params: orderStatusParamsSchema,
        body: collectOrderRequestSchema,
        response: { 200: orderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.collect(staffActor(callerOf(req)), req.params.order_id, req.body),
    }),
  );
  r.post(
    '/admin/orders/bulk-move',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary:
          'Move up to 100 orders of the store to one status, each in its own transaction; answers moved or refused (why) per order',
        security: bearerSecurity,
        body: bulkMoveRequestSchema,
        response: { 200: bulkMoveResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { order_ids, orderStatus, note } = req.body;
      const outcomes = await service.bulkMove(
        staffActor(callerOf(req)),
        order_ids,
        orderStatus,
        note,
      );
      return {
        isError: false as const,
        data: outcomes.map((o) =>
          o.moved
            ? {
                order_id: o.orderId,
                result: 'moved' as const,
                orderStatus: o.orderStatus,
                version: o.version,
              }
            : { order_id: o.orderId, result: 'refused' as const, reason: o.reason },
        ),
      };
    },
  );
}

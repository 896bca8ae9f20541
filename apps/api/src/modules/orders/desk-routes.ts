import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderFiltersSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  ADMIN_ORDER_SORTS,
  orderStatusParamsSchema,
} from '@shop/contracts';
import { istDay } from '@shop/domain';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { DeskService } from './desk-service.ts';

const tags = ['admin'];
/** A file's bytes (sent as they are; Fastify does not serialize a Buffer). */
const fileBody = (type: string) => z.instanceof(Buffer).meta({ description: type });

/** The orders desk's reads: the list, its CSV and the packing slip (staff of the store). */
export function deskRoutes(app: FastifyInstance, desk: DeskService, clock: () => Date) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/orders',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary:
          "The store's orders: filters (status, payment mode, paid, India-time days), search (order number, name, mobile, email), sort and pages",
        security: bearerSecurity,
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { data, total } = await desk.list(callerOf(req).storeId, req.query);
      return {
        isError: false as const,
        data,
        page: req.query.page,
        limit: req.query.limit,
        total,
      };
    },
  );
  r.get(
    '/admin/orders/export.csv',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary: "The store's orders matching the list's filters as CSV (at most 10,000 rows)",
        security: bearerSecurity,
        querystring: adminOrderFiltersSchema.extend({
          sort: z.enum(ADMIN_ORDER_SORTS).default('placed_desc'),
        }),
        response: { 200: fileBody('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const csv = await desk.exportCsv(callerOf(req).storeId, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${istDay(clock())}.csv"`)
        .send(Buffer.from(csv, 'utf8'));
    },
  );
  r.get(
    '/admin/orders/:order_id/packing-slip',
    {
      config: needs.staff(),
      schema: {
        tags,
        summary: 'The packing slip PDF of an order: items, quantities, ship-to, no prices',
        security: bearerSecurity,
        params: orderStatusParamsSchema,
        response: { 200: fileBody('application/pdf'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { fileName, bytes } = await desk.packingSlip(
        callerOf(req).storeId,
        req.params.order_id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(bytes);
    },
  );
}

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orders, type Database } from '@shop/db';
import { ORDER_STATUSES } from '@shop/domain';

/**
 * A stand-in for the staff route that moves an order (issue 12's fulfilment service), for the
 * browser tests only: they run the server on its embedded database, which no other process may
 * open, so e2e/orders-support.ts#moveOrder asks the server itself. Registered only with
 * E2E_ORDER_MOVES=true (never in production; refused beside the real gateway by config); it
 * sets the status and stamps the step's date, nothing else. Remove it when moveOrder uses
 * `POST /api/admin/orders/{order_id}/status`.
 */
export function registerE2eOrderMoves(app: FastifyInstance, db: Database) {
  const params = z.object({ id: z.uuid() });
  const body = z.object({ to: z.enum(ORDER_STATUSES) });
  app.post('/api/e2e/orders/:id/status', async (req, reply) => {
    const { id } = params.parse(req.params);
    const { to } = body.parse(req.body);
    const now = new Date();
    const stamp = {
      Pending: {},
      Processing: { processingDate: now },
      Packed: {},
      Shipped: { shippedDate: now },
      'Out for delivery': { outDeliveryDate: now },
      Delivered: { deliveryDate: now, delivered: true },
      Cancelled: {},
    }[to];
    const moved = await db
      .update(orders)
      .set({ orderStatus: to, ...stamp, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, id))
      .returning({ version: orders.version });
    if (moved.length === 0) return reply.code(404).send({ isError: true, msg: 'Order not found' });
    return { isError: false, orderStatus: to, version: moved[0]!.version };
  });
}

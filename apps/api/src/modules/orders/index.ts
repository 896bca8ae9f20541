import type { FastifyPluginCallback } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { deskRoutes } from './desk-routes.ts';
import type { DeskService } from './desk-service.ts';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import { manualUpiRoutes } from './manual-upi-routes.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import { ordersRoutes } from './orders-routes.ts';
import type { OrdersService } from './orders-service.ts';

/**
 * The orders module: placing orders (pay now, pay on delivery), confirming payments (verify,
 * webhook), releasing expired stock holds every `sweepEveryMs` (each checked at the gateway
 * first, and unpaid orders once at start), reading orders, and the shop's
 * moves of an order through its statuses and the orders desk (/admin/orders…: list, one order,
 * PATCH, collect, bulk move, CSV export, packing slip).
 */
export const orders: FastifyPluginCallback<{
  service: OrdersService;
  fulfilment: FulfilmentService;
  desk: DeskService;
  clock: Clock;
  sweepEveryMs: number;
}> = (app, o, done) => {
  ordersRoutes(app, o);
  fulfilmentRoutes(app, o.fulfilment, o.desk);
  deskRoutes(app, o.desk, o.clock);
  manualUpiRoutes(app, o);
  let startCheck: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', (hookDone) => {
    if (o.sweepEveryMs > 0) {
      // Payments captured while no process listened (lost webhooks): checked once, in the
      // background, so the process answers at once.
      startCheck = o.service
        .settleMissedPayments()
        .catch((err: unknown) => app.log.error({ err }, 'start-up payment check failed'));
    }
    hookDone();
  });
  app.addHook('onClose', async () => {
    await startCheck;
  });
  done();
};

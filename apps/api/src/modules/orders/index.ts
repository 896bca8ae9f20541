import type { FastifyPluginCallback } from 'fastify';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import { ordersRoutes } from './orders-routes.ts';
import type { OrdersService } from './orders-service.ts';

/**
 * The orders module: placing orders (pay now, pay on delivery), confirming payments (verify,
 * webhook), releasing expired stock holds every `sweepEveryMs`, reading orders, and the shop's
 * moves of an order through its statuses (fulfilment: /admin/orders/{order_id}/status).
 */
export const orders: FastifyPluginCallback<{
  service: OrdersService;
  fulfilment: FulfilmentService;
  sweepEveryMs: number;
}> = (app, o, done) => {
  ordersRoutes(app, o);
  fulfilmentRoutes(app, o.fulfilment, o.service);
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', (hookDone) => {
    if (o.sweepEveryMs > 0) {
      timer = setInterval(() => {
        o.service
          .sweep()
          .catch((err: unknown) => app.log.error({ err }, 'stock hold sweep failed'));
      }, o.sweepEveryMs);
      timer.unref();
    }
    hookDone();
  });
  app.addHook('onClose', (_app, hookDone) => {
    if (timer) clearInterval(timer);
    hookDone();
  });
  done();
};

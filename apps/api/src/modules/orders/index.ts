import type { FastifyPluginCallback } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { deskRoutes } from './desk-routes.ts';
import type { DeskService } from './desk-service.ts';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import { manualUpiRoutes } from './manual-upi-routes.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import { ordersRoutes } from './orders-routes.ts';
import type { OrdersService } from './orders-service.ts';
import type { PlacingService } from './placing-service.ts';
import type { PaymentsService } from '../payments/index.ts';

export * from './order-reads.ts';

/**
 * The orders module: placing orders (pay now, pay on delivery, pay by UPI, Pay now again),
 * reading orders, the shop's confirmation of a UPI payment (settled by `payments`), and the
 * shop's moves of an order through its statuses and the orders desk (/admin/orders…: list, one
 * order, PATCH, collect, bulk move, CSV export, packing slip).
 */
export const orders: FastifyPluginCallback<{
  service: OrdersService;
  placing: PlacingService;
  fulfilment: FulfilmentService;
  desk: DeskService;
  payments: PaymentsService;
  clock: Clock;
}> = (app, o, done) => {
  ordersRoutes(app, o);
  fulfilmentRoutes(app, o.fulfilment, o.desk);
  deskRoutes(app, o.desk, o.clock);
  manualUpiRoutes(app, o);
  done();
};

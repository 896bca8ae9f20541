import type { FastifyPluginCallback } from 'fastify';
import type { OrdersService } from '../orders/orders-service.ts';
import type { PaymentsService } from '../payments/index.ts';
import { admissionsRoutes } from './admissions-routes.ts';
import type { AdmissionsService } from './admissions-service.ts';

/**
 * The admissions module: the academy's admission form and paying for courses with it (the
 * orders service places and confirms those orders; its webhook confirms them too).
 */
export const admissions: FastifyPluginCallback<{
  service: AdmissionsService;
  orders: OrdersService;
  payments: PaymentsService;
}> = (app, o, done) => {
  admissionsRoutes(app, o);
  done();
};

import type { FastifyPluginCallback } from 'fastify';
import { checkoutRoutes } from './checkout-routes.ts';
import type { CheckoutService } from './checkout-service.ts';

export type { StoreGateways } from './store-gateways.ts';

/** The checkout module: store reads for checkout and the server's order summary. */
export const checkout: FastifyPluginCallback<{ service: CheckoutService }> = (app, o, done) => {
  checkoutRoutes(app, o);
  done();
};

import type { FastifyPluginCallback } from 'fastify';
import type { StoreGateways } from '../checkout/index.ts';
import type { PaymentsService } from '../payments/index.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout-routes.ts';

/** The sandbox gateway's checkout script and its pay endpoint (PAYMENT_GATEWAY=sandbox). */
export const sandboxCheckout: FastifyPluginCallback<{
  gateways: StoreGateways;
  payments: PaymentsService;
}> = (app, o, done) => {
  sandboxCheckoutRoutes(app, o);
  done();
};

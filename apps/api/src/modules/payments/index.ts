import type { FastifyPluginCallback } from 'fastify';
import { paymentsRoutes } from './payments-routes.ts';
import type { PaymentsService } from './payments-service.ts';
import { sandboxCheckoutRoutes } from './sandbox-checkout-routes.ts';
import type { StoreGateways } from './store-gateways.ts';

export {
  GATEWAY_DOWN,
  ORDER_NOT_FOUND,
  PAID_TWICE,
  WEBHOOK_SIGNATURE_INVALID,
  type PaymentsService,
} from './payments-service.ts';
export type { RefundRow } from './refunds-repository.ts';
export type { StoreGateways } from './store-gateways.ts';
export {
  recordRefund,
  refundedPaiseOf,
  setRefundGatewayId,
  unprocessedPaymentEvents,
  type NewRefund,
} from './refund-records.ts';

/**
 * The payments module: confirming payments (POST /payment/verify, the gateway's webhook), and
 * once at start, in the background, the unpaid orders' gateway orders checked for payments
 * captured while no process listened (lost webhooks) when `checkAtStart`.
 */
export const payments: FastifyPluginCallback<{
  service: PaymentsService;
  checkAtStart: boolean;
}> = (app, o, done) => {
  paymentsRoutes(app, o);
  let startCheck: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', (hookDone) => {
    if (o.checkAtStart) {
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

/** The sandbox gateway's checkout script and its pay endpoint (PAYMENT_GATEWAY=sandbox). */
export const sandboxCheckout: FastifyPluginCallback<{
  gateways: StoreGateways;
  payments: PaymentsService;
}> = (app, o, done) => {
  sandboxCheckoutRoutes(app, o);
  done();
};

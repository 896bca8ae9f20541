import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import { PaymentsRepository } from './payments-repository.ts';
import { paymentsRoutes } from './payments-routes.ts';
import { PaymentsService } from './payments-service.ts';
import { RefundsRepository } from './refunds-repository.ts';
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
export { storeGateways, type StoreGateways } from './store-gateways.ts';
export {
  hasPendingRefund,
  recordRefund,
  refundedPaiseOf,
  setRefundGatewayId,
  settleRefundSent,
  unprocessedPaymentEvents,
  type NewRefund,
} from './refund-records.ts';

interface PaymentsNeeds {
  gateways: StoreGateways;
  invoices: InvoicesService;
  audit: AuditService;
}

/**
 * The payments module: confirming payments (POST /payment/verify, the gateway's webhook; each
 * confirmation emits `orderConfirmed`), refunds, and once at start, in the background, the
 * unpaid orders' gateway orders checked for payments captured while no process listened (lost
 * webhooks), where the stock sweeper runs.
 */
export const payments = shopModule({
  name: 'payments',
  provides: { payments: true },
  needs: { gateways: true, invoices: true, audit: true },
  emits: ['orderConfirmed'],
  build: ({ db, adapters, log, emit }, { gateways, invoices, audit }: PaymentsNeeds) => ({
    /** Confirming payments (verify, webhooks, gateway checks, manual UPI) and refunds. */
    payments: new PaymentsService({
      repository: new PaymentsRepository(db),
      refunds: new RefundsRepository(db),
      gateways,
      invoices,
      audit,
      onConfirmed: (order) => emit('orderConfirmed', order),
      clock: adapters.clock,
      log,
    }),
  }),
  register(app, { payments: service }, { config }) {
    paymentsRoutes(app, { service });
    // Where the sweeper runs, so does the start-up check of unpaid orders.
    const checkAtStart = config.STOCK_SWEEP_SECONDS > 0;
    let startCheck: Promise<unknown> = Promise.resolve();
    app.addHook('onReady', (hookDone) => {
      if (checkAtStart) {
        startCheck = service
          .settleMissedPayments()
          .catch((err: unknown) => app.log.error({ err }, 'start-up payment check failed'));
      }
      hookDone();
    });
    app.addHook('onClose', async () => {
      await startCheck;
    });
  },
});

/** The sandbox gateway's checkout script and its pay endpoint (PAYMENT_GATEWAY=sandbox). */
export const sandboxCheckout = shopModule({
  name: 'sandbox-checkout',
  provides: {},
  needs: { gateways: true, payments: true },
  build: (_context, _needs: { gateways: StoreGateways; payments: PaymentsService }) => ({}),
  register: (app, { gateways, payments: service }) =>
    sandboxCheckoutRoutes(app, { gateways, payments: service }),
});

import { shopModule } from '../../module-definition.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { ConsentsService } from '../privacy/consents-service.ts';
import type { AddressesService } from '../addresses/addresses-service.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import type { HoldsService } from '../inventory/index.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import type { PaymentsService, StoreGateways } from '../payments/index.ts';
import { storeChoice } from '../../plugins/store-of-request.ts';
import { DeskRepository } from './desk-repository.ts';
import { deskRoutes } from './desk-routes.ts';
import { DeskService } from './desk-service.ts';
import { FulfilmentRepository } from './fulfilment-repository.ts';
import { fulfilmentRoutes } from './fulfilment-routes.ts';
import { FulfilmentService } from './fulfilment-service.ts';
import { manualUpiRoutes } from './manual-upi-routes.ts';
import { OrderEmailOutbox } from './order-email-outbox.ts';
import { OrderFiguresRepository } from './order-figures-repository.ts';
import { OrderFiguresService } from './order-figures-service.ts';
import { OrdersRepository } from './orders-repository.ts';
import { OrdersErasureRepository } from './orders-erasure-repository.ts';
import { ordersRoutes } from './orders-routes.ts';
import { OrdersService } from './orders-service.ts';
import { PlacingService } from './placing-service.ts';
import { UnpaidOrderExpiry } from './unpaid-order-expiry.ts';
import { unsentOrderEmailsRoutes } from './unsent-order-emails-routes.ts';
import { UnsentOrderEmailsService } from './unsent-order-emails-service.ts';

export * from './order-reads.ts';

interface OrdersNeeds {
  payments: PaymentsService;
  holds: HoldsService;
  checkout: CheckoutService;
  gateways: StoreGateways;
  cart: CartService;
  addresses: AddressesService;
  accounts: AccountsService;
  consents: ConsentsService;
  invoices: InvoicesService;
  audit: AuditService;
}

/**
 * The orders module: placing orders (pay now, pay on delivery, pay by UPI, Pay now again),
 * reading orders, the shop's confirmation of a UPI payment (settled by `payments`), and the
 * shop's moves of an order through its statuses and the orders desk (/admin/orders…: list, one
 * order, PATCH, collect, bulk move, CSV export, packing slip). On `orderConfirmed` (payments)
 * it empties the cart and sends the emails; each move emits `orderMoved` inside its
 * transaction (invoices number the tax invoice there). Order emails are owed in the database and
 * sent by `emailOutbox`; the ones the email server refused are on the dashboard and can be sent
 * again (`unsentOrderEmails`).
 */
export const orders = shopModule({
  name: 'orders',
  provides: {
    orders: true,
    placing: true,
    fulfilment: true,
    desk: true,
    orderFigures: true,
    emailOutbox: true,
    unsentOrderEmails: true,
    unpaidExpiry: true,
  },
  needs: {
    payments: true,
    holds: true,
    checkout: true,
    gateways: true,
    cart: true,
    addresses: true,
    accounts: true,
    consents: true,
    invoices: true,
    audit: true,
  },
  emits: ['orderMoved'],
  build({ db, config, adapters, afterAnswer, limiter, log, emit }, needs: OrdersNeeds) {
    const { payments, holds, checkout, gateways, cart, invoices, audit } = needs;
    const { clock } = adapters;
    const repository = new OrdersRepository(db);
    /** The order emails, owed in the transactions that owe them and sent from order_emails. */
    const emailOutbox: OrderEmailOutbox = new OrderEmailOutbox({
      db,
      email: adapters.email,
      compose: (rows) => orders.composeOrderEmails(rows),
      afterAnswer,
      log,
    });
    const emailsOwed = () => emailOutbox.wake();
    const orders = new OrdersService({
      repository,
      erasure: new OrdersErasureRepository(db),
      payments,
      checkout,
      cart,
      invoices,
      emailsOwed,
      limiter,
      manualPayHoldHours: config.MANUAL_PAY_HOLD_HOURS,
      publicUrlOf: storeChoice(config).publicOriginOf,
      clock,
      log,
    });
    /** Moving orders through their statuses (cancel, refund, notifications). */
    const fulfilment = new FulfilmentService({
      repository: new FulfilmentRepository(db),
      orders,
      accounts: needs.accounts,
      consents: needs.consents,
      audit,
      gateways,
      emailsOwed,
      push: adapters.push,
      afterAnswer,
      clock,
      log,
      onMoved: (tx, moved) => emit('orderMoved', tx, moved),
    });
    /** Placing orders and Pay now again. */
    const placing = new PlacingService({
      repository,
      orders,
      holds,
      payments,
      checkout,
      addresses: needs.addresses,
      invoices,
      replacing: fulfilment,
      gateways,
      clock,
      stockHoldMinutes: config.STOCK_HOLD_MINUTES,
      log,
    });
    /** The refused order emails (the dashboard's and the desk's), and sending them again. */
    const unsentOrderEmails = new UnsentOrderEmailsService({
      db,
      outbox: emailOutbox,
      orders,
      audit,
    });
    /** The orders desk's reads: list, CSV export, one order with its customer, packing slip. */
    const desk = new DeskService({
      repository: new DeskRepository(db),
      orderRows: repository,
      orders,
      checkout,
      unsentEmails: unsentOrderEmails,
    });
    /** The dashboard's order figures. */
    const orderFigures = new OrderFiguresService(new OrderFiguresRepository(db), orders);
    /** Unpaid orders cancelled as "Payment not received" after UNPAID_ORDER_DAYS. */
    const unpaidExpiry = new UnpaidOrderExpiry({
      repository,
      payments,
      fulfilment,
      clock,
      days: config.UNPAID_ORDER_DAYS,
      log,
    });
    return {
      orders,
      placing,
      fulfilment,
      desk,
      orderFigures,
      emailOutbox,
      unsentOrderEmails,
      unpaidExpiry,
    };
  },
  on: {
    orderConfirmed: ({ orders }, order) => orders.afterConfirmed(order),
  },
  register(
    app,
    {
      orders: service,
      placing,
      fulfilment,
      desk,
      payments,
      emailOutbox,
      unsentOrderEmails,
      unpaidExpiry,
    },
    { adapters, config },
  ) {
    // Every process sends the owed order emails (what an earlier process left, then each poll);
    // on close the batch being sent finishes, before the app closes the SMTP pool. Where the
    // stock sweeper runs, unpaid orders past UNPAID_ORDER_DAYS are expired as often.
    const sweepEveryMs = config.STOCK_SWEEP_SECONDS * 1000;
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', (hookDone) => {
      emailOutbox.start();
      timer = setInterval(() => {
        unpaidExpiry
          .expire()
          .catch((err: unknown) => app.log.error({ err }, 'expiring unpaid orders failed'));
      }, sweepEveryMs);
      timer.unref();
      hookDone();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await emailOutbox.close();
    });
    ordersRoutes(app, { service, placing });
    fulfilmentRoutes(app, fulfilment, desk);
    deskRoutes(app, desk, adapters.clock);
    manualUpiRoutes(app, { service, placing, fulfilment, payments });
    unsentOrderEmailsRoutes(app, unsentOrderEmails);
  },
});

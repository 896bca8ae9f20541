import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@shop/db';
import type { Adapters } from './adapters/index.ts';
import type { AppConfig } from './app-config.ts';
import type { AfterAnswerTasks } from './lib/after-answer-tasks.ts';
import type { AccountsService } from './modules/accounts/accounts-service.ts';
import type { AddressesService } from './modules/addresses/addresses-service.ts';
import type { AuditService } from './modules/audit/audit-service.ts';
import type { CartService } from './modules/cart/cart-service.ts';
import type { CheckoutService } from './modules/checkout/checkout-service.ts';
import type { StoreGateways } from './modules/payments/store-gateways.ts';
import { HoldsRepository } from './modules/inventory/holds-repository.ts';
import { HoldsService } from './modules/inventory/holds-service.ts';
import type { InvoicesService } from './modules/invoices/invoices-service.ts';
import { DeskRepository } from './modules/orders/desk-repository.ts';
import { DeskService } from './modules/orders/desk-service.ts';
import { FulfilmentRepository } from './modules/orders/fulfilment-repository.ts';
import { FulfilmentService } from './modules/orders/fulfilment-service.ts';
import { OrdersRepository } from './modules/orders/orders-repository.ts';
import { OrdersService } from './modules/orders/orders-service.ts';
import { PlacingService } from './modules/orders/placing-service.ts';
import { PaymentsRepository } from './modules/payments/payments-repository.ts';
import { PaymentsService } from './modules/payments/payments-service.ts';
import { RefundsRepository } from './modules/payments/refunds-repository.ts';

/** What the order workflow is built on: the database, settings, adapters, other modules. */
export interface OrderServicesDeps {
  db: Database;
  config: Pick<AppConfig, 'STOCK_HOLD_MINUTES' | 'MANUAL_PAY_HOLD_HOURS' | 'PUBLIC_URL'>;
  adapters: Pick<Adapters, 'email' | 'push' | 'clock'>;
  gateways: StoreGateways;
  checkout: CheckoutService;
  cart: CartService;
  addresses: AddressesService;
  accounts: AccountsService;
  invoices: InvoicesService;
  audit: AuditService;
  afterAnswer: AfterAnswerTasks;
  log: FastifyBaseLogger;
}

/**
 * Part of the composition root: the services of an order's life, wired to each other. Payments
 * tell orders when an order is confirmed (its cart and emails); the sweeper asks payments
 * whether an expired hold was paid after all before releasing it.
 */
export function buildOrderServices(d: OrderServicesDeps) {
  const { db, config, adapters, gateways, checkout, cart, invoices, audit, afterAnswer, log } = d;
  const { clock } = adapters;
  const payments: PaymentsService = new PaymentsService({
    repository: new PaymentsRepository(db),
    refunds: new RefundsRepository(db),
    gateways,
    invoices,
    audit,
    onConfirmed: (order, lines): Promise<void> => orders.afterConfirmed(order, lines),
    clock,
    log,
  });
  const holds = new HoldsService({
    repository: new HoldsRepository(db),
    settledAtGateway: (order) => payments.settleFromGateway(order),
    clock,
    log,
  });
  const ordersRepository = new OrdersRepository(db);
  const orders = new OrdersService({
    repository: ordersRepository,
    payments,
    checkout,
    cart,
    invoices,
    email: adapters.email,
    afterAnswer,
    clock,
    log,
  });
  const placing = new PlacingService({
    repository: ordersRepository,
    orders,
    holds,
    payments,
    checkout,
    addresses: d.addresses,
    invoices,
    gateways,
    clock,
    stockHoldMinutes: config.STOCK_HOLD_MINUTES,
    manualPayHoldHours: config.MANUAL_PAY_HOLD_HOURS,
    log,
  });
  const fulfilment = new FulfilmentService({
    repository: new FulfilmentRepository(db),
    orders,
    checkout,
    accounts: d.accounts,
    audit,
    gateways,
    email: adapters.email,
    push: adapters.push,
    afterAnswer,
    clock,
    publicUrl: config.PUBLIC_URL,
    log,
    // Tax invoices are numbered in the move's transaction (first dispatch; credit note on cancel).
    onMoved: (tx, moved) => invoices.afterMove(tx, moved),
  });
  const desk = new DeskService({
    repository: new DeskRepository(db),
    orderRows: ordersRepository,
    orders,
    checkout,
  });
  return { payments, holds, orders, placing, fulfilment, desk };
}

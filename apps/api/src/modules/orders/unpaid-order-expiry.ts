import { PAYMENT_NOT_RECEIVED } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { Conflict } from '../../lib/errors.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import type { OrdersRepository } from './orders-repository.ts';

/** How many unpaid orders one run looks at. */
const EXPIRY_BATCH = 50;
const DAY_MS = 86_400_000;

export interface UnpaidOrderExpiryDeps {
  repository: Pick<OrdersRepository, 'unpaidPlacedBefore'>;
  /** Asks the gateway for a payment captured meanwhile (then the order is paid, not expired). */
  payments: Pick<PaymentsService, 'settleFromGateway'>;
  /** The cancel, as every cancel: under the order's lock at the version read, stock given back. */
  fulfilment: Pick<FulfilmentService, 'move'>;
  clock: Clock;
  /** UNPAID_ORDER_DAYS. */
  days: number;
  log: FastifyBaseLogger;
}

/**
 * Unpaid orders do not wait forever (issue 58): an order still waiting for its online payment
 * (or a UPI order with no UTR) `days` after it was placed is cancelled as "Payment not received",
 * so the desk and the shopper's list stay clean and no sale price is kept by it. Before each, the
 * gateway is asked for a payment captured meanwhile (then it is paid instead); a gateway that does
 * not answer stops the run (nothing is cancelled unchecked). A UPI order whose customer entered a
 * UTR is the shop's to confirm or reject, and is left alone. A payment that arrives after the
 * cancel is refunded in full (markPaid), as for any cancelled order.
 */
export class UnpaidOrderExpiry {
  constructor(private readonly deps: UnpaidOrderExpiryDeps) {}

  /** One run: the orders it cancelled. Safe with several processes (each cancel is versioned). */
  async expire(): Promise<string[]> {
    const { repository, payments, fulfilment, clock, days, log } = this.deps;
    const before = new Date(clock().getTime() - days * DAY_MS);
    const expired: string[] = [];
    for (const order of await repository.unpaidPlacedBefore(before, EXPIRY_BATCH)) {
      try {
        if (await payments.settleFromGateway(order)) continue;
      } catch (err) {
        log.warn({ err, orderId: order.id }, 'gateway check before an expiry failed; expiry waits');
        break;
      }
      try {
        await fulfilment.move({ kind: 'system' }, order.id, {
          to: 'Cancelled',
          note: PAYMENT_NOT_RECEIVED,
          version: order.version,
          paymentNotReceived: true,
        });
        expired.push(order.id);
      } catch (err) {
        // Paid, moved or expired by another process since it was read: left as it is.
        if (!(err instanceof Conflict)) throw err;
      }
    }
    return expired;
  }
}

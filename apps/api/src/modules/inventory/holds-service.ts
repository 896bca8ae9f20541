import type { orders } from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';
import { GatewayError } from '../../adapters/payment-gateway.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HoldsRepository } from './holds-repository.ts';

type OrderRow = typeof orders.$inferSelect;

/** How many expired holds one sweep checks at the gateway and releases. */
const SWEEP_BATCH = 50;

export interface HoldsServiceDeps {
  repository: HoldsRepository;
  /**
   * Asks the gateway whether an unpaid order was paid after all and settles it if so (true):
   * then its hold is not released.
   */
  settledAtGateway: (order: OrderRow) => Promise<boolean>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** The stock holds of unpaid orders: held again for Pay now, released, swept when expired. */
export class HoldsService {
  constructor(private readonly holdsDeps: HoldsServiceDeps) {}

  /**
   * Releases expired stock holds of unpaid orders (safe with several processes: each release
   * is one conditional update). Before a hold goes back, the gateway is asked for the order's
   * payments: one it captured that the shop never heard of (a lost webhook, a process killed
   * before verify) settles the order instead, as verify would. A gateway that does not answer
   * does not keep stock held: the rest of the batch is released unchecked (a late payment is
   * still honoured or refunded when its webhook comes).
   */
  async sweep(): Promise<string[]> {
    const now = this.holdsDeps.clock();
    const released: string[] = [];
    let ask = true;
    for (const order of await this.holdsDeps.repository.expiredHolds(now, SWEEP_BATCH)) {
      if (ask) {
        try {
          if (await this.holdsDeps.settledAtGateway(order)) continue;
        } catch (err) {
          this.holdsDeps.log.warn(
            { err, orderId: order.id },
            'gateway check before a release failed',
          );
          ask = !(err instanceof GatewayError && err.code === 'GATEWAY_UNREACHABLE');
        }
      }
      if (await this.holdsDeps.repository.release(order.id, now)) released.push(order.id);
    }
    return released;
  }

  /**
   * Releases an unpaid order's expired hold now (stock and coupon use back), as the sweeper
   * would. False when already released, paid or held longer meanwhile.
   */
  release(orderId: string, now: Date): Promise<boolean> {
    return this.holdsDeps.repository.release(orderId, now);
  }

  /** Pay now of an order whose hold ended: its stock held again (HoldsRepository.holdAgain). */
  holdAgain(
    orderId: string,
    now: Date,
    expiresAt: Date,
    gateway: { gatewayOrderId: string; keyId: string },
  ) {
    return this.holdsDeps.repository.holdAgain(orderId, now, expiresAt, gateway);
  }
}

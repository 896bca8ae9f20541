import { shopModule } from '../../module-definition.ts';
import type { PaymentsService } from '../payments/index.ts';
import { HoldsRepository } from './holds-repository.ts';
import { HoldsService } from './holds-service.ts';

export { accountGate, releaseHoldsOf, unpaidHold, unpaidHoldOf } from './holds-repository.ts';
export type { HoldsService } from './holds-service.ts';
export {
  countSold,
  OutOfStock,
  PriceChanged,
  returnStock,
  soldCounter,
  stockGates,
  stockGateShape,
  stockGateValues,
  stockRowsOf,
  stockNeedsOf,
  takeStock,
  unsell,
  whyNotTaken,
  type StockGateShape,
  type StockRows,
  type StockNeed,
} from './stock.ts';

/**
 * The inventory module: products' and variations' stock taken, returned and unsold (in one
 * order of row locks), and the stock holds of unpaid orders, whose expired ones are released
 * every STOCK_SWEEP_SECONDS (each checked at the gateway by payments first).
 */
export const inventory = shopModule({
  name: 'inventory',
  provides: { holds: true },
  needs: { payments: true },
  build: ({ db, adapters, log }, { payments }: { payments: PaymentsService }) => ({
    /** The stock holds of unpaid orders (released when expired, by the sweeper). */
    holds: new HoldsService({
      repository: new HoldsRepository(db),
      settledAtGateway: (order) => payments.settleFromGateway(order),
      clock: adapters.clock,
      log,
    }),
  }),
  register(app, { holds }, { config }) {
    const sweepEveryMs = config.STOCK_SWEEP_SECONDS * 1000;
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', (hookDone) => {
      if (sweepEveryMs > 0) {
        timer = setInterval(() => {
          holds.sweep().catch((err: unknown) => app.log.error({ err }, 'stock hold sweep failed'));
        }, sweepEveryMs);
        timer.unref();
      }
      hookDone();
    });
    app.addHook('onClose', (_app, hookDone) => {
      if (timer) clearInterval(timer);
      hookDone();
    });
  },
});

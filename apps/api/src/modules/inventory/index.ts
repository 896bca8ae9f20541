import type { FastifyPluginCallback } from 'fastify';
import type { HoldsService } from './holds-service.ts';

export { accountGate, releaseHoldsOf, unpaidHold } from './holds-repository.ts';
export type { HoldsService } from './holds-service.ts';
export {
  countSold,
  oneStockRow,
  OutOfStock,
  PriceChanged,
  returnStock,
  stockGate,
  stockNeedsOf,
  takeStock,
  unsell,
  whyNotTaken,
  type OneStockRow,
  type StockNeed,
} from './stock.ts';

/**
 * The inventory module: products' and variations' stock taken, returned and unsold (in one
 * order of row locks), and the stock holds of unpaid orders, whose expired ones are released
 * every `sweepEveryMs` (each checked at the gateway first).
 */
export const inventory: FastifyPluginCallback<{ holds: HoldsService; sweepEveryMs: number }> = (
  app,
  o,
  done,
) => {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', (hookDone) => {
    if (o.sweepEveryMs > 0) {
      timer = setInterval(() => {
        o.holds.sweep().catch((err: unknown) => app.log.error({ err }, 'stock hold sweep failed'));
      }, o.sweepEveryMs);
      timer.unref();
    }
    hookDone();
  });
  app.addHook('onClose', (_app, hookDone) => {
    if (timer) clearInterval(timer);
    hookDone();
  });
  done();
};

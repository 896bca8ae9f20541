import { shopModule } from '../../module-definition.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import type { PricingService } from '../pricing/pricing-service.ts';
import { QuotesRepository } from './quotes-repository.ts';
import { QuotesRetention } from './quotes-retention-service.ts';
import { quotesRoutes } from './quotes-routes.ts';
import { QuotesService } from './quotes-service.ts';

/** The quotes module: quote requests of Get Quote stores, priced by the pricing unit. */
export const quotes = shopModule({
  name: 'quotes',
  provides: { quotes: true, quotesRetention: true },
  needs: { pricing: true, checkout: true },
  build: (
    { db, limiter },
    { pricing, checkout }: { pricing: PricingService; checkout: CheckoutService },
  ) => ({
    quotes: new QuotesService(new QuotesRepository(db), pricing, limiter, checkout),
    /** Its part of the daily retention job: requests past the store's period (issue 61 item 5). */
    quotesRetention: new QuotesRetention(db),
  }),
  register: (app, { quotes: service }) => quotesRoutes(app, { service }),
});

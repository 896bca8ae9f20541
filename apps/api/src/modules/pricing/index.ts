import { shopModule } from '../../module-definition.ts';
import { PricingRepository } from './pricing-repository.ts';
import { PricingService } from './pricing-service.ts';

/** The pricing unit: a store's prices of lines (the cart's, the quote's, checkout's); no routes. */
export const pricing = shopModule({
  name: 'pricing',
  provides: { pricing: true },
  needs: {},
  build: ({ db }) => ({ pricing: new PricingService(new PricingRepository(db)) }),
});

import { shopModule } from '../../module-definition.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { PricingRepository } from './pricing-repository.ts';
import { PricingService } from './pricing-service.ts';

/**
 * The pricing unit: a store's prices of lines (the cart's, the quote's, checkout's); no routes.
 * It keeps the products it prices while the catalogue version holds (the catalogue's).
 */
export const pricing = shopModule({
  name: 'pricing',
  provides: { pricing: true },
  needs: { catalogue: true },
  build: ({ db, config }, { catalogue }: { catalogue: CatalogueService }) => ({
    pricing: new PricingService(new PricingRepository(db), {
      catalogueVersion: () => catalogue.catalogueVersion(),
      checkEveryMs: config.CATALOGUE_CACHE_CHECK_MS,
    }),
  }),
});

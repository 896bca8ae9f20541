import { indiaPincodeDirectory } from '../../adapters/pincode-directory.ts';
import { shopModule } from '../../module-definition.ts';
import type { AddressesService } from '../addresses/addresses-service.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { CouponCheck } from '../coupons/index.ts';
import { storeGateways } from '../payments/index.ts';
import type { PricingService } from '../pricing/pricing-service.ts';
import { CheckoutRepository } from './checkout-repository.ts';
import { checkoutRoutes } from './checkout-routes.ts';
import { CheckoutService } from './checkout-service.ts';
import { StoreCheckoutCache } from './store-checkout-cache.ts';

interface CheckoutNeeds {
  pricing: PricingService;
  addresses: AddressesService;
  cart: CartService;
  catalogue: CatalogueService;
  couponCheck: CouponCheck;
}

/**
 * The checkout module: store reads for checkout and the server's order summary. It builds the
 * stores' payment gateways too (payments' `StoreGateways`), which read a store's own keys
 * through its per-store cache.
 */
export const checkout = shopModule({
  name: 'checkout',
  provides: { checkout: true, gateways: true },
  needs: { pricing: true, addresses: true, cart: true, catalogue: true, couponCheck: true },
  build(context, needs: CheckoutNeeds) {
    const { db, config, adapters } = context;
    const repository = new CheckoutRepository(db);
    const stores = new StoreCheckoutCache(
      repository,
      needs.catalogue,
      config.CATALOGUE_CACHE_CHECK_MS,
    );
    const gateways = storeGateways(context, stores);
    const service = new CheckoutService({
      repository,
      stores,
      pricing: needs.pricing,
      addresses: needs.addresses,
      cart: needs.cart,
      catalogue: needs.catalogue,
      pincodes: indiaPincodeDirectory,
      gateways,
      coupons: needs.couponCheck,
      limiter: context.limiter,
      couponTries: {
        perIp: config.COUPON_CHECK_LIMIT_PER_IP,
        perAccount: config.COUPON_CHECK_LIMIT_PER_ACCOUNT,
      },
      clock: adapters.clock,
    });
    return { checkout: service, gateways };
  },
  register: (app, { checkout: service, cart }) => checkoutRoutes(app, { service, cart }),
});

import { shopModule } from '../../module-definition.ts';
import type { PricingService } from '../pricing/pricing-service.ts';
import { CartRepository } from './cart-repository.ts';
import { cartRoutes } from './cart-routes.ts';
import { CartService } from './cart-service.ts';

/** The cart module: a signed-in customer's server cart, priced by the pricing unit. */
export const cart = shopModule({
  name: 'cart',
  provides: { cart: true },
  needs: { pricing: true },
  build: ({ db }, { pricing }: { pricing: PricingService }) => ({
    cart: new CartService(new CartRepository(db), pricing),
  }),
  register: (app, { cart: service }) => cartRoutes(app, { service }),
});

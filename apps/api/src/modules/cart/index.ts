import type { FastifyPluginCallback } from 'fastify';
import { cartRoutes } from './cart-routes.ts';
import type { CartService } from './cart-service.ts';

/** The cart module: a signed-in customer's server cart, priced by the pricing unit. */
export const cart: FastifyPluginCallback<{ service: CartService }> = (app, o, done) => {
  cartRoutes(app, o);
  done();
};

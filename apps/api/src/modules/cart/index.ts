import type { FastifyPluginAsync } from 'fastify';
import { cartRoutes } from './cart-routes.ts';
import type { CartService } from './cart-service.ts';

/** The cart module: a signed-in customer's server cart, priced by the pricing unit. */
export const cart: FastifyPluginAsync<{ service: CartService }> = async (app, o) => {
  cartRoutes(app, o);
};

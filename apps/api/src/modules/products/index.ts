import type { FastifyPluginCallback } from 'fastify';
import { productsRoutes, type ProductsRoutesOptions } from './products-routes.ts';

/** The admin products module: the shop's catalogue under /api/admin/products. */
export const products: FastifyPluginCallback<ProductsRoutesOptions> = (app, o, done) => {
  productsRoutes(app, o);
  done();
};

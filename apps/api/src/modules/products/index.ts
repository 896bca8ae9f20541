import type { FastifyPluginCallback } from 'fastify';
import { productImagesRoutes, type ProductImagesRoutesOptions } from './product-images-routes.ts';
import { productsRoutes, type ProductsRoutesOptions } from './products-routes.ts';

/** The admin products module: the shop's catalogue under /api/admin/products. */
export const products: FastifyPluginCallback<ProductsRoutesOptions & ProductImagesRoutesOptions> = (
  app,
  o,
  done,
) => {
  productsRoutes(app, o);
  productImagesRoutes(app, o);
  done();
};

import type { FastifyPluginCallback } from 'fastify';
import { productImportRoutes, type ProductImportRoutesOptions } from './product-import-routes.ts';

/** The catalogue's CSV export and import under /api/admin/products. */
export const productImport: FastifyPluginCallback<ProductImportRoutesOptions> = (app, o, done) => {
  productImportRoutes(app, o);
  done();
};

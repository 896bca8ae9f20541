import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { ImagesService } from '../media/images-service.ts';
import { ProductImagesService } from './product-images-service.ts';
import { productImagesRoutes } from './product-images-routes.ts';
import { ProductsRepository } from './products-repository.ts';
import { productsRoutes } from './products-routes.ts';
import { ProductsService } from './products-service.ts';
import { SizeChartsRepository } from './size-charts-repository.ts';
import { sizeChartsRoutes } from './size-charts-routes.ts';
import { SizeChartsService } from './size-charts-service.ts';

/** The admin products module: the shop's catalogue under /api/admin/products. */
export const products = shopModule({
  name: 'products',
  provides: { products: true, productImages: true, sizeCharts: true },
  needs: { audit: true, images: true },
  build({ db }, { audit, images }: { audit: AuditService; images: ImagesService }) {
    const repository = new ProductsRepository(db);
    return {
      /** Products in the admin: create, edit, duplicate, bulk edit, delete or archive. */
      products: new ProductsService(repository, audit),
      /** A product's photos: upload, reorder, main one, remove. */
      productImages: new ProductImagesService(repository, images, audit),
      /** The owner's size charts, per category and per product. */
      sizeCharts: new SizeChartsService(new SizeChartsRepository(db), audit),
    };
  },
  register(app, services) {
    productsRoutes(app, { service: services.products });
    productImagesRoutes(app, services);
    sizeChartsRoutes(app, services.sizeCharts);
  },
});

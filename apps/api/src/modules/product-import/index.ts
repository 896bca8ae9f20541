import { shopModule } from '../../module-definition.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { ProductsService } from '../products/products-service.ts';
import { productImportRoutes } from './product-import-routes.ts';
import { ProductImportService } from './product-import-service.ts';

/** The catalogue's CSV export and import under /api/admin/products. */
export const productImport = shopModule({
  name: 'product-import',
  provides: { productImport: true },
  needs: { products: true, catalogue: true },
  build: (
    _context,
    { products, catalogue }: { products: ProductsService; catalogue: CatalogueService },
  ) => ({ productImport: new ProductImportService(products, catalogue) }),
  register: (app, { productImport: service }) => productImportRoutes(app, { service }),
});

import { shopModule } from '../../module-definition.ts';
import type { PageParts } from '../../plugins/page-shell.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { DeliveryService } from '../delivery/delivery-service.ts';
import type { ProductsService } from '../products/products-service.ts';
import type { StoreSettingsService } from '../store-settings/store-settings-service.ts';
import { contentFirstScreen, contentPageHead } from './content-pages.ts';
import { AdminContentRepository } from './admin-content-repository.ts';
import { adminContentRoutes } from './admin-content-routes.ts';
import { AdminContentService } from './admin-content-service.ts';
import { ContentRepository } from './content-repository.ts';
import { contentRoutes } from './content-routes.ts';
import { ContentService } from './content-service.ts';

/** The content module: a store's Markdown pages (about, centres, policies, academy rules). */
export const content = shopModule({
  name: 'content',
  provides: { content: true },
  needs: {},
  build: ({ db }) => ({ content: new ContentService(new ContentRepository(db)) }),
  register: (app, { content: service }) => contentRoutes(app, { service }),
});

/**
 * The admin's content (issue 15 item 4) under /api/admin/content: categories, new arrivals,
 * sliders, offers, marquees, meta, pages.
 */
export const adminContent = shopModule({
  name: 'admin-content',
  provides: { adminContent: true },
  needs: { audit: true, products: true, storeSettings: true, delivery: true },
  build: (
    { db },
    {
      audit,
      products,
    }: {
      audit: AuditService;
      products: ProductsService;
      // The policy templates read the store's settings and delivery bands (issue 57 item 5).
      storeSettings: StoreSettingsService;
      delivery: DeliveryService;
    },
  ) => ({
    adminContent: new AdminContentService(new AdminContentRepository(db), audit, products),
  }),
  register: (app, { adminContent: admin, storeSettings, delivery }) =>
    adminContentRoutes(app, { admin, policySources: { settings: storeSettings, delivery } }),
});

/** What the page shell draws from content: the heads and first screens of content and form pages. */
export function contentPages(
  service: ContentService,
  catalogue: CatalogueService,
  storeId: string,
): PageParts {
  return {
    pageHead: (pathname, origin) => contentPageHead(service, catalogue, storeId, pathname, origin),
    firstScreen: (url, fetchApi) => contentFirstScreen(storeId, url, fetchApi),
  };
}

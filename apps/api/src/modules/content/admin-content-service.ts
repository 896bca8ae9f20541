import type { AuditService } from '../audit/audit-service.ts';
import type { ProductsService } from '../products/products-service.ts';
import type { AdminContentRepository } from './admin-content-repository.ts';
import { ContentListsService } from './admin-content-lists.ts';
import { AdminPageMetaService } from './admin-page-meta-service.ts';
import { AdminPagesService } from './admin-pages-service.ts';

export { LIST_CHANGED } from './admin-content-lists.ts';

/**
 * The admin's content: the storefront's ordered lists (categories, new-arrival groups, sliders,
 * offers, marquee texts), the page meta and the content pages, each its own service over the
 * one repository. Each write is one transaction with its audit entry; the catalogue tables'
 * triggers make the storefront's cache see it within CATALOGUE_CACHE_CHECK_MS, and content
 * pages are read fresh.
 */
export class AdminContentService {
  readonly lists: ContentListsService;
  readonly pageMeta: AdminPageMetaService;
  readonly pages: AdminPagesService;

  constructor(repo: AdminContentRepository, audit: AuditService, products: ProductsService) {
    this.lists = new ContentListsService(repo, audit, products);
    this.pageMeta = new AdminPageMetaService(repo, audit);
    this.pages = new AdminPagesService(repo, audit);
  }
}

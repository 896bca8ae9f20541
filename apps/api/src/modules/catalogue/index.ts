import { shopModule } from '../../module-definition.ts';
import { compressedBodyBytes } from '../../lib/compressed-body.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { PageParts } from '../../plugins/page-shell.ts';
import type { ContentService } from '../content/content-service.ts';
import { catalogueFirstScreen } from './catalogue-first-screen.ts';
import { cataloguePageHead } from './catalogue-page-head.ts';
import { CatalogueRepository } from './catalogue-repository.ts';
import { catalogueRoutes } from './catalogue-routes.ts';
import { CatalogueService } from './catalogue-service.ts';

export { layoutAnnouncement, layoutReads } from './catalogue-first-screen.ts';
export { toProductDto } from './product-mapper.ts';
import type { CachedAnswer } from './stock-views.ts';

export type { CachedAnswer } from './stock-views.ts';

/**
 * The catalogue module: products, categories, search, banners and store settings, and this
 * process's cache of its serialized answers (dropped whenever the catalogue changes; after an
 * order's stock write, only those showing the products it moved).
 */
export const catalogue = shopModule({
  name: 'catalogue',
  provides: { catalogue: true, catalogueCache: true },
  needs: { content: true },
  build({ db, config }, { content }: { content: ContentService }) {
    const repository = new CatalogueRepository(db);
    const service = new CatalogueService(
      repository,
      {
        cacheCheckMs: config.CATALOGUE_CACHE_CHECK_MS,
        stockStaleMs: config.CATALOGUE_STOCK_STALE_MS,
      },
      content,
    );
    const catalogueCache = new VersionedCache<CachedAnswer>({
      // A stock-only change (an order) drops the answers showing the products it moved, at the
      // next check; answers depending on all stock, at most every CATALOGUE_STOCK_STALE_MS.
      // The search version read with them serves the searches of the answers computed next.
      readVersion: async () => {
        const versions = await repository.catalogueVersions();
        service.noteSearchVersion(versions.search);
        return versions;
      },
      laxStaleMs: config.CATALOGUE_STOCK_STALE_MS,
      laxViewsOf: (answer) => answer.stock,
      readLaxViews: (ids) => repository.stockViews(ids),
      // Only the products written since the last check are read again, not all those shown.
      readLaxChanges: (since) => repository.stockChangesSince(since),
      checkEveryMs: config.CATALOGUE_CACHE_CHECK_MS,
      maxEntries: 5000,
      // Plain, brotli and gzip forms together; about 64 MB at most per API process.
      maxBytes: config.CATALOGUE_CACHE_MAX_MB * 1024 * 1024,
      sizeOf: (answer) => compressedBodyBytes(answer.body),
    });
    return { catalogue: service, catalogueCache };
  },
  register: (app, services) =>
    catalogueRoutes(app, { service: services.catalogue, cache: services.catalogueCache }),
});

/** What the page shell draws from the catalogue: product and category heads, first screens. */
export function cataloguePages(service: CatalogueService, storeId: string): PageParts {
  return {
    pageHead: (pathname, origin) => cataloguePageHead(service, storeId, pathname, origin),
    firstScreen: (url, fetchApi) => catalogueFirstScreen(storeId, url, fetchApi),
  };
}

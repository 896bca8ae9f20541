import type { FastifyPluginCallback } from 'fastify';
import type { PageShellOptions } from '../../plugins/page-shell.ts';
import { catalogueFirstScreen } from './catalogue-first-screen.ts';
import { cataloguePageHead } from './catalogue-page-head.ts';
import { catalogueRoutes, type CatalogueRoutesOptions } from './catalogue-routes.ts';
import type { CatalogueService } from './catalogue-service.ts';

export { layoutAnnouncement, layoutReads } from './catalogue-first-screen.ts';
export { toProductDto } from './product-mapper.ts';
export type { CachedAnswer } from './stock-views.ts';

/** The catalogue module: products, categories, search, banners and store settings. */
export const catalogue: FastifyPluginCallback<CatalogueRoutesOptions> = (app, o, done) => {
  catalogueRoutes(app, o);
  done();
};

/** What the page shell draws from the catalogue: product and category heads, first screens. */
export function cataloguePages(
  service: CatalogueService,
  storeId: string,
): Omit<PageShellOptions, 'publicOrigin'> {
  return {
    pageHead: (pathname, origin) => cataloguePageHead(service, storeId, pathname, origin),
    firstScreen: (url, fetchApi) => catalogueFirstScreen(storeId, url, fetchApi),
  };
}

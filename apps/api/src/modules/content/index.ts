import type { FastifyPluginCallback } from 'fastify';
import type { PageShellOptions } from '../../plugins/page-shell.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import { contentFirstScreen, contentPageHead } from './content-pages.ts';
import { adminContentRoutes } from './admin-content-routes.ts';
import type { AdminContentService } from './admin-content-service.ts';
import { contentRoutes } from './content-routes.ts';
import type { ContentService } from './content-service.ts';

/** The content module: a store's Markdown pages (about, centres, policies, academy rules). */
export const content: FastifyPluginCallback<{ service: ContentService }> = (app, o, done) => {
  contentRoutes(app, o);
  done();
};

/** The admin's content (issue 15 item 4) under /api/admin/content. */
export const adminContent: FastifyPluginCallback<{ admin: AdminContentService }> = (
  app,
  o,
  done,
) => {
  adminContentRoutes(app, o);
  done();
};

/** What the page shell draws from content: the heads and first screens of content and form pages. */
export function contentPages(
  service: ContentService,
  catalogue: CatalogueService,
  storeId: string,
): Omit<PageShellOptions, 'publicOrigin'> {
  return {
    pageHead: (pathname, origin) => contentPageHead(service, catalogue, storeId, pathname, origin),
    firstScreen: (url, fetchApi) => contentFirstScreen(storeId, url, fetchApi),
  };
}

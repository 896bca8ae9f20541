import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isStorefrontPath, parseProductPath, productPath } from '@shop/domain';
import { sendCompressedText } from '../lib/compressed-body.ts';
import { sendError } from './error-handler.ts';
import { renderPageHtml, withStoreId, type FirstScreen, type PageHead } from './page-html.ts';

/** What the page shell draws a store's pages from. */
export interface PageParts {
  /**
   * The head of a page path: its title, description, Open Graph and JSON-LD; null for a path
   * that names nothing (404); undefined for a page without its own head.
   */
  pageHead: (pathname: string, origin: string) => Promise<PageHead | null | undefined>;
  /** The API answers, image and script a page's first screen is drawn from (`fetchApi` reads /api). */
  firstScreen: (
    url: URL,
    fetchApi: (apiPath: string) => Promise<string | null>,
  ) => Promise<FirstScreen | undefined>;
}

export interface PageShellOptions {
  /** The pages of a store (the store of the request, app.storeOf). */
  pagesOf: (storeId: string) => PageParts;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a request no route took: the web app's page (with its head), or a 404. */
    pageOr404: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

/**
 * The page shell: the web app's pages (STOREFRONT_ROUTES) load the web app; product and
 * category pages get their head and first screen in the HTML. A page URL the web app does not
 * draw, and a product, category or content page that names nothing, is answered with status 404
 * and the web app, which shows its not-found page (issue 59 item 7). A product address that is
 * not the product's own (the spec's old base64 form, a stale slug) is moved there with a 301.
 * Everything else no route took is a 404 in the error shape. Needs the static-files plugin.
 */
export const pageShell = fp(
  (app, o: PageShellOptions, done) => {
    const fetchApi = async (apiPath: string) => {
      const res = await app.inject({ method: 'GET', url: `/api${apiPath}` });
      return res.statusCode === 200 ? res.body : null;
    };
    /** The product's own address when the path names a product by another one; else undefined. */
    const movedProductPath = async (pathname: string): Promise<string | undefined> => {
      const address = parseProductPath(pathname);
      if (!address?.id) return undefined;
      const body = await fetchApi(`/grouped-product/single/${encodeURIComponent(address.id)}`);
      const title = body === null ? undefined : productTitleOf(body);
      if (title === undefined) return undefined;
      const own = productPath(title, address.id);
      return own === pathname ? undefined : own;
    };
    const pageOr404 = async (request: FastifyRequest, reply: FastifyReply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && url !== '/api';
      const indexHtml = app.webIndexHtml;
      if (indexHtml === null || !wantsPage) {
        return sendError(reply, 404, `No route for ${request.method} ${url}`);
      }
      const moved = await movedProductPath(url);
      if (moved !== undefined) {
        const query = request.url.slice(url.length);
        return reply.header('cache-control', 'no-cache').redirect(moved + query, 301);
      }
      // The store of the request's host (decision 0051); absolute URLs are its public origin,
      // never a request header.
      const storeId = app.storeOf(request);
      const page = withStoreId(indexHtml, storeId);
      if (!isStorefrontPath(url)) {
        reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
        return sendCompressedText(request, reply, page);
      }
      const pages = o.pagesOf(storeId);
      const [head, screen] = await Promise.all([
        pages.pageHead(url, app.publicOriginOf(storeId)),
        pages.firstScreen(new URL(request.url, 'http://page'), fetchApi),
      ]);
      // no-cache and no validator: a cache asks again each time, so a page written for one
      // host's store is never handed to another host.
      reply
        .code(head === null ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache');
      const html = head === null ? page : renderPageHtml(page, head, screen, app.modulePreloads);
      return sendCompressedText(request, reply, html);
    };
    app.decorate('pageOr404', pageOr404);
    app.setNotFoundHandler(pageOr404);
    done();
  },
  { name: 'page-shell', dependencies: ['static-files', 'store-of-request'] },
);

/** The title in a GET /grouped-product/single answer; undefined when it has none. */
function productTitleOf(body: string): string | undefined {
  try {
    const title = (JSON.parse(body) as { data?: { title?: unknown } }).data?.title;
    return typeof title === 'string' ? title : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fastify's own errors before routing. A malformed percent-encoding in a page URL (a mangled
 * product link) is not a crash: it gets the page shell's answer like any unknown page.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const server = request.server;
  if (error.code !== 'FST_ERR_BAD_URL' || !server.hasDecorator('pageOr404')) {
    void sendError(reply, error.statusCode ?? 400, error.message);
    return;
  }
  server.pageOr404(request, reply).catch((err: unknown) => {
    request.log.error({ err }, 'page for a malformed URL failed');
    void sendError(reply, 500, 'Something went wrong on our side.');
  });
};

/**
 * The page heads and first screens of several modules as one: for each path the first module
 * that knows it answers (a head that is not undefined, a first screen that is not undefined).
 */
export function firstKnowing(...parts: PageParts[]): PageParts {
  return {
    async pageHead(pathname, origin) {
      for (const part of parts) {
        const head = await part.pageHead(pathname, origin);
        if (head !== undefined) return head;
      }
      return undefined;
    },
    async firstScreen(url, fetchApi) {
      for (const part of parts) {
        const screen = await part.firstScreen(url, fetchApi);
        if (screen !== undefined) return screen;
      }
      return undefined;
    },
  };
}

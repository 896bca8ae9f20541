import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@shop/db';
import {
  registerCustomerModules,
  type CustomerAdapters,
  type CustomerConfig,
} from './customer-modules.ts';
import type { Config } from './config/config.ts';
import type { CompressedBody } from './lib/compressed-body.ts';
import { VersionedCache } from './lib/versioned-cache.ts';
import { CatalogueRepository } from './modules/catalogue/catalogue-repository.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes.ts';
import { CatalogueService } from './modules/catalogue/catalogue-service.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { catalogueFirstScreen } from './modules/catalogue/catalogue-first-screen.ts';
import { cataloguePageHead } from './modules/catalogue/catalogue-page-head.ts';
import { sendCompressedText } from './lib/compressed-body.ts';
import { registerErrorHandler, sendError } from './plugins/error-handler.ts';
import { refuseUnstorableText } from './plugins/input-guard.ts';
import { renderPageHtml, type FirstScreen, type PageHead } from './plugins/page-html.ts';
import { readModulePreloads, serveUploads, serveWebApp } from './plugins/static-files.ts';

export type AppConfig = Pick<
  Config,
  'STORE_ID' | 'DATA_DIR' | 'WEB_DIST_DIR' | 'CATALOGUE_CACHE_CHECK_MS'
> &
  CustomerConfig;

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** Replacements for the outside world (clock, email, Google keys, geocoding) in tests. */
  adapters?: CustomerAdapters;
}

export interface App {
  app: FastifyInstance;
  catalogueCache: VersionedCache<CompressedBody>;
}

/** Builds the server: shared plugins first, then one module per capability under /api. */
export async function buildApp({
  database,
  config,
  logger = false,
  adapters = {},
}: BuildAppOptions): Promise<App> {
  /** The web app's index.html, when there is a build to serve. */
  let indexHtml: string | null = null;
  /** Filled once the catalogue module exists; gives product and category pages their head. */
  let pageHead: (pathname: string, origin: string) => Promise<PageHead | null | undefined> = () =>
    Promise.resolve(undefined);
  /** Likewise: the API answers, image and script a page's first screen is drawn from. */
  let firstScreen: (url: URL) => Promise<FirstScreen | undefined> = () =>
    Promise.resolve(undefined);
  let modulePreloads: (module: string) => string[] = () => [];
  /**
   * Page URLs the router does not know load the web app, which shows its own not-found page;
   * product and category pages get their title, description, Open Graph and JSON-LD in the HTML.
   */
  const pageOr404 = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && url !== '/api';
    if (indexHtml === null || !wantsPage) {
      return sendError(reply, 404, `No route for ${request.method} ${url}`);
    }
    const [head, screen] = await Promise.all([
      pageHead(url, `${request.protocol}://${request.host}`),
      firstScreen(new URL(request.url, 'http://page')),
    ]);
    reply
      .code(head === null ? 404 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache');
    const html =
      head === null ? indexHtml : renderPageHtml(indexHtml, head, screen, modulePreloads);
    return sendCompressedText(request, reply, html);
  };

  const app = Fastify({
    logger,
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed percent-encoding in a page URL (e.g. a mangled product link) is not a crash.
    frameworkErrors: (error, request, reply) => {
      if (error.code !== 'FST_ERR_BAD_URL') {
        void sendError(reply, error.statusCode ?? 400, error.message);
        return;
      }
      pageOr404(request, reply).catch((err: unknown) => {
        request.log.error({ err }, 'page for a malformed URL failed');
        void sendError(reply, 500, 'Something went wrong on our side.');
      });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseUnstorableText(app);

  const google = (path: string) =>
    config.GOOGLE_CLIENT_ID ? [`https://accounts.google.com${path}`] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      // Google Identity Services loads its script, styles and frame only when configured.
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'", ...google('/gsi/client')],
        styleSrc: ["'self'", "'unsafe-inline'", ...google('/gsi/style')],
        connectSrc: ["'self'", ...google('/gsi/')],
        frameSrc: ["'self'", ...google('/gsi/')],
        frameAncestors: ["'self'"],
      },
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Storefront commerce API',
        description: 'Catalogue, cart, accounts, checkout and payments of the storefront.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const catalogueRepository = new CatalogueRepository(database.db);
  const catalogueCache = new VersionedCache<CompressedBody>({
    readVersion: () => catalogueRepository.catalogueVersion(),
    checkEveryMs: config.CATALOGUE_CACHE_CHECK_MS,
    maxEntries: 5000,
  });
  const catalogueService = new CatalogueService(catalogueRepository);
  pageHead = (pathname, origin) =>
    cataloguePageHead(catalogueService, config.STORE_ID, pathname, origin);
  firstScreen = (url) =>
    catalogueFirstScreen(config.STORE_ID, url, async (apiPath) => {
      const res = await app.inject({ method: 'GET', url: `/api${apiPath}` });
      return res.statusCode === 200 ? res.body : null;
    });

  await app.register(
    (api, _options, done) => {
      healthRoutes(api, { ping: () => database.ping(), defaultStoreId: config.STORE_ID });
      catalogueRoutes(api, { service: catalogueService, cache: catalogueCache });
      done();
    },
    { prefix: '/api' },
  );
  await app.register(
    (api) => registerCustomerModules(api, database.db, config, adapters).then(() => {}),
    {
      prefix: '/api',
    },
  );

  await serveUploads(app, path.join(config.DATA_DIR, 'uploads'));
  indexHtml = await serveWebApp(app, config.WEB_DIST_DIR);
  modulePreloads = readModulePreloads(config.WEB_DIST_DIR);
  app.setNotFoundHandler(pageOr404);

  return { app, catalogueCache };
}

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
import type { Config } from './config/config.ts';
import { VersionedCache } from './lib/versioned-cache.ts';
import { CatalogueRepository } from './modules/catalogue/catalogue-repository.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes.ts';
import { CatalogueService } from './modules/catalogue/catalogue-service.ts';
import { healthRoutes } from './modules/health/health-routes.ts';
import { registerErrorHandler, sendError } from './plugins/error-handler.ts';
import { serveUploads, serveWebApp } from './plugins/static-files.ts';

export type AppConfig = Pick<
  Config,
  'STORE_ID' | 'DATA_DIR' | 'WEB_DIST_DIR' | 'CATALOGUE_CACHE_CHECK_MS'
>;

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
}

export interface App {
  app: FastifyInstance;
  catalogueCache: VersionedCache<string>;
}

/** Builds the server: shared plugins first, then one module per capability under /api. */
export async function buildApp({
  database,
  config,
  logger = false,
}: BuildAppOptions): Promise<App> {
  /** The web app's index.html, when there is a build to serve. */
  let indexHtml: string | null = null;
  /** Page URLs the router does not know load the web app, which shows its own not-found page. */
  const pageOr404 = (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && url !== '/api';
    if (indexHtml !== null && wantsPage) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    }
    return sendError(reply, 404, `No route for ${request.method} ${url}`);
  };

  const app = Fastify({
    logger,
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true },
    // A malformed percent-encoding in a page URL (e.g. a mangled product link) is not a crash.
    frameworkErrors: (error, request, reply) =>
      error.code === 'FST_ERR_BAD_URL'
        ? pageOr404(request, reply)
        : sendError(reply, error.statusCode ?? 400, error.message),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
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
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const catalogueRepository = new CatalogueRepository(database.db);
  const catalogueCache = new VersionedCache<string>({
    readVersion: () => catalogueRepository.catalogueVersion(),
    checkEveryMs: config.CATALOGUE_CACHE_CHECK_MS,
    maxEntries: 5000,
  });
  const catalogueService = new CatalogueService(catalogueRepository);

  await app.register(
    (api, _options, done) => {
      healthRoutes(api, { ping: () => database.ping(), defaultStoreId: config.STORE_ID });
      catalogueRoutes(api, { service: catalogueService, cache: catalogueCache });
      done();
    },
    { prefix: '/api' },
  );

  await serveUploads(app, path.join(config.DATA_DIR, 'uploads'));
  indexHtml = await serveWebApp(app, config.WEB_DIST_DIR);
  app.setNotFoundHandler(pageOr404);

  return { app, catalogueCache };
}

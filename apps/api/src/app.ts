import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
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
  const app = Fastify({
    logger,
    trustProxy: true,
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true },
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
  const hasWebApp = await serveWebApp(app, config.WEB_DIST_DIR);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' && !url.startsWith('/api/') && url !== '/api';
    if (hasWebApp && wantsPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, `No route for ${request.method} ${url}`);
  });

  return { app, catalogueCache };
}

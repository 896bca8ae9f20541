import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@shop/db';
import type { AdapterOverrides } from './adapters/index.ts';
import type { AppConfig } from './app-config.ts';
import type { AfterAnswerTasks } from './lib/after-answer-tasks.ts';
import type { VersionedCache } from './lib/versioned-cache.ts';
import { buildShopModules, type ProvidedBy } from './module-definition.ts';
import { accounts } from './modules/accounts/index.ts';
import { addresses } from './modules/addresses/index.ts';
import { admin } from './modules/admin/index.ts';
import { admissions } from './modules/admissions/index.ts';
import { audit } from './modules/audit/index.ts';
import { cart } from './modules/cart/index.ts';
import { catalogue, cataloguePages, type CachedAnswer } from './modules/catalogue/index.ts';
import { checkout } from './modules/checkout/index.ts';
import { contact } from './modules/contact/index.ts';
import { adminContent, content, contentPages } from './modules/content/index.ts';
import { coupons } from './modules/coupons/index.ts';
import { dashboard } from './modules/dashboard/index.ts';
import { dataBreaches } from './modules/data-breaches/index.ts';
import { delivery } from './modules/delivery/index.ts';
import { health } from './modules/health/index.ts';
import { inbox } from './modules/inbox/index.ts';
import { inventory } from './modules/inventory/index.ts';
import { invoices } from './modules/invoices/index.ts';
import { media } from './modules/media/index.ts';
import { orders } from './modules/orders/index.ts';
import { payments, sandboxCheckout } from './modules/payments/index.ts';
import { pricing } from './modules/pricing/index.ts';
import { consents, privacy } from './modules/privacy/index.ts';
import { privacyErasure } from './modules/privacy/erasure-module.ts';
import { privacyExport } from './modules/privacy/export-module.ts';
import { productImport } from './modules/product-import/index.ts';
import { products } from './modules/products/index.ts';
import { fcmWebOptions, push } from './modules/push/index.ts';
import { quotes } from './modules/quotes/index.ts';
import { retention } from './modules/retention/index.ts';
import { storeSettings } from './modules/store-settings/index.ts';
import fastifyMultipart from '@fastify/multipart';
import auth from './plugins/auth.ts';
import { configPlugin } from './plugins/config.ts';
import { databasePlugin } from './plugins/database.ts';
import { errorHandler } from './plugins/error-handler.ts';
import { refuseUnstorableText } from './plugins/input-guard.ts';
import { firstKnowing, frameworkErrors, pageShell } from './plugins/page-shell.ts';
import { rateLimits } from './plugins/rate-limiter.ts';
import { metrics } from './plugins/metrics.ts';
import { requestId, requestIdHeader } from './plugins/request-id.ts';
import { registerShopMetrics } from './shop-metrics.ts';
import { apiDocs, securityHeaders } from './plugins/security-headers.ts';
import { staticFiles } from './plugins/static-files.ts';
import { storeOfRequest } from './plugins/store-of-request.ts';
import { buildShopContext, type ShopContext } from './shop-context.ts';

/**
 * The shop's modules, each declared by its `modules/<m>/index.ts` (what it provides and needs,
 * how it is built, its routes and hooks, the events it emits and handles). Each is built once
 * the modules it needs are (a need nobody provides, or modules needing each other, stop the
 * start naming them); routes, hooks and event handlers go in this list's order.
 */
export const shopModules = [
  health,
  catalogue,
  accounts,
  push,
  addresses,
  cart,
  quotes,
  checkout,
  orders,
  payments,
  inventory,
  invoices,
  admissions,
  sandboxCheckout,
  contact,
  content,
  admin,
  audit,
  inbox,
  dashboard,
  products,
  media,
  productImport,
  adminContent,
  storeSettings,
  delivery,
  coupons,
  pricing,
  dataBreaches,
  retention,
  privacy,
  consents,
  privacyExport,
  privacyErasure,
] as const;

/** Every service of the server by name: the shared infrastructure's and the modules'. */
export type Services = Pick<
  ShopContext,
  'adapters' | 'afterAnswer' | 'tokens' | 'limiter' | 'mediaStore' | 'paymentWebhooks'
> &
  ProvidedBy<typeof shopModules>;

export type { AppConfig } from './app-config.ts';

/**
 * Fastify's trustProxy from TRUST_PROXY: nothing by default; a hop count trusts that many
 * proxies nearest the server; a list trusts those addresses and ranges.
 */
export function trustProxy(setting: AppConfig['TRUST_PROXY']) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** Replacements for the outside world (clock, email, Google keys, geocoding) in tests. */
  adapters?: AdapterOverrides;
}

export interface App {
  app: FastifyInstance;
  /** For start-up work in server.ts (the first owner) and tests. */
  services: Services;
  catalogueCache: VersionedCache<CachedAnswer>;
  /** Work done after the answer (order emails); `idle()` waits for it. */
  afterAnswer: AfterAnswerTasks;
  /** Every route as registered, with its config (the admin route matrix test reads it). */
  routes: RegisteredRoute[];
}

export interface RegisteredRoute {
  method: string;
  url: string;
  config: unknown;
}

/**
 * The composition root: the shared infrastructure (`shop-context.ts`), the modules built in the
 * order of `shopModules`, the infrastructure plugins in start-up order, then each module's
 * routes and hooks under /api. Routes declare who may call them with `config: needs.…()` (auth).
 */
export async function buildApp({
  database,
  config,
  logger,
  adapters: adapterOverrides,
}: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? false,
    // Nothing is believed from X-Forwarded-* unless TRUST_PROXY names the proxies (decision 0009).
    trustProxy: trustProxy(config.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: requestId,
    // Path parameters up to 256 characters reach validation (a sku may be 120), which names them.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    frameworkErrors,
  });
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, config: route.config });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const shared = await buildShopContext(database, config, adapterOverrides ?? {}, app.log);
  const modules = await buildShopModules(shopModules, shared);
  const services: Services = {
    adapters: shared.adapters,
    afterAnswer: shared.afterAnswer,
    tokens: shared.tokens,
    limiter: shared.limiter,
    mediaStore: shared.mediaStore,
    paymentWebhooks: shared.paymentWebhooks,
    ...modules.services,
  };

  // Infrastructure, in start-up order.
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database });
  await app.register(storeOfRequest); // which store a request is for (STORE_HOSTS, STORE_ID)
  await app.register(securityHeaders, {
    googleSignIn: config.GOOGLE_CLIENT_ID !== undefined,
    ...(config.MEDIA_PUBLIC_URL ? { mediaOrigin: new URL(config.MEDIA_PUBLIC_URL).origin } : {}),
    razorpayCheckout: config.PAYMENT_GATEWAY === 'razorpay',
    webPush: fcmWebOptions(config) !== null,
  });
  await app.register(requestIdHeader);
  await app.register(metrics, {
    token: config.METRICS_TOKEN,
    register: (registry) => registerShopMetrics(registry, services),
  });
  await app.register(apiDocs, { published: config.API_DOCS });
  await app.register(errorHandler);
  refuseUnstorableText(app); // text PostgreSQL cannot store (NUL) is a 400 naming the field
  await app.register(auth, {
    tokens: services.tokens,
    currentRole: (userId, sessionId) => services.accounts.currentRole(userId, sessionId),
  });
  await app.register(rateLimits, { limiter: services.limiter });
  // Multipart for image uploads only; each route reads its files with its own limits.
  await app.register(fastifyMultipart, {
    limits: { fileSize: services.images.maxBytes, fields: 10 },
  });
  await app.register(staticFiles, {
    uploadsDir: path.join(config.DATA_DIR, 'uploads'),
    store: services.mediaStore,
    publicUrl: config.MEDIA_PUBLIC_URL,
    webDistDir: config.WEB_DIST_DIR,
  });
  await app.register(pageShell, {
    // The request's store's pages (decision 0051): content and form pages first (they know only
    // their paths), then the catalogue's.
    pagesOf: (storeId) =>
      firstKnowing(
        contentPages(services.content, services.catalogue, storeId),
        cataloguePages(services.catalogue, storeId),
      ),
  });

  // Modules: each one's routes and hooks under /api, in the list's order.
  await modules.register(app);
  app.addHook('onClose', async () => {
    await services.paymentWebhooks?.close();
    // Emails of orders confirmed just before the close still go out, then the SMTP pool closes.
    await services.afterAnswer.idle();
    await services.adapters.email.close();
  });

  return {
    app,
    services,
    catalogueCache: services.catalogueCache,
    afterAnswer: services.afterAnswer,
    routes,
  };
}

import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@shop/db';
import type { AdapterOverrides } from './adapters/index.ts';
import type { AppConfig } from './app-config.ts';
import type { AfterAnswerTasks } from './lib/after-answer-tasks.ts';
import type { VersionedCache } from './lib/versioned-cache.ts';
import { accounts } from './modules/accounts/index.ts';
import { fcmWebOptions, push } from './modules/push/index.ts';
import { addresses } from './modules/addresses/index.ts';
import { admin } from './modules/admin/index.ts';
import { audit } from './modules/audit/index.ts';
import { products } from './modules/products/index.ts';
import { media } from './modules/media/index.ts';
import fastifyMultipart from '@fastify/multipart';
import { productImport } from './modules/product-import/index.ts';
import { coupons } from './modules/coupons/index.ts';
import { delivery } from './modules/delivery/index.ts';
import { admissions } from './modules/admissions/index.ts';
import { cart } from './modules/cart/index.ts';
import { catalogue, cataloguePages } from './modules/catalogue/index.ts';
import { checkout } from './modules/checkout/index.ts';
import { contact } from './modules/contact/index.ts';
import { dashboard } from './modules/dashboard/index.ts';
import { inbox } from './modules/inbox/index.ts';
import { adminContent, content, contentPages } from './modules/content/index.ts';
import { storeSettings } from './modules/store-settings/index.ts';
import { health } from './modules/health/index.ts';
import { invoices } from './modules/invoices/index.ts';
import { orders } from './modules/orders/index.ts';
import { inventory } from './modules/inventory/index.ts';
import { payments, sandboxCheckout } from './modules/payments/index.ts';
import { quotes } from './modules/quotes/index.ts';
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
import { buildServices, type Services } from './services.ts';
import type { CachedAnswer } from './modules/catalogue/index.ts';

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
 * The composition root: infrastructure plugins in start-up order, then one line per module.
 * Services and adapters are built once, in services.ts (which also holds the modules without
 * routes, such as pricing). Routes declare who may call them with `config: needs.…()` (auth).
 */
export async function buildApp(o: BuildAppOptions): Promise<App> {
  const { database, config } = o;
  const app = Fastify({
    logger: o.logger ?? false,
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
  const s = await buildServices(database.db, config, o.adapters ?? {}, app.log);
  const api = { prefix: '/api' };

  // Infrastructure, in start-up order.
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database });
  await app.register(securityHeaders, {
    googleSignIn: config.GOOGLE_CLIENT_ID !== undefined,
    ...(config.MEDIA_PUBLIC_URL ? { mediaOrigin: new URL(config.MEDIA_PUBLIC_URL).origin } : {}),
    razorpayCheckout: config.PAYMENT_GATEWAY === 'razorpay',
    webPush: fcmWebOptions(config) !== null,
  });
  await app.register(requestIdHeader);
  await app.register(metrics, {
    token: config.METRICS_TOKEN,
    register: (registry) => registerShopMetrics(registry, s),
  });
  await app.register(apiDocs);
  await app.register(errorHandler);
  refuseUnstorableText(app); // text PostgreSQL cannot store (NUL) is a 400 naming the field
  await app.register(auth, {
    tokens: s.tokens,
    currentRole: (userId) => s.accounts.currentRole(userId),
  });
  await app.register(rateLimits, { limiter: s.limiter });
  // Multipart for image uploads only; each route reads its files with its own limits.
  await app.register(fastifyMultipart, { limits: { fileSize: s.images.maxBytes, fields: 10 } });
  await app.register(staticFiles, {
    uploadsDir: path.join(config.DATA_DIR, 'uploads'),
    store: s.mediaStore,
    publicUrl: config.MEDIA_PUBLIC_URL,
    webDistDir: config.WEB_DIST_DIR,
  });
  await app.register(pageShell, {
    // Content and form pages first (they know only their paths), then the catalogue's.
    ...firstKnowing(
      contentPages(s.content, s.catalogue, config.STORE_ID),
      cataloguePages(s.catalogue, config.STORE_ID),
    ),
    publicOrigin: config.PUBLIC_URL,
  });

  // Modules, each under /api.
  await app.register(health, {
    ...api,
    ping: () => database.ping(),
    pendingMigrations: () => database.pendingMigrations(),
    defaultStoreId: config.STORE_ID,
  });
  await app.register(catalogue, { ...api, service: s.catalogue, cache: s.catalogueCache });
  await app.register(accounts, {
    ...api,
    service: s.accounts,
    sessions: s.sessions,
    staff: s.staff,
    google: s.adapters.google,
    appShellMarker: config.APP_SHELL_UA_MARKER,
  });
  await app.register(push, { ...api, fcm: fcmWebOptions(config) });
  await app.register(addresses, { ...api, service: s.addresses });
  await app.register(cart, { ...api, service: s.cart });
  await app.register(quotes, { ...api, service: s.quotes });
  await app.register(checkout, { ...api, service: s.checkout });
  await app.register(orders, {
    ...api,
    service: s.orders,
    placing: s.placing,
    fulfilment: s.fulfilment,
    desk: s.desk,
    payments: s.payments,
    clock: s.adapters.clock,
  });
  await app.register(payments, {
    ...api,
    service: s.payments,
    // Where the sweeper runs, so does the start-up check of unpaid orders.
    checkAtStart: config.STOCK_SWEEP_SECONDS > 0,
  });
  await app.register(inventory, {
    holds: s.holds,
    sweepEveryMs: config.STOCK_SWEEP_SECONDS * 1000,
  });
  await app.register(invoices, { ...api, service: s.invoices });
  await app.register(admissions, {
    ...api,
    service: s.admissions,
    orders: s.orders,
    payments: s.payments,
  });
  await app.register(sandboxCheckout, { ...api, gateways: s.gateways, payments: s.payments });
  await app.register(contact, { ...api, service: s.contact, defaultStoreId: config.STORE_ID });
  await app.register(content, { ...api, service: s.content });
  await app.register(admin, { ...api, accounts: s.accounts });
  await app.register(audit, { ...api, service: s.audit });
  await app.register(inbox, { ...api, service: s.inbox });
  await app.register(dashboard, { ...api, service: s.dashboard });
  await app.register(products, {
    ...api,
    service: s.products,
    productImages: s.productImages,
    images: s.images,
  });
  await app.register(media, { ...api, media: s.media, images: s.images });
  await app.register(productImport, { ...api, service: s.productImport });
  await app.register(adminContent, { ...api, admin: s.adminContent });
  await app.register(storeSettings, {
    ...api,
    service: s.storeSettings,
    paymentKeys: s.paymentKeys,
  });
  await app.register(delivery, { ...api, service: s.delivery });
  await app.register(coupons, { ...api, service: s.coupons });
  app.addHook('onClose', async () => {
    await s.paymentWebhooks?.close();
    // Emails of orders confirmed just before the close still go out.
    await s.afterAnswer.idle();
  });

  return {
    app,
    services: s,
    catalogueCache: s.catalogueCache,
    afterAnswer: s.afterAnswer,
    routes,
  };
}

import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@shop/db';
import { buildAdapters, type AdapterOverrides, type Adapters } from './adapters/index.ts';
import { createMediaStore, type MediaStore } from './adapters/media-store.ts';
import type { AppConfig } from './app-config.ts';
import { buildOrderServices } from './order-services.ts';
import { accessTokens, type AccessTokens } from './lib/access-tokens.ts';
import { compressedBodyBytes } from './lib/compressed-body.ts';
import { argon2Hasher } from './lib/passwords.ts';
import { deriveKey, loadOrCreateSecret } from './lib/secrets.ts';
import { VersionedCache } from './lib/versioned-cache.ts';
import { AccountsRepository } from './modules/accounts/accounts-repository.ts';
import { AccountsService } from './modules/accounts/accounts-service.ts';
import { CodesService } from './modules/accounts/codes-service.ts';
import { SessionsService } from './modules/accounts/sessions-service.ts';
import { StaffRepository } from './modules/accounts/staff-repository.ts';
import { StaffService } from './modules/accounts/staff-service.ts';
import { AddressesRepository } from './modules/addresses/addresses-repository.ts';
import { AddressesService } from './modules/addresses/addresses-service.ts';
import { CartRepository } from './modules/cart/cart-repository.ts';
import { CartService } from './modules/cart/cart-service.ts';
import { CatalogueRepository } from './modules/catalogue/catalogue-repository.ts';
import { CatalogueService } from './modules/catalogue/catalogue-service.ts';
import type { CachedAnswer } from './modules/catalogue/index.ts';
import { PricingRepository } from './modules/pricing/pricing-repository.ts';
import { PricingService } from './modules/pricing/pricing-service.ts';
import { QuotesRepository } from './modules/quotes/quotes-repository.ts';
import { QuotesService } from './modules/quotes/quotes-service.ts';
import { RateLimiter } from './plugins/rate-limiter.ts';
import { hasGatewayKeys, resolveGatewayCredentials } from './adapters/gateway-credentials.ts';
import { indiaPincodeDirectory } from './adapters/pincode-directory.ts';
import { secretBox, storeSecretBox } from './adapters/secret-box.ts';
import { AdmissionsRepository } from './modules/admissions/admissions-repository.ts';
import { AdmissionsService } from './modules/admissions/admissions-service.ts';
import { createWebhookOutbox } from './adapters/webhook-outbox.ts';
import type { WebhookScheduler } from './adapters/webhook-scheduler.ts';
import { ContactRepository } from './modules/contact/contact-repository.ts';
import { ContactService } from './modules/contact/contact-service.ts';
import { ContentRepository } from './modules/content/content-repository.ts';
import { ContentService } from './modules/content/content-service.ts';
import { AdminContentRepository } from './modules/content/admin-content-repository.ts';
import { AdminContentService } from './modules/content/admin-content-service.ts';
import { PublicFormGuard } from './lib/public-form-guard.ts';
import { CheckoutRepository } from './modules/checkout/checkout-repository.ts';
import { CheckoutService } from './modules/checkout/checkout-service.ts';
import { StoreCheckoutCache } from './modules/checkout/store-checkout-cache.ts';
import { StoreGateways } from './modules/payments/store-gateways.ts';
import { InvoicesRepository } from './modules/invoices/invoices-repository.ts';
import { InvoicesService } from './modules/invoices/invoices-service.ts';
import type { PaymentsService } from './modules/payments/payments-service.ts';
import type { HoldsService } from './modules/inventory/holds-service.ts';
import type { OrdersService } from './modules/orders/orders-service.ts';
import type { PlacingService } from './modules/orders/placing-service.ts';
import type { FulfilmentService } from './modules/orders/fulfilment-service.ts';
import type { DeskService } from './modules/orders/desk-service.ts';
import { AfterAnswerTasks } from './lib/after-answer-tasks.ts';
import { AuditRepository } from './modules/audit/audit-repository.ts';
import { AuditService } from './modules/audit/audit-service.ts';
import { DashboardService } from './modules/dashboard/dashboard-service.ts';
import { InboxRepository } from './modules/inbox/inbox-repository.ts';
import { InboxService } from './modules/inbox/inbox-service.ts';
import { OrderFiguresRepository } from './modules/orders/order-figures-repository.ts';
import { OrderFiguresService } from './modules/orders/order-figures-service.ts';
import { StoreSettingsRepository } from './modules/store-settings/store-settings-repository.ts';
import { PaymentKeysService } from './modules/store-settings/payment-keys-service.ts';
import { StoreSettingsService } from './modules/store-settings/store-settings-service.ts';
import { ProductsRepository } from './modules/products/products-repository.ts';
import { ProductsService } from './modules/products/products-service.ts';
import { ProductImagesService } from './modules/products/product-images-service.ts';
import { ImagesService } from './modules/media/images-service.ts';
import { MediaRepository, MediaService } from './modules/media/media-service.ts';
import { ProductImportService } from './modules/product-import/product-import-service.ts';
import { CouponCheck } from './modules/coupons/coupon-check.ts';
import { CouponsRepository } from './modules/coupons/coupons-repository.ts';
import { CouponsService } from './modules/coupons/coupons-service.ts';
import { DeliveryRepository } from './modules/delivery/delivery-repository.ts';
import { DeliveryService } from './modules/delivery/delivery-service.ts';

/** Every service of the server, built once, each with what it depends on. */
export interface Services {
  adapters: Adapters;
  /** Work done after the answer (order emails); the server waits for it on close. */
  afterAnswer: AfterAnswerTasks;
  tokens: AccessTokens;
  limiter: RateLimiter;
  catalogue: CatalogueService;
  catalogueCache: VersionedCache<CachedAnswer>;
  pricing: PricingService;
  accounts: AccountsService;
  sessions: SessionsService;
  /** The store's staff: invites, roles, removal (owner only, audited). */
  staff: StaffService;
  addresses: AddressesService;
  cart: CartService;
  quotes: QuotesService;
  gateways: StoreGateways;
  checkout: CheckoutService;
  /** GST tax invoices and credit notes (issued by orders and fulfilment in their transactions). */
  invoices: InvoicesService;
  /** The audit log of admin writes: `record(tx, actor, write)` inside each write's transaction. */
  audit: AuditService;
  /** Products in the admin: create, edit, duplicate, bulk edit, delete or archive. */
  products: ProductsService;
  /** Uploaded images: checks by content, WebP renditions under uploads/ (decision 0021). */
  images: ImagesService;
  /** Where images live: DATA_DIR/uploads or the S3 bucket (decision 0038). */
  mediaStore: MediaStore;
  /** A product's photos: upload, reorder, main one, remove. */
  productImages: ProductImagesService;
  /** Single images for content and settings screens. */
  media: MediaService;
  /** The catalogue's CSV export and import (on the products and catalogue services). */
  productImport: ProductImportService;
  /** Delivery bands, free-delivery bands and pincodes in the admin (owner only). */
  delivery: DeliveryService;
  /** Coupons in the admin (owner only). */
  coupons: CouponsService;
  orders: OrdersService;
  /** Placing orders and Pay now again. */
  placing: PlacingService;
  /** The stock holds of unpaid orders (released when expired, by the sweeper). */
  holds: HoldsService;
  /** Confirming payments (verify, webhooks, gateway checks, manual UPI) and refunds. */
  payments: PaymentsService;
  /** Moving orders through their statuses (cancel, refund, notifications). */
  fulfilment: FulfilmentService;
  /** The orders desk's reads: list, CSV export, one order with its customer, packing slip. */
  desk: DeskService;
  admissions: AdmissionsService;
  /** Limits, honeypot and shop notices of every public form (contact, enquiry, admission). */
  publicForms: PublicFormGuard;
  contact: ContactService;
  content: ContentService;
  /** The admin's content: categories, new arrivals, sliders, offers, marquees, meta, pages. */
  adminContent: AdminContentService;
  /** The store's settings in the admin (owner only). */
  storeSettings: StoreSettingsService;
  paymentKeys: PaymentKeysService;
  /** The admin inbox: leads, enquiries, quote requests and admissions with status and notes. */
  inbox: InboxService;
  /** The admin dashboard's figures. */
  dashboard: DashboardService;
  /** The sandbox's webhook deliveries (closed with the server), if any. */
  paymentWebhooks: WebhookScheduler | null;
}

/**
 * The one place services, repositories and adapters are made. A module's routes get services
 * (theirs and others'), never another module's repository.
 */
export async function buildServices(
  db: Database,
  config: AppConfig,
  overrides: AdapterOverrides,
  log: FastifyBaseLogger,
): Promise<Services> {
  const addressesRepository = new AddressesRepository(db);
  const adapters = await buildAdapters(config, overrides, log, (storeId, pin) =>
    addressesRepository.pincodeCoordinates(storeId, pin),
  );
  const { clock } = adapters;

  const secret =
    config.AUTH_SECRET ?? loadOrCreateSecret(path.join(config.DATA_DIR, 'secrets', 'auth-secret'));
  const tokens = accessTokens(
    deriveKey(secret, 'access-token-v1'),
    config.ACCESS_TOKEN_TTL_SECONDS,
    clock,
  );
  const limiter = new RateLimiter(db, clock);

  const catalogueRepository = new CatalogueRepository(db);
  const catalogueCache = new VersionedCache<CachedAnswer>({
    // A stock-only change (an order) drops the answers showing the products it moved, at the
    // next check; answers depending on all stock, at most every CATALOGUE_STOCK_STALE_MS.
    readVersion: () => catalogueRepository.catalogueVersions(),
    laxStaleMs: config.CATALOGUE_STOCK_STALE_MS,
    laxViewsOf: (answer) => answer.stock,
    readLaxViews: (ids) => catalogueRepository.stockViews(ids),
    checkEveryMs: config.CATALOGUE_CACHE_CHECK_MS,
    maxEntries: 5000,
    // Plain, brotli and gzip forms together; about 64 MB at most per API process.
    maxBytes: config.CATALOGUE_CACHE_MAX_MB * 1024 * 1024,
    sizeOf: (answer) => compressedBodyBytes(answer.body),
  });
  const pricing = new PricingService(new PricingRepository(db));

  const accountsRepository = new AccountsRepository(db);
  const sessions = new SessionsService({
    repository: accountsRepository,
    tokens,
    clock,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    sessionMaxDays: config.SESSION_MAX_DAYS,
    staffSessionHours: config.STAFF_SESSION_HOURS,
  });
  const codes = new CodesService({
    repository: accountsRepository,
    email: adapters.email,
    limiter,
    clock,
    otpKey: deriveKey(secret, 'otp-v1'),
    limits: {
      otpSendPerEmail: config.OTP_SEND_LIMIT_PER_EMAIL,
      otpSendPerEmailAll: config.OTP_SEND_LIMIT_PER_EMAIL_ALL,
      otpSendPerIp: config.OTP_SEND_LIMIT_PER_IP,
      otpTryPerIp: config.OTP_TRY_LIMIT_PER_IP,
    },
    log,
  });
  const passwords = argon2Hasher();
  const accounts = new AccountsService({
    repository: accountsRepository,
    codes,
    sessions,
    google: adapters.google.verifier,
    limiter,
    passwords,
    sleep: adapters.sleep,
    limits: {
      loginPerEmail: config.LOGIN_LIMIT_PER_EMAIL,
      loginPerIp: config.LOGIN_LIMIT_PER_IP,
      accountWritesPerIp: config.ACCOUNT_WRITE_LIMIT_PER_IP,
    },
    log,
  });

  const addresses = new AddressesService(addressesRepository, adapters.geocoder);
  const cart = new CartService(new CartRepository(db), pricing);
  const content = new ContentService(new ContentRepository(db));
  const catalogue = new CatalogueService(
    catalogueRepository,
    {
      cacheCheckMs: config.CATALOGUE_CACHE_CHECK_MS,
      stockStaleMs: config.CATALOGUE_STOCK_STALE_MS,
    },
    content,
  );

  const checkoutRepository = new CheckoutRepository(db);
  const storeCheckout = new StoreCheckoutCache(
    checkoutRepository,
    catalogue,
    config.CATALOGUE_CACHE_CHECK_MS,
  );
  const paymentWebhooks =
    overrides.paymentWebhooks !== undefined
      ? overrides.paymentWebhooks
      : config.PAYMENT_GATEWAY === 'sandbox'
        ? createWebhookOutbox({
            db,
            url: `${config.PUBLIC_URL}/api/payment/webhook`,
            log,
          })
        : null;
  const gatewaySecrets = storeSecretBox(secret);
  const serverCredentials = resolveGatewayCredentials(
    config.PAYMENT_GATEWAY,
    {
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
    },
    path.join(config.DATA_DIR, 'secrets'),
  );
  if (!hasGatewayKeys(serverCredentials)) {
    log.warn(
      'Razorpay has no RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET: a store takes online payments only once its owner enters its keys (Admin → Settings → Payment keys).',
    );
  }
  const gateways = new StoreGateways(
    config.PAYMENT_GATEWAY,
    serverCredentials,
    storeCheckout,
    gatewaySecrets,
    {
      db,
      ...(paymentWebhooks ? { webhooks: paymentWebhooks } : {}),
      ...(config.RAZORPAY_API_URL ? { razorpayBaseUrl: config.RAZORPAY_API_URL } : {}),
    },
  );
  const couponsRepository = new CouponsRepository(db);
  const checkout = new CheckoutService({
    repository: checkoutRepository,
    stores: storeCheckout,
    pricing,
    addresses,
    cart,
    catalogue,
    pincodes: indiaPincodeDirectory,
    gateways,
    coupons: new CouponCheck({ repository: couponsRepository, clock }),
    clock,
  });

  const afterAnswer = new AfterAnswerTasks(log);
  const invoices = new InvoicesService(new InvoicesRepository(db));
  const audit = new AuditService(new AuditRepository(db));
  const storeSettingsRepository = new StoreSettingsRepository(db);
  const productsRepository = new ProductsRepository(db);
  const products = new ProductsService(productsRepository, audit);
  const staff = new StaffService({
    repository: new StaffRepository(db),
    sessions,
    audit,
    passwords,
    email: adapters.email,
    limiter,
    clock,
    inviteKey: deriveKey(secret, 'staff-invite-v1'),
    triesPerIp: config.OTP_TRY_LIMIT_PER_IP,
    log,
  });
  const { payments, holds, orders, placing, fulfilment, desk } = buildOrderServices({
    db,
    config,
    adapters,
    gateways,
    checkout,
    cart,
    addresses,
    accounts,
    invoices,
    audit,
    afterAnswer,
    log,
  });
  const publicForms = new PublicFormGuard({
    limiter,
    limits: {
      perIp: config.PUBLIC_FORM_LIMIT_PER_IP,
      perEmail: config.PUBLIC_FORM_LIMIT_PER_EMAIL,
    },
    email: adapters.email,
    afterAnswer,
    log,
  });
  const contact = new ContactService(new ContactRepository(db), publicForms);
  const admissions = new AdmissionsService({
    repository: new AdmissionsRepository(db),
    box: secretBox(deriveKey(secret, 'admission-aadhaar-v1')),
    hashKey: deriveKey(secret, 'admission-aadhaar-hash-v1'),
    placing,
    contact,
  });
  const inbox = new InboxService({
    repository: new InboxRepository(db),
    audit,
    admissions,
    clock,
  });
  const dashboard = new DashboardService({
    figures: new OrderFiguresService(new OrderFiguresRepository(db)),
    catalogue,
    inbox,
    audit,
    clock,
  });
  const mediaStore = createMediaStore(config, (err) =>
    log.error({ err }, 'the image storage failed'),
  );
  const images = new ImagesService({
    store: mediaStore,
    maxBytes: config.IMAGE_MAX_MB * 1024 * 1024,
    maxPixels: config.IMAGE_MAX_MEGAPIXELS * 1_000_000,
  });

  return {
    adapters,
    afterAnswer,
    tokens,
    limiter,
    catalogue,
    catalogueCache,
    pricing,
    accounts,
    sessions,
    staff,
    addresses,
    cart,
    quotes: new QuotesService(new QuotesRepository(db), pricing, limiter, checkout),
    gateways,
    checkout,
    invoices,
    audit,
    products,
    images,
    mediaStore,
    productImages: new ProductImagesService(productsRepository, images, audit),
    media: new MediaService(new MediaRepository(db), images, audit),
    productImport: new ProductImportService(products, catalogue),
    delivery: new DeliveryService(new DeliveryRepository(db), audit),
    coupons: new CouponsService(couponsRepository, audit),
    orders,
    placing,
    holds,
    payments,
    fulfilment,
    desk,
    admissions,
    publicForms,
    contact,
    content,
    adminContent: new AdminContentService(new AdminContentRepository(db), audit, products),
    storeSettings: new StoreSettingsService(storeSettingsRepository, audit, indiaPincodeDirectory),
    paymentKeys: new PaymentKeysService({
      repo: storeSettingsRepository,
      audit,
      box: gatewaySecrets,
      gateways,
      webhookUrl: `${config.PUBLIC_URL}/api/payment/webhook`,
    }),
    inbox,
    dashboard,
    paymentWebhooks,
  };
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

/** A hop count, or a comma list of proxy addresses / CIDRs (what Fastify's trustProxy takes). */
const trustProxySchema = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] => {
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const address = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;
    if (list.length === 0 || list.some((p) => !address.test(p))) {
      ctx.addIssue({
        code: 'custom',
        message: 'a hop count (e.g. 1) or a comma list of proxy IP addresses or CIDRs',
      });
      return z.NEVER;
    }
    return list;
  });

/** A store id as the stores table and the image folders take it. */
const STORE_ID_PATTERN = /^[a-z0-9_-]{1,64}$/;
/** A host name with an optional port (shop.example.in, localhost:3001). */
const HOST_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** One host of STORE_HOSTS: the store it serves and the origin of that store's links. */
export interface StoreHost {
  storeId: string;
  /** Lower case, with its port when one was given. */
  host: string;
  /** `https://<host>`, or the scheme the entry named (`threadline=http://localhost:3001`). */
  origin: string;
}

/**
 * STORE_HOSTS: `store=host` pairs, comma-separated (`urbanroll=shop.example.in,threadline=
 * team.example.in`). A store may have several hosts (its first one gives its links' origin); a
 * host only one store. A host may name its scheme (`http://localhost:3001`); bare, it is https.
 */
const storeHostsSchema = z
  .string()
  .trim()
  .transform((v, ctx): StoreHost[] => {
    const hosts: StoreHost[] = [];
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    for (const entry of v.split(',').map((e) => e.trim())) {
      if (entry === '') continue;
      const eq = entry.indexOf('=');
      if (eq < 0) {
        return problem(
          `"${entry}" is not store=host; write e.g. urbanroll=shop.example.in,threadline=team.example.in`,
        );
      }
      const storeId = entry.slice(0, eq).trim();
      const written = entry
        .slice(eq + 1)
        .trim()
        .toLowerCase();
      if (!STORE_ID_PATTERN.test(storeId)) {
        return problem(
          `"${storeId}" in "${entry}" is not a store id (lower-case letters, digits, - and _)`,
        );
      }
      const scheme = /^(https?):\/\//.exec(written);
      const host = (scheme ? written.slice(scheme[0].length) : written).replace(/\/+$/, '');
      if (!HOST_PATTERN.test(host)) {
        return problem(
          `"${written}" in "${entry}" is not a host name (e.g. shop.example.in, without a path)`,
        );
      }
      const taken = hosts.find((h) => h.host === host);
      if (taken) {
        return problem(`the host ${host} is given to both ${taken.storeId} and ${storeId}`);
      }
      hosts.push({ storeId, host, origin: `${scheme?.[1] ?? 'https'}://${host}` });
    }
    if (hosts.length === 0) return problem('no store=host pair; unset it to serve STORE_ID only');
    return hosts;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  /**
   * API processes on this machine (node's cluster module, one port). Unset: one per core,
   * capped by the connections PostgreSQL allows; always 1 on the embedded database.
   */
  WEB_CONCURRENCY: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(64).optional(),
  ),
  /** Connections each API process keeps to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  /** The store served to a request whose host STORE_HOSTS does not list (all of them when unset). */
  STORE_ID: z.string().min(1).default('urbanroll'),
  /**
   * Several stores from one server and one web build, chosen by the request's host (decision
   * 0051): `urbanroll=shop.example.in,threadline=team.example.in`. The host is the Host header,
   * or X-Forwarded-Host from a proxy TRUST_PROXY trusts. Unset: every request is STORE_ID's.
   */
  STORE_HOSTS: z.preprocess(emptyAsUndefined, storeHostsSchema.optional()),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  /** On SIGTERM/SIGINT: how long running requests may take to finish before the process exits. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * First owner of the STORE_ID store: when both are set and the store has no owner yet,
   * start-up makes this email its owner with this password (a real shop started with
   * SEED_DEMO=false signs in to the admin with it). Ignored once the store has an owner.
   */
  ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z.string().min(12, 'at least 12 characters').max(128).optional(),
  ),
  /** Turns on GET /api/metrics (Prometheus), answered only with `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(24, 'at least 24 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CATALOGUE_CACHE_CHECK_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * How long a change of stock or units sold alone (every order makes one) may stay unseen in
   * the cached storefront answers that depend on stock they do not show (sorted by units sold,
   * filtered by stock, the filter counts), besides CATALOGUE_CACHE_CHECK_MS (decision 0031; 5000
   * by default since it measured better in the whole mix, issue 31). Answers showing the
   * products an order moved are refreshed at the next check, the rest stay. 0: every answer at
   * once. An owner's edit of a product (stock included) is always seen at once; checkout, the
   * cart and placing always read stock fresh.
   */
  CATALOGUE_STOCK_STALE_MS: z.coerce.number().int().min(0).default(5000),
  /** The most memory (MB) the catalogue answer cache of one API process holds. */
  CATALOGUE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** The largest image file an admin may upload, in MB (decision 0021). */
  IMAGE_MAX_MB: z.coerce.number().int().min(1).max(100).default(10),
  /** The most pixels (width × height) an uploaded image may have, in megapixels. */
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(268).default(50),

  /**
   * Signs access tokens and keys the one-time-code HMAC. At least 32 characters. When unset, a
   * random one is made once and kept in DATA_DIR/secrets/ (fine for one process; set it
   * explicitly when several API processes serve one shop).
   */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),

  /**
   * Sender of the shop's emails ("Chai Wala <orders@chaiwala.in>"). A real shop (SEED_DEMO=false)
   * that sends real mail (SMTP_URL) must set it; otherwise the demo's, or no-reply@localhost.
   */
  EMAIL_FROM: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  /** SMTP connection URL (smtps://user:pass@host:465); when unset, mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),

  /** Google OAuth client id: Google sign-in with Google's keys. Unset: see GOOGLE_SIGN_IN. */
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /**
   * `local` turns on the local test issuer of Google-like credentials for reserved test
   * addresses (example.com, .test) without GOOGLE_CLIENT_ID. Unset: on in the demo
   * (SEED_DEMO=true) only; a real shop has no Google sign-in until GOOGLE_CLIENT_ID is set.
   */
  GOOGLE_SIGN_IN: z.preprocess(emptyAsUndefined, z.enum(['local']).optional()),
  /**
   * The API explorer and its OpenAPI document at /api/docs and /api/docs/json. Unset: on in the
   * demo (SEED_DEMO=true) only; a real shop does not publish them unless asked.
   */
  API_DOCS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  /** Text in the user agent that marks the native app shell. */
  APP_SHELL_UA_MARKER: z.string().min(1).default('UrbanRollApp'),

  /** Maps geocoding key; when unset, addresses are located by the offline pincode table. */
  GEOCODING_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),

  /** Rate limits (per window): codes sent, code tries, failed logins. */
  /** Code sends per email from one IP address; OTP_SEND_LIMIT_PER_EMAIL_ALL from all of them. */
  OTP_SEND_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  OTP_SEND_LIMIT_PER_EMAIL_ALL: z.coerce.number().int().min(1).default(20),
  OTP_SEND_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  OTP_TRY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Signups, password resets and Google sign-ins per IP address, an hour. */
  ACCOUNT_WRITE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Messages of the public forms (contact, enquiry, admission) per IP address, an hour. */
  PUBLIC_FORM_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Messages of the public forms per email address (from any IP), an hour. */
  PUBLIC_FORM_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Coupon codes checked (or tried at checkout and not found) per IP address, 10 minutes. */
  COUPON_CHECK_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Coupon codes checked (or tried at checkout and not found) per account, 10 minutes. */
  COUPON_CHECK_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /** Absolute lifetime of a session: refresh stops working this many days after sign-in. */
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /**
   * Absolute lifetime of a staff or owner session (hours): refresh stops working this long
   * after sign-in, however often it is rotated. Shorter than a customer's.
   */
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(720).default(12),

  /**
   * Which proxies in front of the server to believe about the client's address, scheme and
   * host (X-Forwarded-For/-Proto/-Host). Unset: none (the socket's peer is the client). A hop
   * count (`1` behind one load balancer) or a comma list of proxy addresses or CIDRs.
   */
  TRUST_PROXY: z.preprocess(emptyAsUndefined, trustProxySchema.optional()),
  /**
   * The shop's public origin (https://shop.example.in) for canonical URLs, Open Graph and
   * JSON-LD. Default: http://localhost:PORT. Never taken from request headers.
   */
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/ })
      .transform((u) => new URL(u).origin)
      .optional(),
  ),

  /**
   * The payment gateway: `sandbox` makes the API its own Razorpay-like gateway (the demo's
   * default, SEED_DEMO=true); `razorpay` uses Razorpay (a real shop's default, SEED_DEMO=false).
   * Razorpay takes payments once it has keys: RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or the
   * store's own (Admin → Settings → Payment keys); until then Pay now and the pay-on-delivery
   * advance are not offered. A real shop runs the sandbox only when this says `sandbox`.
   */
  PAYMENT_GATEWAY: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'razorpay']).optional()),
  /** Razorpay key id and secret; unset: the sandbox's key id and a secret generated into DATA_DIR/secrets/. */
  RAZORPAY_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  RAZORPAY_KEY_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Secret of the webhooks (Razorpay dashboard); unset: generated into DATA_DIR/secrets/. */
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Razorpay's API address; unset: Razorpay's own. Tests point it at a local stand-in. */
  RAZORPAY_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** How long an unpaid order holds its stock (and coupon use) before the sweeper releases it. */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /**
   * How long a manual UPI order (Pay by UPI) holds its stock once its customer entered the UTR,
   * while the shop waits to see the money (before that, STOCK_HOLD_MINUTES); unconfirmed, the
   * sweeper releases it after this many hours (decision 0039).
   */
  MANUAL_PAY_HOLD_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  /**
   * Days after which an order still waiting for its payment (or a UPI order with no UTR) is
   * cancelled as "Payment not received"; a payment arriving later is refunded. Fractions are
   * taken (0.5: twelve hours); checked every STOCK_SWEEP_SECONDS.
   */
  UNPAID_ORDER_DAYS: z.coerce.number().positive().max(365).default(7),
  /**
   * Push notifications: `local` (default) logs them and keeps them in memory; `fcm` sends them
   * through Firebase Cloud Messaging (needs FCM_PROJECT_ID and FCM_SERVICE_ACCOUNT_FILE).
   */
  PUSH_PROVIDER: z.enum(['local', 'fcm']).default('local'),
  FCM_PROJECT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Path of the Firebase service account's JSON key file. */
  FCM_SERVICE_ACCOUNT_FILE: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /**
   * The Firebase web app's public settings (Firebase console → Project settings → Your apps →
   * Web app, and Cloud Messaging → Web Push certificates). With PUSH_PROVIDER=fcm and all four
   * set, the storefront offers shoppers order updates and registers real FCM web tokens;
   * otherwise it registers none. Not secrets: the browser receives them.
   */
  FCM_WEB_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  FCM_WEB_APP_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  FCM_WEB_SENDER_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  FCM_WEB_VAPID_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** How often each API process's sweeper releases expired stock holds, in seconds. */
  STOCK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),

  /**
   * Several API processes serve this shop (behind a load balancer). With DATABASE_URL set, it
   * (or S3_BUCKET) makes the start refuse secrets generated on one machine's disk.
   */
  CLUSTER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Images in an S3-compatible bucket instead of DATA_DIR/uploads (decision 0038). Unset: the
   * folder. S3_ENDPOINT for R2, Spaces or MinIO; credentials unset: the SDK's own chain.
   */
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('auto')),
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /**
   * Where browsers fetch images from (a CDN or the bucket's public origin), e.g.
   * https://media.example.in: /api/uploads/<key> then redirects there. Unset: the API serves them.
   */
  MEDIA_PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/ })
      .transform((u) => u.replace(/\/+$/, ''))
      .optional(),
  ),
});

export type Config = Omit<
  z.infer<typeof envSchema>,
  'PUBLIC_URL' | 'PAYMENT_GATEWAY' | 'EMAIL_FROM' | 'API_DOCS'
> & {
  PUBLIC_URL: string;
  EMAIL_FROM: string;
  PAYMENT_GATEWAY: 'sandbox' | 'razorpay';
  API_DOCS: boolean;
};

/** The only place that reads process.env. Throws a readable error naming the bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if ((parsed.data.ADMIN_EMAIL === undefined) !== (parsed.data.ADMIN_PASSWORD === undefined)) {
    throw new Error(
      'Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither',
    );
  }
  const webPush = [
    parsed.data.FCM_WEB_API_KEY,
    parsed.data.FCM_WEB_APP_ID,
    parsed.data.FCM_WEB_SENDER_ID,
    parsed.data.FCM_WEB_VAPID_KEY,
  ];
  if (webPush.some((v) => v !== undefined) && webPush.some((v) => v === undefined)) {
    throw new Error(
      'Invalid configuration:\n  FCM_WEB_API_KEY, FCM_WEB_APP_ID, FCM_WEB_SENDER_ID and FCM_WEB_VAPID_KEY: set all four or none',
    );
  }
  if (parsed.data.GOOGLE_SIGN_IN === 'local' && parsed.data.GOOGLE_CLIENT_ID !== undefined) {
    throw new Error(
      'Invalid configuration:\n  GOOGLE_SIGN_IN=local and GOOGLE_CLIENT_ID: set one or the other',
    );
  }
  const s3 = parsed.data;
  if ((s3.S3_ACCESS_KEY_ID === undefined) !== (s3.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    );
  }
  if (!s3.S3_BUCKET && (s3.S3_ENDPOINT || s3.S3_ACCESS_KEY_ID)) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: set it to use the other S3_ settings');
  }
  if (!parsed.data.SEED_DEMO && parsed.data.SMTP_URL && !parsed.data.EMAIL_FROM) {
    // Never the demo shop's name on a real shop's mail.
    throw new Error(
      'Invalid configuration:\n  EMAIL_FROM: set the sender of the shop\'s emails (e.g. "Chai Wala <orders@chaiwala.in>", an address the SMTP provider lets you send from) when SMTP_URL sends real mail',
    );
  }
  return {
    ...parsed.data,
    EMAIL_FROM:
      parsed.data.EMAIL_FROM ??
      (parsed.data.SEED_DEMO ? 'Urban Roll <no-reply@urbanroll.example>' : 'no-reply@localhost'),
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
    // The sandbox takes no real money: a real shop (SEED_DEMO=false) runs it only when asked.
    PAYMENT_GATEWAY:
      parsed.data.PAYMENT_GATEWAY ?? (parsed.data.SEED_DEMO ? 'sandbox' : 'razorpay'),
    // A real shop's API explorer is not a public page unless the shop asks for it.
    API_DOCS: (parsed.data.API_DOCS ?? (parsed.data.SEED_DEMO ? 'true' : 'false')) === 'true',
  };
}

/**
 * The settings a shop served by several processes must set rather than generate into one
 * machine's DATA_DIR/secrets: with DATABASE_URL and CLUSTER=true or S3_BUCKET, each
 * unset one. Generated secrets are for the single-machine shop only.
 */
export function missingSharedSecrets(
  config: Pick<
    Config,
    | 'DATABASE_URL'
    | 'CLUSTER'
    | 'S3_BUCKET'
    | 'AUTH_SECRET'
    | 'PAYMENT_GATEWAY'
    | 'RAZORPAY_KEY_ID'
    | 'RAZORPAY_KEY_SECRET'
    | 'RAZORPAY_WEBHOOK_SECRET'
  >,
): string[] {
  if (!config.DATABASE_URL || !(config.CLUSTER || config.S3_BUCKET)) return [];
  const missing: string[] = [];
  if (!config.AUTH_SECRET) missing.push('AUTH_SECRET');
  // The sandbox signs with a generated key secret; both gateways generate a webhook secret.
  if (config.PAYMENT_GATEWAY === 'sandbox' && !config.RAZORPAY_KEY_SECRET) {
    missing.push('RAZORPAY_KEY_SECRET');
  }
  const webhookUsed = config.PAYMENT_GATEWAY === 'sandbox' || config.RAZORPAY_KEY_ID !== undefined;
  if (webhookUsed && !config.RAZORPAY_WEBHOOK_SECRET) missing.push('RAZORPAY_WEBHOOK_SECRET');
  return missing;
}

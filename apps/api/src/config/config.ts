import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
  STORE_ID: z.string().min(1).default('urbanroll'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CATALOGUE_CACHE_CHECK_MS: z.coerce.number().int().min(0).default(1000),

  /**
   * Signs access tokens and keys the one-time-code HMAC. At least 32 characters. When unset, a
   * random one is made once and kept in DATA_DIR/secrets/ (fine for one process; set it
   * explicitly when several API processes serve one shop).
   */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),

  /** Sender of account emails. */
  EMAIL_FROM: z.string().default('Urban Roll <no-reply@urbanroll.example>'),
  /** SMTP connection URL (smtps://user:pass@host:465); when unset, mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),

  /** Google OAuth client id; when unset, Google sign-in is the local test adapter. */
  GOOGLE_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Text in the user agent that marks the native app shell. */
  APP_SHELL_UA_MARKER: z.string().min(1).default('UrbanRollApp'),

  /** Maps geocoding key; when unset, addresses are located by the offline pincode table. */
  GEOCODING_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),

  /** Rate limits (per window): codes sent, code tries, failed logins. */
  OTP_SEND_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  OTP_SEND_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  OTP_TRY_LIMIT_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),

  /**
   * The payment gateway: `sandbox` (default) makes the API its own Razorpay-like gateway;
   * `razorpay` uses Razorpay (needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET).
   */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  /** Razorpay key id and secret; unset: the sandbox's key id and a secret generated into DATA_DIR/secrets/. */
  RAZORPAY_KEY_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  RAZORPAY_KEY_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** Secret of the webhooks (Razorpay dashboard); unset: generated into DATA_DIR/secrets/. */
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** How long an unpaid order holds its stock (and coupon use) before the sweeper releases it. */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** The shop's public address (https://shop.example); the sandbox posts webhooks under it. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.string().url().optional()),
});

export type Config = z.infer<typeof envSchema>;

/** The only place that reads process.env. Throws a readable error naming the bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

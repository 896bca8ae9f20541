import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '@shop/db';
import { buildAdapters, type AdapterOverrides, type Adapters } from './adapters/index.ts';
import { createMediaStore, type MediaStore } from './adapters/media-store.ts';
import { storeSecretBox, type SecretBox } from './adapters/secret-box.ts';
import { createWebhookOutbox } from './adapters/webhook-outbox.ts';
import type { WebhookScheduler } from './adapters/webhook-scheduler.ts';
import type { AppConfig } from './app-config.ts';
import { accessTokens, type AccessTokens } from './lib/access-tokens.ts';
import { AfterAnswerTasks } from './lib/after-answer-tasks.ts';
import { deriveKey, loadOrCreateSecret } from './lib/secrets.ts';
import { AddressesRepository } from './modules/addresses/addresses-repository.ts';
import { RateLimiter } from './plugins/rate-limiter.ts';

/** The shared infrastructure every module is built with (app.ts's `Services` shows part of it). */
export interface ShopContext {
  database: DatabaseHandle;
  db: Database;
  config: AppConfig;
  log: FastifyBaseLogger;
  adapters: Adapters;
  /** A key derived from the server's secret for one purpose (`deriveKey`). */
  key: (purpose: string) => Uint8Array;
  tokens: AccessTokens;
  limiter: RateLimiter;
  /** Work done after the answer (order emails); the server waits for it on close. */
  afterAnswer: AfterAnswerTasks;
  /** Where images live: DATA_DIR/uploads or the S3 bucket (decision 0038). */
  mediaStore: MediaStore;
  /** The stores' payment gateway keys, sealed with the server's secret. */
  gatewaySecrets: SecretBox;
  /** The sandbox's webhook deliveries (closed with the server), if any. */
  paymentWebhooks: WebhookScheduler | null;
}

/**
 * Builds the shared infrastructure: the adapters chosen from config, the server's secret and
 * the keys derived from it, the token signer, the rate limiter, the after-answer tasks, the
 * image store and the sandbox's payment webhook outbox.
 */
export async function buildShopContext(
  database: DatabaseHandle,
  config: AppConfig,
  overrides: AdapterOverrides,
  log: FastifyBaseLogger,
): Promise<ShopContext> {
  const { db } = database;
  // The geocoder falls back on a store's own pincode table (the addresses module's).
  const addressesRepository = new AddressesRepository(db);
  const adapters = await buildAdapters(config, overrides, log, (storeId, pin) =>
    addressesRepository.pincodeCoordinates(storeId, pin),
  );
  const secret =
    config.AUTH_SECRET ?? loadOrCreateSecret(path.join(config.DATA_DIR, 'secrets', 'auth-secret'));
  return {
    database,
    db,
    config,
    log,
    adapters,
    key: (purpose) => deriveKey(secret, purpose),
    tokens: accessTokens(
      deriveKey(secret, 'access-token-v1'),
      config.ACCESS_TOKEN_TTL_SECONDS,
      adapters.clock,
    ),
    limiter: new RateLimiter(db, adapters.clock),
    afterAnswer: new AfterAnswerTasks(log),
    mediaStore: createMediaStore(config, (err) => log.error({ err }, 'the image storage failed')),
    gatewaySecrets: storeSecretBox(secret),
    paymentWebhooks:
      overrides.paymentWebhooks !== undefined
        ? overrides.paymentWebhooks
        : config.PAYMENT_GATEWAY === 'sandbox'
          ? createWebhookOutbox({ db, url: `${config.PUBLIC_URL}/api/payment/webhook`, log })
          : null,
  };
}

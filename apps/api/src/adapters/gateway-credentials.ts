import path from 'node:path';
import { loadOrCreateSecret } from '../lib/secrets.ts';
import type { GatewayCredentials, GatewayName } from './payment-gateway.ts';
import type { SecretBox } from './secret-box.ts';

export interface GatewayEnv {
  keyId?: string | undefined;
  keySecret?: string | undefined;
  webhookSecret?: string | undefined;
}

/** The sandbox's public key id when RAZORPAY_KEY_ID is unset. */
export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

/**
 * The server's gateway credentials: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and
 * RAZORPAY_WEBHOOK_SECRET when set; otherwise the secrets are generated once into
 * `secretsDir` (0600), so a fresh start is signed with real random secrets. The real gateway
 * needs the key id and secret from its dashboard; a generated webhook secret is then the one to
 * enter in the dashboard's webhook settings. Razorpay without both keys has none (empty key id
 * and secret, see `hasGatewayKeys`): its stores take online payments once the owner enters their
 * own at Admin → Settings → Payment keys.
 */
export function resolveGatewayCredentials(
  gateway: GatewayName,
  env: GatewayEnv,
  secretsDir: string,
): GatewayCredentials {
  const webhookSecret =
    env.webhookSecret ?? loadOrCreateSecret(path.join(secretsDir, 'razorpay-webhook-secret'));
  if (gateway === 'razorpay' && (!env.keyId || !env.keySecret)) {
    return { keyId: '', keySecret: '', webhookSecret };
  }
  return {
    keyId: env.keyId ?? SANDBOX_KEY_ID,
    keySecret: env.keySecret ?? loadOrCreateSecret(path.join(secretsDir, 'razorpay-key-secret')),
    webhookSecret,
  };
}

/** Whether these credentials can open gateway orders (Razorpay without keys cannot). */
export const hasGatewayKeys = (c: GatewayCredentials) => c.keyId !== '' && c.keySecret !== '';

/** A store's own gateway keys as stored (payment_gateway_settings), secrets sealed. */
export interface StoreGatewayKeys {
  keyId: string | null;
  keySecretCiphertext: string | null;
  webhookSecretCiphertext: string | null;
}

/** The associated data a store's sealed secret is bound to. */
export const storeSecretContext = (storeId: string, field: 'key_secret' | 'webhook_secret') =>
  `payment_gateway_settings:${storeId}:${field}`;

/**
 * The credentials for one store: its own keys when it has them (they override the server's),
 * else the server's. A store with its own key but no webhook secret of its own uses the
 * server's webhook secret.
 */
export function credentialsForStore(
  storeId: string,
  stored: StoreGatewayKeys | null | undefined,
  server: GatewayCredentials,
  box: SecretBox,
): GatewayCredentials {
  if (!stored?.keyId || !stored.keySecretCiphertext) return server;
  return {
    keyId: stored.keyId,
    keySecret: box.open(stored.keySecretCiphertext, storeSecretContext(storeId, 'key_secret')),
    webhookSecret: stored.webhookSecretCiphertext
      ? box.open(stored.webhookSecretCiphertext, storeSecretContext(storeId, 'webhook_secret'))
      : server.webhookSecret,
  };
}

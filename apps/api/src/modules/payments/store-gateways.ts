import path from 'node:path';
import { LRUCache } from 'lru-cache';
import {
  createPaymentGateway,
  type PaymentGatewayDeps,
} from '../../adapters/create-payment-gateway.ts';
import {
  credentialsForStore,
  hasGatewayKeys,
  resolveGatewayCredentials,
  type StoreGatewayKeys,
} from '../../adapters/gateway-credentials.ts';
import type {
  GatewayCredentials,
  GatewayName,
  PaymentGateway,
} from '../../adapters/payment-gateway.ts';
import type { SecretBox } from '../../adapters/secret-box.ts';
import { kept } from '../../lib/kept.ts';
import type { ShopContext } from '../../shop-context.ts';

/** How many gateways, and stores' opened keys, are kept (one per store's keys; the server's shared). */
const KEPT = 64;

/**
 * The payment gateway of each store: the one PAYMENT_GATEWAY names, with the store's own keys
 * when it has them (payment_gateway_settings, secrets sealed) and the server's otherwise.
 */
export class StoreGateways {
  /** Gateways built by forStore, by their credentials (in memory only, never logged). */
  private readonly built = new LRUCache<string, PaymentGateway>({ max: KEPT });
  /** Stores' own credentials, opened, by the store and its sealed values (in memory only). */
  private readonly opened = new LRUCache<string, GatewayCredentials>({ max: KEPT });

  constructor(
    readonly name: GatewayName,
    private readonly server: GatewayCredentials,
    /** The store's own keys (the per-store checkout cache). */
    private readonly stored: {
      gatewaySettings(storeId: string): Promise<StoreGatewayKeys | null>;
    },
    private readonly box: SecretBox,
    private readonly deps: PaymentGatewayDeps,
  ) {}

  async credentials(storeId: string): Promise<GatewayCredentials> {
    return this.credentialsWith(storeId, await this.stored.gatewaySettings(storeId));
  }

  /**
   * The credentials of a store whose own keys (as stored, sealed) are `own`, not the cache's.
   * Opened once per sealed value: every placing, verification and webhook asks (~12 µs of CPU
   * for each secret opened), and a secret saved anew is sealed anew, so it is a new key here.
   */
  credentialsWith(storeId: string, own: StoreGatewayKeys | null): GatewayCredentials {
    if (!own) return this.server;
    const sealed = JSON.stringify([
      storeId,
      own.keyId,
      own.keySecretCiphertext,
      own.webhookSecretCiphertext,
    ]);
    return kept(this.opened, sealed, () =>
      credentialsForStore(storeId, own, this.server, this.box),
    );
  }

  /**
   * Whether the store can take online payments: the sandbox always; Razorpay once it has keys
   * (the store's own or the server's). Without them Pay now and an advance are not offered.
   */
  async onlinePayments(storeId: string): Promise<boolean> {
    return hasGatewayKeys(await this.credentials(storeId));
  }

  /**
   * The store's gateway, built once per set of credentials (a store's new keys build a new one):
   * building Razorpay's SDK and its HTTP client took ~45 µs of CPU, at every placing.
   */
  async forStore(storeId: string): Promise<PaymentGateway> {
    const credentials = await this.credentials(storeId);
    const key = JSON.stringify([
      credentials.keyId,
      credentials.keySecret,
      credentials.webhookSecret,
    ]);
    // Bounded: the least recently used goes first (keys replaced long ago, or many stores).
    return kept(this.built, key, () => this.withCredentials(credentials));
  }

  /** The gateway with these credentials (the admin's "test keys" before they are saved). */
  withCredentials(credentials: GatewayCredentials): PaymentGateway {
    return createPaymentGateway(this.name, credentials, this.deps);
  }
}

/**
 * The stores' gateways as the server is configured: PAYMENT_GATEWAY with the server's keys
 * (RAZORPAY_* or DATA_DIR/secrets) behind each store's own, read through `stored`.
 */
export function storeGateways(
  context: Pick<ShopContext, 'config' | 'db' | 'log' | 'gatewaySecrets' | 'paymentWebhooks'>,
  stored: ConstructorParameters<typeof StoreGateways>[2],
): StoreGateways {
  const { config, db, log, paymentWebhooks } = context;
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
  return new StoreGateways(
    config.PAYMENT_GATEWAY,
    serverCredentials,
    stored,
    context.gatewaySecrets,
    {
      db,
      ...(paymentWebhooks ? { webhooks: paymentWebhooks } : {}),
      ...(config.RAZORPAY_API_URL ? { razorpayBaseUrl: config.RAZORPAY_API_URL } : {}),
    },
  );
}

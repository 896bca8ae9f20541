import type {
  PaymentKeys,
  PaymentKeysTest,
  PaymentKeysTestResponse,
  PaymentKeysUpdate,
} from '@shop/contracts';
import { storeSecretContext } from '../../adapters/gateway-credentials.ts';
import { GatewayError } from '../../adapters/payment-gateway.ts';
import type { SecretBox } from '../../adapters/secret-box.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import type { AuditActor, AuditService } from '../audit/audit-service.ts';
import type { StoreGateways } from '../payments/index.ts';
import type { StoreSettingsRepository } from './store-settings-repository.ts';

type StoredKeys = Awaited<ReturnType<StoreSettingsRepository['gatewayKeys']>>;

/** "••••" and the last four characters: enough to tell two keys apart, never the secret. */
const masked = (secret: string) => `••••${secret.slice(-4)}`;

/**
 * What the audit log keeps of the keys: the key id and which secrets are set (the log drops any
 * field named like a secret, so these are named for what they say).
 */
const auditView = (k: StoredKeys) => ({
  key_id: k?.keyId ?? null,
  sealed: [
    ...(k?.keySecretCiphertext ? ['key'] : []),
    ...(k?.webhookSecretCiphertext ? ['webhook'] : []),
  ],
});

/**
 * The store's own payment-gateway keys in the admin (decision 0028; owner only,
 * the routes check the role). The secrets are sealed with the server's secret box before they
 * reach the database and never leave it again except masked; checkout reads them through its
 * cache, which drops on the write (checkout_state triggers).
 */
export class PaymentKeysService {
  constructor(
    private readonly paymentKeysDeps: {
      repo: StoreSettingsRepository;
      audit: AuditService;
      box: SecretBox;
      gateways: StoreGateways;
      webhookUrl: string;
    },
  ) {}

  async keys(storeId: string): Promise<PaymentKeys> {
    if (!(await this.paymentKeysDeps.repo.profile(storeId)))
      throw new NotFound('This store does not exist.');
    return this.view(storeId, await this.paymentKeysDeps.repo.gatewayKeys(storeId));
  }

  /** Read from what was just read or written, not through checkout's cache (it may lag). */
  private view(storeId: string, own: StoredKeys): PaymentKeys {
    const current = this.paymentKeysDeps.gateways.credentialsWith(storeId, own);
    const secret = own?.keySecretCiphertext
      ? this.paymentKeysDeps.box.open(
          own.keySecretCiphertext,
          storeSecretContext(storeId, 'key_secret'),
        )
      : null;
    return {
      gateway: this.paymentKeysDeps.gateways.name,
      own_keys: Boolean(own?.keyId && own.keySecretCiphertext),
      key_id: current.keyId,
      key_secret: secret === null ? null : masked(secret),
      webhook_secret_set: Boolean(own?.webhookSecretCiphertext),
      webhook_url: this.paymentKeysDeps.webhookUrl,
    };
  }

  /** Saves the store's keys; an omitted secret keeps the stored one, a new key id needs its own. */
  save(actor: AuditActor, input: PaymentKeysUpdate): Promise<PaymentKeys> {
    const { storeId } = actor;
    return this.paymentKeysDeps.repo
      .transaction(async (tx) => {
        if (!(await this.paymentKeysDeps.repo.profile(storeId, tx))) {
          throw new NotFound('This store does not exist.');
        }
        const before = await this.paymentKeysDeps.repo.gatewayKeys(storeId, tx);
        const sameKey = before?.keyId === input.key_id && Boolean(before.keySecretCiphertext);
        if (input.key_secret === undefined && !sameKey) {
          throw new BadRequest(
            'key_secret: give the key secret that goes with this key id.',
            'key_secret',
          );
        }
        const after = {
          keyId: input.key_id,
          keySecretCiphertext:
            input.key_secret === undefined
              ? before!.keySecretCiphertext
              : this.paymentKeysDeps.box.seal(
                  input.key_secret,
                  storeSecretContext(storeId, 'key_secret'),
                ),
          webhookSecretCiphertext:
            input.webhook_secret === undefined
              ? (before?.webhookSecretCiphertext ?? null)
              : input.webhook_secret === null
                ? null
                : this.paymentKeysDeps.box.seal(
                    input.webhook_secret,
                    storeSecretContext(storeId, 'webhook_secret'),
                  ),
        };
        await this.paymentKeysDeps.repo.saveGatewayKeys(tx, storeId, after);
        await this.paymentKeysDeps.audit.record(tx, actor, {
          action: 'settings.payment_keys',
          entity: 'payment_gateway_settings',
          entityId: storeId,
          before: auditView(before),
          after: {
            ...auditView(after),
            /** Which secrets this save replaced (never their values). */
            replaced: [
              ...(input.key_secret === undefined ? [] : ['key']),
              ...(input.webhook_secret === undefined ? [] : ['webhook']),
            ],
          },
        });
        return after;
      })
      .then((after) => this.view(storeId, after));
  }

  /** Removes the store's own keys: checkout goes back to the server's. */
  remove(actor: AuditActor): Promise<PaymentKeys> {
    const { storeId } = actor;
    const none = { keyId: null, keySecretCiphertext: null, webhookSecretCiphertext: null };
    return this.paymentKeysDeps.repo
      .transaction(async (tx) => {
        if (!(await this.paymentKeysDeps.repo.profile(storeId, tx))) {
          throw new NotFound('This store does not exist.');
        }
        const before = await this.paymentKeysDeps.repo.gatewayKeys(storeId, tx);
        await this.paymentKeysDeps.repo.saveGatewayKeys(tx, storeId, none);
        await this.paymentKeysDeps.audit.record(tx, actor, {
          action: 'settings.payment_keys',
          entity: 'payment_gateway_settings',
          entityId: storeId,
          before: auditView(before),
          after: auditView(none),
        });
      })
      .then(() => this.view(storeId, none));
  }

  /** Asks the gateway whether it accepts the typed keys, or the ones checkout uses now. */
  async test(storeId: string, input: PaymentKeysTest): Promise<PaymentKeysTestResponse> {
    const current = this.paymentKeysDeps.gateways.credentialsWith(
      storeId,
      await this.paymentKeysDeps.repo.gatewayKeys(storeId),
    );
    const gateway = this.paymentKeysDeps.gateways.withCredentials(
      input.key_id && input.key_secret
        ? { ...current, keyId: input.key_id, keySecret: input.key_secret }
        : current,
    );
    try {
      await gateway.checkCredentials();
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      const message =
        err.code === 'GATEWAY_UNREACHABLE'
          ? 'Razorpay did not answer; check the connection and try again.'
          : err.statusCode === 401
            ? `Razorpay refused these keys (${err.message}). Copy the key id and secret again from its dashboard.`
            : `Razorpay answered with an error: ${err.message}`;
      return { isError: false, ok: false, message };
    }
    return {
      isError: false,
      ok: true,
      message:
        gateway.name === 'sandbox'
          ? 'The sandbox takes any keys (payments are simulated). Real payments need PAYMENT_GATEWAY=razorpay on the server.'
          : 'Razorpay accepted these keys.',
    };
  }
}

import {
  createPaymentGateway,
  type PaymentGatewayDeps,
} from '../../adapters/create-payment-gateway.ts';
import { credentialsForStore } from '../../adapters/gateway-credentials.ts';
import type {
  GatewayCredentials,
  GatewayName,
  PaymentGateway,
} from '../../adapters/payment-gateway.ts';
import type { SecretBox } from '../../adapters/secret-box.ts';
import type { GatewaySettingsRow } from './checkout-repository.ts';

/**
 * The payment gateway of each store: the one PAYMENT_GATEWAY names, with the store's own keys
 * when it has them (payment_gateway_settings, secrets sealed) and the server's otherwise.
 */
export class StoreGateways {
  constructor(
    readonly name: GatewayName,
    private readonly server: GatewayCredentials,
    /** The store's own keys (the per-store checkout cache). */
    private readonly stored: {
      gatewaySettings(storeId: string): Promise<GatewaySettingsRow | null>;
    },
    private readonly box: SecretBox,
    private readonly deps: PaymentGatewayDeps,
  ) {}

  async credentials(storeId: string): Promise<GatewayCredentials> {
    const own = await this.stored.gatewaySettings(storeId);
    return credentialsForStore(storeId, own, this.server, this.box);
  }

  async forStore(storeId: string): Promise<PaymentGateway> {
    return createPaymentGateway(this.name, await this.credentials(storeId), this.deps);
  }
}

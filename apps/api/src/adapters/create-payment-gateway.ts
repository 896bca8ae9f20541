import type { Database } from '@shop/db';
import type { GatewayCredentials, GatewayName, PaymentGateway } from './payment-gateway.ts';
import { razorpayGateway } from './razorpay-gateway.ts';
import { sandboxGateway } from './sandbox-gateway.ts';
import type { WebhookScheduler } from './webhook-scheduler.ts';

export interface PaymentGatewayDeps {
  db: Database;
  /** The sandbox's webhook deliveries (to the shop's own webhook URL). */
  webhooks?: WebhookScheduler;
  /** Razorpay's API base URL (tests: a local stand-in). */
  razorpayBaseUrl?: string;
}

/**
 * The gateway chosen by PAYMENT_GATEWAY, built with one store's credentials (the store's own
 * keys, else the server's: see credentialsForStore). StoreGateways.forStore keeps the ones it
 * built (Razorpay's SDK and HTTP client take ~45 µs of CPU to build).
 */
export function createPaymentGateway(
  name: GatewayName,
  credentials: GatewayCredentials,
  deps: PaymentGatewayDeps,
): PaymentGateway {
  if (name === 'razorpay') {
    return razorpayGateway({
      credentials,
      ...(deps.razorpayBaseUrl ? { baseUrl: deps.razorpayBaseUrl } : {}),
    });
  }
  return sandboxGateway({
    db: deps.db,
    credentials,
    ...(deps.webhooks ? { webhooks: deps.webhooks } : {}),
  });
}

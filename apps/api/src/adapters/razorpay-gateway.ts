import Razorpay from 'razorpay';
import {
  assertGatewayAmount,
  GatewayError,
  type GatewayCredentials,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from './payment-gateway.ts';
import { hasGatewayKeys } from './gateway-credentials.ts';
import { verifyCheckoutSignature, verifyWebhookSignature } from './payment-signatures.ts';

export interface RazorpayGatewayOptions {
  credentials: GatewayCredentials;
  /**
   * Base URL of Razorpay's API; the SDK hard-codes https://api.razorpay.com, so a different one
   * (the tests' local stand-in) is set on the SDK's axios instance.
   */
  baseUrl?: string;
  timeoutMs?: number;
}

/** The part of the SDK's (untyped) HTTP client the adapter reconfigures. */
interface SdkHttpClient {
  defaults: { baseURL?: string; timeout?: number; maxRedirects?: number };
}

/** How the SDK rejects: `{ statusCode, error: { code, description } }`, or a plain error. */
function toGatewayError(err: unknown): GatewayError {
  if (err instanceof GatewayError) return err;
  const e = err as { statusCode?: unknown; error?: { code?: unknown; description?: unknown } };
  if (e && typeof e === 'object' && typeof e.statusCode === 'number') {
    return new GatewayError(
      typeof e.error?.description === 'string' ? e.error.description : 'Payment gateway error',
      typeof e.error?.code === 'string' ? e.error.code : 'GATEWAY_ERROR',
      e.statusCode,
    );
  }
  // No HTTP answer (network error, timeout): the SDK's own error handler fails on it too.
  return new GatewayError('The payment gateway could not be reached.', 'GATEWAY_UNREACHABLE');
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toGatewayError(err);
  }
}

const toNotes = (notes: unknown): Record<string, string> => {
  // Razorpay returns an empty list for "no notes".
  if (!notes || Array.isArray(notes) || typeof notes !== 'object') return {};
  return Object.fromEntries(Object.entries(notes).map(([k, v]) => [k, String(v ?? '')]));
};

interface SdkOrder {
  id: string;
  amount: number | string;
  amount_paid: number;
  currency: string;
  receipt?: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes?: unknown;
  created_at: number;
}

const toOrder = (o: SdkOrder): GatewayOrder => ({
  id: o.id,
  amountPaise: Number(o.amount),
  amountPaidPaise: Number(o.amount_paid),
  currency: o.currency,
  receipt: o.receipt ?? '',
  status: o.status,
  notes: toNotes(o.notes),
  createdAt: new Date(o.created_at * 1000),
});

interface SdkPayment {
  id: string;
  order_id: string;
  amount: number | string;
  amount_refunded?: number | string | null;
  status: GatewayPayment['status'];
  method: unknown;
}

const toPayment = (p: SdkPayment): GatewayPayment => ({
  id: p.id,
  orderId: p.order_id,
  amountPaise: Number(p.amount),
  amountRefundedPaise: Number(p.amount_refunded ?? 0),
  status: p.status,
  method: String(p.method),
});

/** Real payments through Razorpay (PAYMENT_GATEWAY=razorpay), with the official SDK. */
export function razorpayGateway(options: RazorpayGatewayOptions): PaymentGateway {
  const { credentials } = options;
  // Without keys (a real shop before its owner entered them) nothing is sent: every call fails
  // as Razorpay would refuse it, and checkout offers nothing to pay online (onlinePayments).
  const keyless = !hasGatewayKeys(credentials);
  const send = <T>(work: () => Promise<T>): Promise<T> =>
    keyless
      ? Promise.reject(new GatewayError('No Razorpay keys are set.', 'NO_KEYS', 401))
      : call(work);
  const sdk = new Razorpay({
    key_id: credentials.keyId || 'rzp_no_keys',
    key_secret: credentials.keySecret,
  });
  // The SDK keeps its axios instance as `api.rq`; this is the one way to set its base URL and
  // a timeout (it has none by default). Razorpay's API answers, never redirects: a redirect is
  // refused as the gateway's error, so the keys are never sent on to another address, and axios
  // skips its redirect-following wrapper (follow-redirects): a third of the CPU of each call
  // (BENCH=gateway).
  const http = (sdk.api as unknown as { rq?: SdkHttpClient }).rq;
  if (!http?.defaults) throw new Error('The razorpay SDK changed: no HTTP client to configure.');
  http.defaults.timeout = options.timeoutMs ?? 10_000;
  http.defaults.maxRedirects = 0;
  if (options.baseUrl) http.defaults.baseURL = options.baseUrl;

  return {
    name: 'razorpay',
    keyId: credentials.keyId,

    async createOrder(input) {
      assertGatewayAmount(input.amountPaise);
      const order = await send(() =>
        sdk.orders.create({
          amount: input.amountPaise,
          currency: 'INR',
          receipt: input.receipt,
          notes: input.notes ?? {},
        }),
      );
      return toOrder(order);
    },

    async fetchOrder(orderId) {
      return toOrder(await send(() => sdk.orders.fetch(orderId)));
    },

    async checkCredentials() {
      // The cheapest authenticated read: the latest order, if any.
      await send(() => sdk.orders.all({ count: 1 }));
    },

    async fetchPayment(paymentId): Promise<GatewayPayment> {
      return toPayment(await send(() => sdk.payments.fetch(paymentId)));
    },

    async fetchOrderPayments(orderId): Promise<GatewayPayment[]> {
      const list = await send(() => sdk.orders.fetchPayments(orderId));
      return list.items.map(toPayment);
    },

    async refund(paymentId, input = {}): Promise<GatewayRefund> {
      const r = await send(() =>
        sdk.payments.refund(paymentId, {
          ...(input.amountPaise === undefined ? {} : { amount: input.amountPaise }),
          speed: 'normal',
          ...(input.receipt ? { receipt: input.receipt } : {}),
          notes: input.notes ?? {},
        }),
      );
      return {
        id: r.id,
        paymentId: r.payment_id,
        amountPaise: Number(r.amount),
        status: r.status,
      };
    },

    verifyCheckoutSignature(storedOrderId, paymentId, signature) {
      return verifyCheckoutSignature(storedOrderId, paymentId, signature, credentials.keySecret);
    },

    verifyWebhookSignature(rawBody, signature) {
      return verifyWebhookSignature(rawBody, signature, credentials.webhookSecret);
    },
  };
}

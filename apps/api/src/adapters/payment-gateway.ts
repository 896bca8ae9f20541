/**
 * The payment gateway seen by the shop: Razorpay's model (orders, payments, refunds, checkout
 * signatures, signed webhooks). `sandbox-gateway.ts` plays it locally (default, tests);
 * `razorpay-gateway.ts` talks to Razorpay through its official SDK. Amounts are integer paise.
 */

export type GatewayName = 'sandbox' | 'razorpay';

export interface GatewayOrder {
  /** `order_…` */
  id: string;
  amountPaise: number;
  amountPaidPaise: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  createdAt: Date;
}

export interface GatewayPayment {
  /** `pay_…` */
  id: string;
  orderId: string;
  amountPaise: number;
  amountRefundedPaise: number;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method: string;
}

export interface GatewayRefund {
  /** `rfnd_…` */
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

export interface CreateGatewayOrderInput {
  /** At least 100 paise (₹1), Razorpay's minimum. */
  amountPaise: number;
  /** The shop's receipt id (at most 40 characters at Razorpay). */
  receipt: string;
  notes?: Record<string, string>;
}

export interface GatewayRefundInput {
  /** Omitted: the whole captured amount not yet refunded. */
  amountPaise?: number;
  receipt?: string;
  notes?: Record<string, string>;
}

/** What Razorpay's checkout hands to its success handler (the sandbox answers the same). */
export interface CheckoutSuccessAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** The public key id the browser's checkout is opened with. */
  readonly keyId: string;
  createOrder(input: CreateGatewayOrderInput): Promise<GatewayOrder>;
  fetchOrder(orderId: string): Promise<GatewayOrder>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /**
   * Every payment attempted on a gateway order (Razorpay: GET /v1/orders/{id}/payments), so a
   * payment the gateway captured but the shop never heard of (a lost webhook, a process killed
   * before verify) is found and settled.
   */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** Refunds a captured payment in full or in part. */
  refund(paymentId: string, input?: GatewayRefundInput): Promise<GatewayRefund>;
  /**
   * HMAC-SHA256 of `storedOrderId|paymentId` with the key secret, compared in constant time.
   * Pass the gateway order id the shop stored, not the one the browser sent.
   */
  verifyCheckoutSignature(storedOrderId: string, paymentId: string, signature: string): boolean;
  /** HMAC-SHA256 of the raw request body with the webhook secret, in constant time. */
  verifyWebhookSignature(rawBody: string | Buffer, signature: string): boolean;
  /**
   * One authenticated read from the gateway: resolves when it accepts the key id and secret,
   * throws a GatewayError (401 for refused keys, GATEWAY_UNREACHABLE when it did not answer).
   */
  checkCredentials(): Promise<void>;
}

/** The secrets a gateway is built with: the server's (env or generated) or a store's own. */
export interface GatewayCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * A failure reported by the gateway (or the gateway not answering). `statusCode` is the
 * gateway's HTTP status when it answered; `code` Razorpay's error code (e.g. BAD_REQUEST_ERROR)
 * or GATEWAY_UNREACHABLE.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export const MIN_GATEWAY_AMOUNT_PAISE = 100;

/** Validates an order amount the same way for every gateway (Razorpay refuses these too). */
export function assertGatewayAmount(amountPaise: number): void {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < MIN_GATEWAY_AMOUNT_PAISE) {
    throw new GatewayError(
      'The amount must be a whole number of paise, at least 100.',
      'BAD_REQUEST_ERROR',
      400,
    );
  }
}

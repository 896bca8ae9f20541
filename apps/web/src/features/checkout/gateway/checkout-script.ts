/**
 * The payment gateway's checkout widget. Razorpay's checkout.js and the API's own sandbox script
 * (PAYMENT_GATEWAY=sandbox) define the same global: `new Razorpay(options)`, `.on('payment.failed',
 * fn)`, `.open()`. Which one to load comes from GET /pay-razorpay/{storeId} (`gateway`).
 */
export type GatewayName = 'sandbox' | 'razorpay';

export const CHECKOUT_SCRIPT_URLS: Record<GatewayName, string> = {
  razorpay: 'https://checkout.razorpay.com/v1/checkout.js',
  sandbox: '/api/sandbox/checkout.js',
};

/** What the widget hands its success handler; POST /payment/verify checks it. */
export interface GatewaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface GatewayFailure {
  error?: { code?: string; description?: string; metadata?: { order_id?: string } };
}

export interface GatewayOptions {
  key: string;
  amount: number;
  currency: 'INR';
  name: string;
  description?: string;
  order_id: string;
  prefill?: { name?: string; email?: string; contact?: string };
  theme?: { color?: string };
  handler: (answer: GatewaySuccess) => void;
  modal?: { ondismiss?: () => void };
}

export interface GatewayWidget {
  on(event: 'payment.failed', handler: (answer: GatewayFailure) => void): void;
  open(): void;
}

export type GatewayConstructor = new (options: GatewayOptions) => GatewayWidget;

declare global {
  interface Window {
    Razorpay?: GatewayConstructor;
  }
}

const loading = new Map<string, Promise<GatewayConstructor>>();

/**
 * Loads the gateway's script once per page (a failed load may be tried again) and answers its
 * widget constructor.
 */
export function loadCheckoutScript(gateway: GatewayName): Promise<GatewayConstructor> {
  const src = CHECKOUT_SCRIPT_URLS[gateway];
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<GatewayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new Error('The payment window did not load.'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('The payment window could not be loaded.'));
    };
    document.head.append(script);
  });
  loading.set(src, promise);
  promise.catch(() => loading.delete(src));
  return promise;
}

export type GatewayOutcome =
  | { kind: 'paid'; answer: GatewaySuccess }
  | { kind: 'failed'; answer: GatewayFailure }
  | { kind: 'dismissed' };

/**
 * Opens the widget and answers how it ended: paid (the signed answer to verify), failed, or
 * closed by the shopper. The first of these wins; a widget that reports failure and then
 * closes counts as failed.
 */
export function openGateway(
  Widget: GatewayConstructor,
  options: Omit<GatewayOptions, 'handler' | 'modal'>,
): Promise<GatewayOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: GatewayOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const widget = new Widget({
      ...options,
      handler: (answer) => settle({ kind: 'paid', answer }),
      modal: { ondismiss: () => settle({ kind: 'dismissed' }) },
    });
    widget.on('payment.failed', (answer) => settle({ kind: 'failed', answer }));
    widget.open();
  });
}

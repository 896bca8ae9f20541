import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_SCRIPT_URLS,
  loadCheckoutScript,
  openGateway,
  type GatewayConstructor,
  type GatewayFailure,
  type GatewayOptions,
} from './checkout-script.ts';

/** A stand-in widget: the test drives its callbacks as the real window would. */
function fakeWidget() {
  const made: { options: GatewayOptions; failed?: (a: GatewayFailure) => void; opened: boolean }[] =
    [];
  const Widget = class {
    constructor(options: GatewayOptions) {
      made.push({ options, opened: false });
    }
    on(_event: 'payment.failed', handler: (a: GatewayFailure) => void) {
      const last = made.at(-1);
      if (last) last.failed = handler;
    }
    open() {
      const last = made.at(-1);
      if (last) last.opened = true;
    }
  } as GatewayConstructor;
  return { Widget, made };
}

const options = {
  key: 'rzp_test_1',
  amount: 129900,
  currency: 'INR' as const,
  name: 'Urban Roll',
  order_id: 'order_ABC',
};

afterEach(() => {
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  delete window.Razorpay;
});

describe('openGateway', () => {
  it('opens the widget with the order and answers the signed success', async () => {
    const { Widget, made } = fakeWidget();
    const outcome = openGateway(Widget, options);
    const w = made[0];
    expect(w?.opened).toBe(true);
    expect(w?.options).toMatchObject(options);
    const answer = {
      razorpay_order_id: 'order_ABC',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'a'.repeat(64),
    };
    w?.options.handler(answer);
    w?.options.modal?.ondismiss?.();
    await expect(outcome).resolves.toEqual({ kind: 'paid', answer });
  });

  it('answers failed when the payment fails, even if the window is then closed', async () => {
    const { Widget, made } = fakeWidget();
    const outcome = openGateway(Widget, options);
    made[0]?.failed?.({ error: { code: 'BAD_REQUEST_ERROR' } });
    made[0]?.options.modal?.ondismiss?.();
    await expect(outcome).resolves.toMatchObject({ kind: 'failed' });
  });

  it('answers dismissed when the shopper closes the window', async () => {
    const { Widget, made } = fakeWidget();
    const outcome = openGateway(Widget, options);
    made[0]?.options.modal?.ondismiss?.();
    await expect(outcome).resolves.toEqual({ kind: 'dismissed' });
  });
});

describe('loadCheckoutScript', () => {
  it("loads the sandbox's script once and answers its constructor", async () => {
    const { Widget } = fakeWidget();
    const first = loadCheckoutScript('sandbox');
    const second = loadCheckoutScript('sandbox');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe(CHECKOUT_SCRIPT_URLS.sandbox);
    window.Razorpay = Widget;
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Widget);
    await expect(second).resolves.toBe(Widget);
  });

  it("loads Razorpay's checkout.js for the live gateway, and may try again after a failure", async () => {
    const failed = loadCheckoutScript('razorpay');
    const script = document.head.querySelector('script');
    expect(script?.getAttribute('src')).toBe('https://checkout.razorpay.com/v1/checkout.js');
    script?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('could not be loaded');
    await vi.waitFor(() => expect(document.head.querySelectorAll('script')).toHaveLength(0));
    void loadCheckoutScript('razorpay').catch(() => undefined);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });
});

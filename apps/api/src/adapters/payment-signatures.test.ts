import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkoutSignature,
  verifyCheckoutSignature,
  verifyWebhookSignature,
  webhookSignature,
} from './payment-signatures.ts';

const SECRET = 'key_secret_for_tests';

describe('checkout signatures', () => {
  it('is HMAC-SHA256 of order_id|payment_id in hex', () => {
    const expected = createHmac('sha256', SECRET).update('order_A|pay_B').digest('hex');
    expect(checkoutSignature('order_A', 'pay_B', SECRET)).toBe(expected);
  });

  it('accepts the right signature, in either hex case', () => {
    const sig = checkoutSignature('order_A', 'pay_B', SECRET);
    expect(verifyCheckoutSignature('order_A', 'pay_B', sig, SECRET)).toBe(true);
    expect(verifyCheckoutSignature('order_A', 'pay_B', sig.toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses another order, payment, secret, a cut or garbled signature, and empty parts', () => {
    const sig = checkoutSignature('order_A', 'pay_B', SECRET);
    expect(verifyCheckoutSignature('order_X', 'pay_B', sig, SECRET)).toBe(false);
    expect(verifyCheckoutSignature('order_A', 'pay_X', sig, SECRET)).toBe(false);
    expect(verifyCheckoutSignature('order_A', 'pay_B', sig, 'other')).toBe(false);
    expect(verifyCheckoutSignature('order_A', 'pay_B', sig.slice(0, 62), SECRET)).toBe(false);
    expect(verifyCheckoutSignature('order_A', 'pay_B', `${sig}00`, SECRET)).toBe(false);
    expect(verifyCheckoutSignature('order_A', 'pay_B', `z${sig.slice(1)}`, SECRET)).toBe(false);
    expect(verifyCheckoutSignature('order_A', 'pay_B', '', SECRET)).toBe(false);
    expect(
      verifyCheckoutSignature('', 'pay_B', checkoutSignature('', 'pay_B', SECRET), SECRET),
    ).toBe(false);
    expect(verifyCheckoutSignature('order_A', 'pay_B', sig, '')).toBe(false);
  });
});

describe('webhook signatures', () => {
  const body = '{"event":"order.paid","payload":{}}';

  it('is HMAC-SHA256 of the raw body, and checks string or Buffer bodies', () => {
    const sig = webhookSignature(body, 'whsec');
    expect(sig).toBe(createHmac('sha256', 'whsec').update(body).digest('hex'));
    expect(verifyWebhookSignature(body, sig, 'whsec')).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), sig, 'whsec')).toBe(true);
  });

  it('refuses a re-serialised or altered body, another secret and a missing signature', () => {
    const sig = webhookSignature(body, 'whsec');
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), sig, 'whsec')).toBe(
      false,
    );
    expect(verifyWebhookSignature(body.replace('paid', 'paib'), sig, 'whsec')).toBe(false);
    expect(verifyWebhookSignature(body, sig, 'other')).toBe(false);
    expect(verifyWebhookSignature(body, '', 'whsec')).toBe(false);
    expect(verifyWebhookSignature(body, sig, '')).toBe(false);
  });
});

import type { Database } from '@shop/db';
import { describe, expect, it } from 'vitest';
import { createPaymentGateway } from './create-payment-gateway.ts';

const credentials = { keyId: 'rzp_test_x', keySecret: 'ks', webhookSecret: 'ws' };
// Building a gateway runs no query; the sandbox's database work is tested in its own file.
const db = {} as Database;

describe('createPaymentGateway', () => {
  it('builds the gateway PAYMENT_GATEWAY names, with the given key and secrets', () => {
    for (const name of ['sandbox', 'razorpay'] as const) {
      const gateway = createPaymentGateway(name, credentials, { db });
      expect([gateway.name, gateway.keyId]).toEqual([name, 'rzp_test_x']);
      expect(gateway.verifyCheckoutSignature('order_1', 'pay_1', 'f'.repeat(64))).toBe(false);
    }
  });
});

import { openDatabase } from '@shop/db';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaymentGateway } from './create-payment-gateway.ts';

const credentials = { keyId: 'rzp_test_x', keySecret: 'ks', webhookSecret: 'ws' };

describe('createPaymentGateway', () => {
  const handle = openDatabase({});
  afterAll(() => handle.close());

  it('builds the gateway PAYMENT_GATEWAY names, with the given key', () => {
    const sandbox = createPaymentGateway('sandbox', credentials, { db: handle.db });
    expect([sandbox.name, sandbox.keyId]).toEqual(['sandbox', 'rzp_test_x']);
    const razorpay = createPaymentGateway('razorpay', credentials, { db: handle.db });
    expect([razorpay.name, razorpay.keyId]).toEqual(['razorpay', 'rzp_test_x']);
  });
});

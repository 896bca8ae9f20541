import { describe, expect, it } from 'vitest';
import { paymentMethodOf } from './order-statuses.ts';

describe('paymentMethodOf', () => {
  it('names a ₹0 order fully discounted, whatever its mode', () => {
    expect(paymentMethodOf({ paymentMode: 'Pay now', totalPaise: 0, onlinePaise: 0 })).toBe(
      'Fully discounted',
    );
    expect(paymentMethodOf({ paymentMode: 'Pay on delivery', totalPaise: 0, onlinePaise: 0 })).toBe(
      'Fully discounted',
    );
  });

  it('names pay on delivery without an advance on delivery, and the rest online', () => {
    expect(
      paymentMethodOf({ paymentMode: 'Pay on delivery', totalPaise: 50_000, onlinePaise: 0 }),
    ).toBe('On delivery');
    expect(
      paymentMethodOf({ paymentMode: 'Pay on delivery', totalPaise: 50_000, onlinePaise: 10_000 }),
    ).toBe('Online');
    expect(
      paymentMethodOf({ paymentMode: 'Pay now', totalPaise: 50_000, onlinePaise: 50_000 }),
    ).toBe('Online');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatOrderNumber,
  isAwaitingPayment,
  orderNumberPrefix,
  sameCartKey,
  type SameCartFacts,
} from './order-retry.ts';

describe('orderNumberPrefix', () => {
  it('takes the initials of a name of several words', () => {
    expect(orderNumberPrefix('Uniform Renaissance')).toBe('UR');
    expect(orderNumberPrefix('the   city school shop')).toBe('TCS');
    expect(orderNumberPrefix('A & B Traders')).toBe('ABT');
  });
  it('takes two letters of a one-word name, and OD without letters', () => {
    expect(orderNumberPrefix('Kapda')).toBe('KA');
    expect(orderNumberPrefix('  ')).toBe('OD');
    expect(orderNumberPrefix('123 456')).toBe('OD');
  });
  it('formats the number', () => {
    expect(formatOrderNumber('UR', 10423)).toBe('UR-10423');
  });
});

describe('isAwaitingPayment', () => {
  const base = {
    paymentMode: 'Pay now',
    orderStatus: 'Pending',
    paymentStatus: 'Pending',
    payNowPaise: 69800,
  } as const;
  it('is true for an unpaid or failed online payment of a pending order', () => {
    expect(isAwaitingPayment(base)).toBe(true);
    expect(isAwaitingPayment({ ...base, paymentStatus: 'Failed' })).toBe(true);
  });
  it('is false once paid, cancelled, or with nothing to pay online', () => {
    expect(isAwaitingPayment({ ...base, paymentStatus: 'Success' })).toBe(false);
    expect(isAwaitingPayment({ ...base, orderStatus: 'Cancelled' })).toBe(false);
    expect(isAwaitingPayment({ ...base, orderStatus: 'Processing' })).toBe(false);
    expect(isAwaitingPayment({ ...base, payNowPaise: 0 })).toBe(false);
  });
  it('is false for a manual UPI order: it waits for the shop to confirm, not for the gateway', () => {
    expect(isAwaitingPayment({ ...base, paymentMode: 'Pay by UPI' })).toBe(false);
  });
});

describe('sameCartKey', () => {
  const cart: SameCartFacts = {
    storeId: 's1',
    paymentMode: 'Pay now',
    lines: [
      { productId: 'p1', sku: 'A', quantity: 1 },
      { productId: 'p2', sku: 'B', quantity: 2 },
    ],
    billingAddressId: 'a1',
    shippingAddressId: 'a1',
    couponCode: 'save10',
    mobile: '9820012345',
    gstNo: '',
    note: '',
  };
  it('ignores line order, split lines, coupon case and outer spaces', () => {
    const same: SameCartFacts = {
      ...cart,
      lines: [
        { productId: 'p2', sku: 'B', quantity: 1 },
        { productId: 'p1', sku: 'A', quantity: 1 },
        { productId: 'p2', sku: 'B', quantity: 1 },
      ],
      couponCode: ' SAVE10 ',
    };
    expect(sameCartKey(same)).toBe(sameCartKey(cart));
  });
  it('differs for another quantity, address, coupon, mode or note', () => {
    const key = sameCartKey(cart);
    expect(sameCartKey({ ...cart, lines: [{ productId: 'p1', sku: 'A', quantity: 2 }] })).not.toBe(
      key,
    );
    expect(sameCartKey({ ...cart, shippingAddressId: 'a2' })).not.toBe(key);
    expect(sameCartKey({ ...cart, couponCode: '' })).not.toBe(key);
    expect(sameCartKey({ ...cart, paymentMode: 'Pay on delivery' })).not.toBe(key);
    expect(sameCartKey({ ...cart, note: 'ring twice' })).not.toBe(key);
  });
});

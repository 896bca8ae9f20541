import { afterEach, describe, expect, it } from 'vitest';
import { testLine } from '../test-cart-fixtures.ts';
import {
  CHECKOUT_DATA_KEY,
  checkoutDataFor,
  clearCheckoutData,
  isCourseBuyNow,
  readCheckoutData,
  saveCheckoutData,
  setCourseBuyNow,
} from './checkout-handoff.ts';

afterEach(() => localStorage.clear());

describe('the checkout handoff', () => {
  it('builds checkout data of lines, totals in rupees', () => {
    const data = checkoutDataFor([
      testLine('A', { product_price: 799, product_saleprice: 649, quantity: 2 }),
      testLine('B', { product_price: 100, product_saleprice: 0, quantity: 1, course: true }),
    ]);
    expect(data).toMatchObject({
      totalBeforeDiscount: 1698,
      totalAfterDiscount: 1398,
      coupon: '',
      discountAmount: 0,
      isCouponApplied: false,
      course: true,
    });
    expect(data.products.map((l) => l.product_sku)).toEqual(['A', 'B']);
  });

  it('reads back what was saved, under checkout_data', () => {
    const data = checkoutDataFor([testLine('A')]);
    saveCheckoutData(data);
    expect(JSON.parse(localStorage.getItem('checkout_data') ?? '')).toEqual(data);
    expect(readCheckoutData()).toEqual(data);
  });

  it('forgets the checkout data once cleared', () => {
    saveCheckoutData(checkoutDataFor([testLine('A')]));
    clearCheckoutData();
    expect(localStorage.getItem('checkout_data')).toBeNull();
    expect(readCheckoutData()).toBeNull();
  });

  it('reads nothing from a missing or malformed value', () => {
    expect(readCheckoutData()).toBeNull();
    for (const bad of ['{', '"text"', '{"products":"x"}', '[]', 'null']) {
      localStorage.setItem(CHECKOUT_DATA_KEY, bad);
      expect(readCheckoutData()).toBeNull();
    }
  });

  it('sets and clears the course buy-now flag (coursebuynow)', () => {
    expect(isCourseBuyNow()).toBe(false);
    setCourseBuyNow(true);
    expect(localStorage.getItem('coursebuynow')).toBe('true');
    expect(isCourseBuyNow()).toBe(true);
    setCourseBuyNow(false);
    expect(isCourseBuyNow()).toBe(false);
  });
});

import type { CartLine } from '@shop/contracts';
import { paiseToRupees, quoteTotals, rupeesToPaise } from '@shop/domain';

/** Local storage keys of checkout (accounts-checkout-payments §3). */
export const CHECKOUT_DATA_KEY = 'checkout_data';
export const COURSE_BUY_NOW_KEY = 'coursebuynow';

/** Checkout data (catalogue-and-cart §3): totals in rupees with 2 decimals. */
export interface CheckoutData {
  products: CartLine[];
  totalBeforeDiscount: number;
  totalAfterDiscount: number;
  coupon: string;
  discountAmount: number;
  isCouponApplied: boolean;
  course?: true;
}

/** Totals of cart lines in paise: list price x quantity, and sale (when a discount) x quantity. */
export function cartTotals(lines: readonly CartLine[]) {
  return quoteTotals(
    lines.map((l) => ({
      pricePaise: rupeesToPaise(l.product_price),
      salePricePaise: rupeesToPaise(l.product_saleprice),
      quantity: l.quantity,
    })),
  );
}

export function checkoutDataFor(lines: readonly CartLine[]): CheckoutData {
  const totals = cartTotals(lines);
  const course = lines.some((l) => l.course);
  return {
    products: [...lines],
    totalBeforeDiscount: paiseToRupees(totals.beforeDiscountPaise),
    totalAfterDiscount: paiseToRupees(totals.afterDiscountPaise),
    coupon: '',
    discountAmount: 0,
    isCouponApplied: false,
    ...(course ? { course: true as const } : {}),
  };
}

export function saveCheckoutData(data: CheckoutData) {
  localStorage.setItem(CHECKOUT_DATA_KEY, JSON.stringify(data));
}

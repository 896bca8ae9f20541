import type { CartLine } from '@shop/contracts';
import { paiseToRupees, quoteTotals, rupeesToPaise } from '@shop/domain';

/**
 * The checkout handoff (catalogue-and-cart §3, accounts-checkout-payments §3): what the cart or
 * Buy Now hands to checkout, and a course buy-now to the admission form, kept in localStorage
 * under the spec's keys. Cart, checkout and admissions all read and write it here, so none of
 * them imports another (features never import each other).
 */
export const CHECKOUT_DATA_KEY = 'checkout_data';
export const COURSE_BUY_NOW_KEY = 'coursebuynow';
/** The admission form's saved answers (admissions owns their shape). */
export const ADMISSION_KEY = 'admission';

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

/**
 * The stored checkout data, or null when there is none or it is not checkout data (the
 * browser's storage is not trusted: a malformed value counts as none).
 */
export function readCheckoutData(): CheckoutData | null {
  let value: unknown;
  try {
    value = JSON.parse(localStorage.getItem(CHECKOUT_DATA_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const ok =
    Array.isArray(v.products) &&
    typeof v.totalBeforeDiscount === 'number' &&
    typeof v.totalAfterDiscount === 'number';
  return ok ? (value as CheckoutData) : null;
}

/** Forgets the purchase once it is paid (the success page, accounts §4). */
export function clearCheckoutData() {
  localStorage.removeItem(CHECKOUT_DATA_KEY);
}

/** Sets or clears the course buy-now flag (a course bought now goes to the admission form). */
export function setCourseBuyNow(on: boolean) {
  if (on) localStorage.setItem(COURSE_BUY_NOW_KEY, 'true');
  else localStorage.removeItem(COURSE_BUY_NOW_KEY);
}

export function isCourseBuyNow(): boolean {
  return localStorage.getItem(COURSE_BUY_NOW_KEY) === 'true';
}

/** The admission as the server answered it (Aadhaar masked), kept after the form is sent. */
export interface StoredAdmission {
  id: string;
  name: string;
  center: string;
}

export function saveAdmission(admission: StoredAdmission & Record<string, unknown>) {
  localStorage.setItem(ADMISSION_KEY, JSON.stringify(admission));
}

/** The stored admission, or null when there is none or it is malformed. */
export function readAdmission(): StoredAdmission | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(ADMISSION_KEY) ?? 'null');
    if (v && typeof v === 'object') {
      const a = v as Record<string, unknown>;
      if (typeof a.id === 'string' && typeof a.name === 'string' && typeof a.center === 'string') {
        return { id: a.id, name: a.name, center: a.center };
      }
    }
  } catch {
    // Not JSON: none.
  }
  return null;
}

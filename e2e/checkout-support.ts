import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { STORE_ID, type Account } from './accounts-support.ts';
import type { ShopProduct } from './cart-support.ts';

/** Bandra West: in the store's pincode list, about 10 road km from the Andheri office. */
export const BANDRA = {
  location_user: 'Home',
  new_address: '14 Hill Road',
  area: 'Bandra West',
  city: 'Mumbai',
  pincode: '400050',
} as const;

/** Saves an address for `account` through the API (the first one becomes both defaults). */
export async function addAddress(
  request: APIRequestContext,
  account: Account,
  address: Record<string, string> = BANDRA,
  store = STORE_ID,
) {
  const res = await request.post('/api/address', {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: { ...address, user_name: account.name, user_id: account.user.user_id, main_id: store },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Checkout data as Buy Now leaves it (only what is bought counts; the server prices it). */
export async function handOff(page: Page, lines: { product: ShopProduct; quantity?: number }[]) {
  await page.evaluate((items) => {
    localStorage.setItem(
      'checkout_data',
      JSON.stringify({
        products: items.map((i) => ({
          product_id: i.product.product_id,
          product_sku: i.product.sku,
          product_name: i.product.title,
          quantity: i.quantity ?? 1,
          course: i.product.product_type === 'Course',
        })),
        totalBeforeDiscount: 0,
        totalAfterDiscount: 0,
        coupon: '',
        discountAmount: 0,
        isCouponApplied: false,
      }),
    );
  }, lines);
}

/** The sandbox gateway's payment window (apps/api/src/modules/payments/sandbox-checkout-routes.ts). */
export const gatewayWindow = (page: Page) => page.getByTestId('sandbox-checkout');

/** A figure of the order summary, by its label. */
export const summaryRow = (page: Page, label: string | RegExp) =>
  page.getByTestId('order-summary').locator('dt').filter({ hasText: label }).locator('+ dd');

/** A detail of a result page, by its label. */
export const detail = (page: Page, label: string) =>
  page.getByTestId('payment-details').locator('dt').filter({ hasText: label }).locator('+ dd');

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openSignedIn, type Account } from './accounts-support.ts';
import type { ShopProduct } from './cart-support.ts';
import { gatewayWindow, handOff } from './checkout-support.ts';

export type OrderStatus =
  'Pending' | 'Processing' | 'Packed' | 'Shipped' | 'Out for delivery' | 'Delivered' | 'Cancelled';

/**
 * Moves an order as the shop would. The e2e server runs on its embedded database, which only
 * the server process may open, so this asks the server's browser-test stand-in
 * (apps/api/src/e2e/order-moves.ts, on with E2E_ORDER_MOVES=true). When the fulfilment
 * service's staff route lands, this becomes `POST /api/admin/orders/{orderId}/status` with
 * `{ to, version }` and a staff token.
 */
export async function moveOrder(request: APIRequestContext, orderId: string, to: OrderStatus) {
  const res = await request.post(`/api/e2e/orders/${orderId}/status`, { data: { to } });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Places and pays an order of `lines` through checkout and the sandbox gateway, as a shopper
 * does; answers its order id (the page is left on the success page).
 */
export async function placePaidOrder(
  page: Page,
  account: Account,
  lines: { product: ShopProduct; quantity?: number }[],
): Promise<string> {
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, lines);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Place order' }).click();
  const modal = gatewayWindow(page);
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await modal.getByTestId('sandbox-method-upi').check();
  await modal.getByTestId('sandbox-pay').click();
  await expect(page).toHaveURL(/\/payment-success\/[\w-]+$/, { timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** Today's date as the orders pages show it ("23 Nov 2026", India time). */
export const todayInIndia = () =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date());

/** The state (done, current, upcoming, cancelled) of the four steps of the tracking line. */
export const stepStates = (page: Page) =>
  Promise.all(
    [1, 2, 3, 4].map((i) => page.getByTestId(`track-step-${i}`).getAttribute('data-state')),
  );

/** What each step shows under its label: its date or fallback. */
export const stepDates = (page: Page) =>
  Promise.all(
    [1, 2, 3, 4].map(
      async (i) => (await page.getByTestId(`track-step-${i}-date`).textContent()) ?? '',
    ),
  );

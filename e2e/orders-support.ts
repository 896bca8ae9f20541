import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OWNER, openSignedIn, STORE_ID, type Account } from './accounts-support.ts';
import type { ShopProduct } from './cart-support.ts';
import { gatewayWindow, handOff } from './checkout-support.ts';

export type OrderStatus =
  'Pending' | 'Processing' | 'Packed' | 'Shipped' | 'Out for delivery' | 'Delivered' | 'Cancelled';

/**
 * Moves an order as the shop does: signs in at the admin sign-in (the only session with staff
 * power) as the main store's first owner (made at start-up from ADMIN_EMAIL / ADMIN_PASSWORD,
 * playwright.config.ts), reads the order's version, and
 * calls the staff route `PATCH /api/admin/orders/{order_id}` (with a courier and tracking
 * number when given).
 */
export async function moveOrder(
  request: APIRequestContext,
  orderId: string,
  to: OrderStatus,
  shipping: { courier?: string; trackingNumber?: string } = {},
) {
  const login = await request.post('/api/admin/login', {
    data: { ...E2E_OWNER, main_id: STORE_ID },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const order = await request.get(`/api/admin/orders/${orderId}`, { headers });
  expect(order.ok(), await order.text()).toBe(true);
  const { version } = ((await order.json()) as { data: { version: number } }).data;
  const res = await request.patch(`/api/admin/orders/${orderId}`, {
    headers,
    data: { orderStatus: to, version, ...shipping },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Places an order of `lines` through checkout as a shopper does and leaves the sandbox
 * gateway's window open, unpaid (the order is Pending); answers that window.
 */
export async function placeOrderAwaitingPayment(
  page: Page,
  account: Account,
  lines: { product: ShopProduct; quantity?: number }[],
) {
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, lines);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Place order' }).click();
  const modal = gatewayWindow(page);
  await expect(modal).toBeVisible({ timeout: 15_000 });
  return modal;
}

/** Pays by UPI in the open sandbox window; answers the order id of the success page. */
export async function payInSandbox(page: Page, modal: ReturnType<typeof gatewayWindow>) {
  await modal.getByTestId('sandbox-method-upi').check();
  await modal.getByTestId('sandbox-pay').click();
  await expect(page).toHaveURL(/\/payment-success\/[\w-]+$/, { timeout: 15_000 });
  return new URL(page.url()).pathname.split('/').at(-1)!;
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
  return payInSandbox(page, await placeOrderAwaitingPayment(page, account, lines));
}

const indiaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at);

/**
 * "Today" as the orders pages show it ("23 Nov 2026", India time), as a pattern matching each
 * day from `since` until now: a test that runs across midnight in India has its order placed on
 * one day and moved on the next, and either is right.
 */
export function todaySince(since: Date): string {
  const days = [...new Set([indiaDay(since), indiaDay(new Date())])];
  return `(?:${days.join('|')})`;
}

/** A whole text that is `todaySince(since)`, for a list of step dates. */
export const isTodaySince = (since: Date) =>
  expect.stringMatching(new RegExp(`^${todaySince(since)}$`));

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

import { expect as baseExpect, test } from '@playwright/test';
import { registerAccount } from './accounts-support.ts';
import { signInAsOwner } from './admin-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress, gatewayWindow } from './checkout-support.ts';
import { placeOrderAwaitingPayment } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Sign-up hashes a password (argon2id) and the sandbox pays beside: slow on two cores.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';
const ORDER_NUMBER = /^Order ([A-Z]{2,3}-\d{5,})$/;

/**
 * Issue 29 item 1 (decision 0040): a closed or failed payment leaves the order "Payment pending"
 * with Pay now, which pays the same order; the failed page offers Try again; every screen shows
 * the order's short number.
 */
test('a closed and a failed payment keep one order "Payment pending"; Try again pays that same order', async ({
  page,
  browser,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);

  // The shopper closes the payment window: the order is kept, waiting for its payment.
  const modal = await placeOrderAwaitingPayment(page, account, [{ product: tee }]);
  await modal.getByTestId('sandbox-close').click();
  await expect(page.getByText(/Your order is kept as "Payment pending"/)).toBeVisible();

  // My account: one order, its short number, Payment pending and Pay now (never "Failed").
  await page.goto('/my-account');
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  const title = (await row.getByText(ORDER_NUMBER).textContent())!;
  const orderNumber = ORDER_NUMBER.exec(title)![1]!;
  await expect(row.getByRole('link', { name: /payment pending/ })).toBeVisible();
  await expect(row).not.toContainText('Failed');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'retry-my-orders-pending');

  // Pay now opens the same order's payment; this time the payment fails.
  await row.getByRole('button', { name: `Pay now: order ${orderNumber}` }).click();
  await expect(gatewayWindow(page)).toBeVisible();
  await gatewayWindow(page).getByTestId('sandbox-method-upi').check();
  await gatewayWindow(page).getByTestId('sandbox-fail').click();
  await expect(page).toHaveURL(/\/payment-failed\/[\w-]+$/);
  const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  const tryAgain = page.getByRole('button', { name: `Try again: order ${orderNumber}` });
  await expect(tryAgain).toBeVisible();
  await expect(page.getByTestId('payment-details')).toContainText(orderNumber);
  await shot(page, info, 'retry-payment-failed');
  await expectNoHorizontalOverflow(page);

  // After 2 s the failed page lands on the order's page: Payment pending, with Pay now.
  await expect(page).toHaveURL(new RegExp(`/track/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Payment pending');
  await expect(page.getByText(`Order ${orderNumber}`, { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('payment-pending')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'retry-order-page-pending');

  // Back on the failed page, Try again stays (no redirect) and pays the same order.
  await page.goto(`/payment-failed/${orderId}`);
  await page.getByRole('button', { name: `Try again: order ${orderNumber}` }).click();
  await expect(gatewayWindow(page)).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(new RegExp(`/payment-failed/${orderId}$`));
  await gatewayWindow(page).getByTestId('sandbox-method-upi').check();
  await gatewayWindow(page).getByTestId('sandbox-pay').click();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${orderId}$`));
  await expect(page.getByTestId('payment-details')).toContainText(orderNumber);
  await shot(page, info, 'retry-payment-success');
  await expect(page).toHaveURL(new RegExp(`/track/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Processing');
  await shot(page, info, 'retry-order-page-paid');

  // One order, paid, with its short number.
  await page.goto('/my-account');
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row')).toContainText(`Order ${orderNumber}`);
  await expect(page.getByTestId('order-row')).toContainText('Status: Processing');
  await shot(page, info, 'retry-my-orders-paid');

  // The desk: the same number; an abandoned unpaid order is listed under Awaiting payment.
  const other = await registerAccount(request);
  await addAddress(request, other);
  const left = await placeOrderAwaitingPayment(page, other, [{ product: tee }]);
  await left.getByTestId('sandbox-close').click();
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    isMobile: info.project.name === 'mobile',
  });
  const admin = await context.newPage();
  await signInAsOwner(admin);
  await admin.goto('/admin/orders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(admin.getByRole('link', { name: orderNumber }).locator('visible=true')).toHaveCount(
    1,
  );
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill('');
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('button', { name: 'Awaiting payment' }).click();
  await expect(admin.getByRole('button', { name: 'Awaiting payment' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const badges = admin.getByTestId('status-badge').locator('visible=true');
  await expect(badges.first()).toHaveText('Awaiting payment');
  await expect(admin.getByRole('link', { name: orderNumber })).toHaveCount(0);
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'retry-desk-awaiting-payment');
  // The Pending chip is the shop's work: no order awaiting its payment.
  await admin.getByRole('button', { name: 'Awaiting payment' }).click();
  await admin.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(
    admin.getByText(/^\d+ orders?$|^No orders match these filters\.$/).first(),
  ).toBeVisible();
  await expect(badges.filter({ hasText: 'Awaiting payment' })).toHaveCount(0);
  await shot(admin, info, 'retry-desk-pending');
  await admin.goto(`/admin/orders/${orderId}`);
  await expect(admin.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await shot(admin, info, 'retry-desk-order');
  await context.close();
});

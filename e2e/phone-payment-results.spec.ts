import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test, type Page, type TestInfo } from '@playwright/test';
import { registerAccount } from './accounts-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress, gatewayWindow } from './checkout-support.ts';
import { moveOrder, placeOrderAwaitingPayment } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './support.ts';

// Sign-up hashes a password (argon2id) and the sandbox pays beside: slow on two cores.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'screenshots';

async function look(page: Page, info: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${info.project.name}.png`) });
}

/**
 * Issue 59 item 4: a failed payment says so (red, nothing charged, Try again and Choose another
 * way), waits while the shopper reads, and lands on an order page that promises nothing unpaid;
 * paying again shows the success page; item 7: the shipped order's tracking number with Copy
 * and the courier's tracking page.
 */
test('a failed payment shows the failure page, waits while touched, and a retry shows success; shipped: copy and track with the courier', async ({
  page,
  request,
}, info) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);

  // The payment fails in the gateway's window.
  const modal = await placeOrderAwaitingPayment(page, account, [{ product: tee }]);
  await modal.getByTestId('sandbox-method-upi').check();
  await modal.getByTestId('sandbox-fail').click();
  await expect(page).toHaveURL(/\/payment-failed\/[\w-]+$/);
  const orderId = new URL(page.url()).pathname.split('/').at(-1)!;
  const result = page.getByTestId('payment-result-failed');
  await expect(result.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(result.getByTestId('nothing-charged')).toContainText('Nothing was charged.');
  await expect(result.getByRole('button', { name: /^Try again: order / })).toBeVisible();
  await expect(result.getByRole('button', { name: /^Choose another way: order / })).toBeVisible();
  await expect(page.getByText(/Order Placed|Payment Successful/i)).toHaveCount(0);
  // The shopper's finger is on the page: it stays, and says so.
  await page.locator('body').dispatchEvent('pointerdown');
  await expect(page.getByTestId('moving-on')).toHaveText(/Paused while you read/);
  await expectNoSeriousA11yViolations(page);
  await look(page, info, 'results-failed');
  await page.waitForTimeout(3000);
  await expect(page).toHaveURL(new RegExp(`/payment-failed/${orderId}$`));
  // Lifted: 2 s later, the order's page, which promises nothing while unpaid.
  await page.locator('body').dispatchEvent('pointerup');
  await expect(page).toHaveURL(new RegExp(`/track/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Payment pending');
  await expect(page.getByTestId('track-step-1')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByTestId('track-step-1')).toContainText('Payment pending');
  await expect(page.getByTestId('tracking-line')).not.toContainText('Order Placed');
  await expect(page.getByTestId('delivery-note')).not.toContainText('Estimated delivery');
  await expectNoSeriousA11yViolations(page);
  await look(page, info, 'results-order-unpaid');

  // Back on the failed page: Choose another way opens the same order's payment window.
  await page.goto(`/payment-failed/${orderId}`);
  await page.getByRole('button', { name: /^Choose another way: order / }).click();
  await expect(gatewayWindow(page)).toBeVisible();
  await gatewayWindow(page).getByTestId('sandbox-close').click();
  await expect(page.getByText(/Your order is kept as "Payment pending"/)).toBeVisible();
  await page.waitForTimeout(2500);
  await expect(page).toHaveURL(new RegExp(`/payment-failed/${orderId}$`));
  // Try again pays it: the success page says so.
  await page.getByRole('button', { name: /^Try again: order / }).click();
  await gatewayWindow(page).getByTestId('sandbox-method-upi').check();
  await gatewayWindow(page).getByTestId('sandbox-pay').click();
  await expect(page).toHaveURL(new RegExp(`/payment-success/${orderId}$`));
  await page.locator('body').dispatchEvent('pointerdown');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByTestId('next-steps')).toContainText('We received ₹');
  await expect(page.getByTestId('payment-details')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await look(page, info, 'results-retry-success');
  await page.locator('body').dispatchEvent('pointerup');
  await expect(page).toHaveURL(new RegExp(`/track/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Processing');
  // One order, paid (no second order from Choose another way).
  await page.goto('/my-account');
  await expect(page.getByTestId('order-row')).toHaveCount(1);

  // Shipped with Delhivery: the number with Copy, and Track with Delhivery in a new tab.
  await moveOrder(request, orderId, 'Shipped', {
    courier: 'Delhivery',
    trackingNumber: 'DL1234567890',
  });
  await page.goto(`/track/${orderId}`);
  const shipping = page.getByTestId('shipping-details');
  await expect(shipping).toContainText('Tracking number: DL1234567890');
  const track = shipping.getByRole('link', { name: /Track with Delhivery/ });
  await expect(track).toHaveAttribute(
    'href',
    'https://www.delhivery.com/track/package/DL1234567890',
  );
  await expect(track).toHaveAttribute('target', '_blank');
  await shipping.getByRole('button', { name: 'Copy tracking number' }).click();
  await expect(shipping.getByText('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DL1234567890');
  await shipping.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await look(page, info, 'results-shipped-tracking');
});

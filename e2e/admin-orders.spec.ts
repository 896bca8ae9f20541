import {
  expect as baseExpect,
  test,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { registerAccount } from './accounts-support.ts';
import { signInAsOwner } from './admin-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress } from './checkout-support.ts';
import {
  payInSandbox,
  placeOrderAwaitingPayment,
  placePaidOrder,
  stepStates,
} from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Sign-in hashes passwords (argon2id) and checkout pays in the sandbox: slow on two cores.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';

/** The owner signed in to the admin in a browser of their own, the same size as the shopper's. */
async function ownerBesideShopper(browser: Browser, page: Page, info: TestInfo) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    isMobile: info.project.name === 'mobile',
  });
  const admin = await context.newPage();
  await signInAsOwner(admin);
  return { context, admin };
}

/** Finds the customer's orders on the desk by their email and opens the one of `orderId`. */
async function openOrder(admin: Page, email: string, orderId: string) {
  await admin.goto('/admin/orders');
  await expect(admin.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const link = admin.locator(`a[href="/admin/orders/${orderId}"]:visible`);
  await expect(link).toHaveCount(1);
  await link.click();
  await expect(admin).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(admin.getByRole('heading', { name: /^Order / })).toBeVisible();
}

test('an order goes from Pending (unpaid) through payment to Delivered while the customer watches /track', async ({
  page,
  browser,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  // Placed, the gateway's window open and nothing paid yet: the order is Pending.
  const modal = await placeOrderAwaitingPayment(page, account, [{ product: tee }]);

  const { context, admin } = await ownerBesideShopper(browser, page, info);
  await admin.goto('/admin/orders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(account.email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const link = admin.locator('a[href^="/admin/orders/"]:visible');
  await expect(link).toHaveCount(1);
  const orderId = (await link.getAttribute('href'))!.split('/').at(-1)!;
  await link.click();
  // Unpaid: awaiting its payment, not the shop's Pending work yet (decision 0040).
  await expect(admin.getByTestId('status-badge').first()).toHaveText('Awaiting payment');
  // Unpaid: the shop cannot pack it, only cancel it, and is told why.
  await expect(admin.getByText('The payment has not arrived')).toBeVisible();
  await expect(admin.getByRole('button', { name: /^Mark / })).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Cancel order…' })).toBeVisible();
  await shot(admin, info, 'admin-order-pending');

  // The payment moves it to Processing, for the customer and the shop.
  expect(await payInSandbox(page, modal)).toBe(orderId);
  await page.goto(`/track/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Processing');
  await admin.reload();
  await expect(admin.getByTestId('status-badge').first()).toHaveText('Processing');
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'admin-order-processing');
  await expectNoSeriousA11yViolations(admin);

  const steps: [string, (string | null)[]][] = [
    ['Packed', ['current', 'upcoming', 'upcoming', 'upcoming']],
    ['Shipped', ['done', 'current', 'upcoming', 'upcoming']],
    ['Out for delivery', ['done', 'done', 'current', 'upcoming']],
    ['Delivered', ['done', 'done', 'done', 'current']],
  ];
  for (const [to, states] of steps) {
    await admin.getByRole('button', { name: `Mark ${to}`, exact: true }).click();
    if (to === 'Shipped') {
      // Shipping asks for the courier and tracking number, then confirms (admin-phone.spec.ts).
      const dialog = admin.getByRole('dialog', { name: /^Ship order / });
      await dialog.getByLabel('Courier', { exact: true }).fill('Delhivery');
      await dialog.getByLabel('Tracking number').fill('DLV-77881');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByRole('button', { name: 'Yes, mark Shipped' }).click();
    } else {
      // Every other move says what it will do beside its button, and waits for the yes.
      await expect(admin.getByTestId('order-confirm-step')).toContainText(`Mark this order ${to}?`);
      await admin.getByRole('button', { name: `Yes, mark ${to}` }).click();
    }
    await expect(admin.getByRole('status').first()).toHaveText(`Moved to ${to}.`);
    await expect(admin.getByTestId('status-badge').first()).toHaveText(to);
    // Only later statuses are offered.
    await expect(admin.getByRole('button', { name: `Mark ${to}`, exact: true })).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(to);
    expect(await stepStates(page)).toEqual(states);
    if (to !== 'Packed') {
      // Issue 59 item 7: the number with Copy and the courier's tracking page beside it.
      await expect(page.getByTestId('shipping-details')).toContainText('Courier: Delhivery');
      await expect(page.getByTestId('shipping-details')).toContainText(
        'Tracking number: DLV-77881',
      );
    }
  }
  await expect(admin.getByText('its status cannot change any more')).toBeVisible();
  await expect(admin.getByRole('button', { name: /^Print invoice INV\// })).toBeVisible();
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'admin-order-delivered');
  await shot(page, info, 'track-after-admin-delivered');

  // The packing slip downloads as a PDF.
  const download = admin.waitForEvent('download');
  await admin.getByRole('button', { name: 'Print packing slip' }).click();
  expect((await download).suggestedFilename()).toMatch(/^packing-slip-.+\.pdf$/);

  // The list: the order shows Delivered; the CSV export downloads.
  await admin.goto('/admin/orders');
  await admin.getByRole('button', { name: 'Delivered', exact: true }).click();
  await expect(admin.getByRole('button', { name: 'Delivered', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(admin.locator(`a[href="/admin/orders/${orderId}"]:visible`)).toHaveCount(1);
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'admin-orders-list');
  await expectNoSeriousA11yViolations(admin);
  const csv = admin.waitForEvent('download');
  await admin.getByTestId('export-csv').click();
  expect((await csv).suggestedFilename()).toBe('orders.csv');
  await context.close();
});

test('the owner cancels a paid order with a partial refund; the customer sees it cancelled', async ({
  page,
  browser,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  const orderId = await placePaidOrder(page, account, [{ product: tee }]);

  const { context, admin } = await ownerBesideShopper(browser, page, info);
  await openOrder(admin, account.email, orderId);
  await admin.getByRole('button', { name: 'Cancel order…' }).click();
  const refund = admin.getByLabel(/^Refund amount/);
  await expect(refund).not.toHaveValue('');
  await refund.fill('100.00');
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'admin-order-cancel');
  await admin.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(admin.getByRole('status')).toHaveText('Moved to Cancelled.');
  await expect(admin.getByTestId('status-badge').first()).toHaveText('Cancelled');
  await expect(admin.getByText(/^Refund \((pending|processed)\)$/)).toBeVisible();
  await expect(admin.getByText('₹100', { exact: true }).first()).toBeVisible();
  await shot(admin, info, 'admin-order-cancelled');

  await page.goto(`/track/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('bill-details')).toContainText(/₹100(\.00)?\b/);
  await context.close();
});

test('a bulk move says what it will do and moves only after the owner confirms', async ({
  page,
  browser,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  const first = await placePaidOrder(page, account, [{ product: tee }]);
  const second = await placePaidOrder(page, account, [{ product: tee }]);

  const { context, admin } = await ownerBesideShopper(browser, page, info);
  await admin.goto('/admin/orders');
  await admin.getByRole('searchbox', { name: 'Search orders' }).fill(account.email);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  const ticks = admin.getByRole('checkbox', { name: /^Select order / });
  await expect(ticks).toHaveCount(2);
  await ticks.nth(0).check();
  await ticks.nth(1).check();
  const bar = admin.getByTestId('bulk-bar');
  await bar.getByLabel('Move to').selectOption('Packed');
  await bar.getByRole('button', { name: 'Move selected' }).click();

  // Nothing moves until the owner confirms what the dialog says.
  const dialog = admin.getByRole('dialog', { name: 'Move 2 orders to Packed?' });
  await expect(dialog).toContainText('Each customer is emailed about the new status.');
  await expectNoHorizontalOverflow(admin);
  await shot(admin, info, 'admin-orders-bulk-confirm');
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toBeHidden();
  for (const orderId of [first, second]) {
    await page.goto(`/track/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Processing');
  }

  await bar.getByRole('button', { name: 'Move selected' }).click();
  await dialog.getByRole('button', { name: 'Move 2 to Packed' }).click();
  await expect(admin.getByText('2 moved to Packed.')).toBeVisible();
  for (const orderId of [first, second]) {
    await page.goto(`/track/${orderId}`);
    await expect(page.getByTestId('order-status')).toHaveText('Packed');
  }
  await context.close();
});

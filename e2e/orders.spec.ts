import { expect as baseExpect, test } from '@playwright/test';
import { openSignedIn, registerAccount } from './accounts-support.ts';
import { productTitled, serverCart, toast } from './cart-support.ts';
import { addAddress } from './checkout-support.ts';
import {
  moveOrder,
  placePaidOrder,
  stepDates,
  stepStates,
  isTodaySince,
  todaySince,
  type OrderStatus,
} from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Signing up hashes a password and the sandbox's webhooks run beside: slow machines.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';

test('a paid order: in My account → Orders, tracked through every status, bought again', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  const placing = new Date();
  const orderId = await placePaidOrder(page, account, [{ product: tee, quantity: 2 }]);
  const total = (await page.getByTestId('payment-details').locator('dd').last().textContent())!;

  // The success page goes on to the order's page; My account's first tab lists the order.
  await expect(page).toHaveURL(new RegExp(`/track/${orderId}$`));
  await page.goto('/my-account');
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(new RegExp(`${todaySince(placing)} · 2 items · `));
  await expect(row).toContainText(` · 2 items · ${total}`);
  // Paid: the server moved it on to Processing.
  await expect(row).toContainText('Status: Processing');
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'orders-list');

  await row.getByRole('link', { name: /^Track order/ }).click();
  await expect(page).toHaveURL(new RegExp(`/track/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Track order' })).toBeVisible();
  const today = isTodaySince(placing);
  await expect(page.getByTestId('track-step-1')).toContainText('Order Processing');
  expect(await stepStates(page)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
  expect(await stepDates(page)).toEqual([today, '', '', 'Estimated soon']);
  await expect(page.getByTestId('delivery-note')).toHaveText(
    /^Estimated delivery: \d{1,2} \w{3} – \d{1,2} \w{3}$/,
  );
  await expect(page.getByText(TEE)).toBeVisible();
  await expect(page.getByTestId('bill-total')).toHaveText(total);
  await expect(page.getByTestId('bill-details')).toContainText('Product discount');
  await expect(page.getByRole('link', { name: 'Download Invoice' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'track-processing');

  const expected: [OrderStatus, string, (string | null)[], unknown[]][] = [
    [
      'Packed',
      'Packed',
      ['current', 'upcoming', 'upcoming', 'upcoming'],
      [today, '', '', 'Estimated soon'],
    ],
    [
      'Shipped',
      'Order Placed',
      ['done', 'current', 'upcoming', 'upcoming'],
      [today, today, '', 'Estimated soon'],
    ],
    [
      'Out for delivery',
      'Order Placed',
      ['done', 'done', 'current', 'upcoming'],
      [today, today, today, 'Estimated soon'],
    ],
    [
      'Delivered',
      'Order Placed',
      ['done', 'done', 'done', 'current'],
      [today, today, today, today],
    ],
  ];
  for (const [to, firstLabel, states, dates] of expected) {
    await moveOrder(request, orderId, to);
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(to);
    await expect(page.getByTestId('track-step-1')).toContainText(firstLabel);
    expect(await stepStates(page)).toEqual(states);
    expect(await stepDates(page)).toEqual(dates);
    // The invoice is issued when the order is first shipped: its link shows from then on.
    const invoice = page.getByRole('link', { name: 'Download Invoice' });
    if (to !== 'Packed') {
      await expect(invoice).toHaveAttribute('href', `/invoice/${orderId}`);
    } else {
      await expect(invoice).toHaveCount(0);
    }
    await shot(page, info, `track-${to.toLowerCase().replaceAll(' ', '-')}`);
  }
  await expect(page.getByTestId('delivery-note')).toHaveText(
    new RegExp(`^Delivered on ${todaySince(placing)}$`),
  );
  await expectNoSeriousA11yViolations(page);

  // Buy again: the tee, priced today, back in the (emptied) server cart, then the cart page.
  expect(await serverCart(request, account.user.user_id, account.accessToken)).toEqual([]);
  await page.getByRole('button', { name: 'Buy again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(toast(page, 'Added 1 product to your cart')).toBeVisible();
  await expect(page.getByText(TEE).first()).toBeVisible();
  const cart = await serverCart(request, account.user.user_id, account.accessToken);
  expect(cart.map((l) => [l.product_sku, l.quantity])).toEqual([[tee.sku, 2]]);
});

test("a cancelled order's look; another customer's order is not found", async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  const placing = new Date();
  const orderId = await placePaidOrder(page, account, [{ product: tee }]);
  await moveOrder(request, orderId, 'Cancelled');

  await page.goto('/my-account');
  const row = page.getByTestId('order-row');
  await expect(row.getByRole('link', { name: /cancelled/i })).toBeVisible();
  await shot(page, info, 'orders-list-cancelled');
  await row.getByRole('link', { name: /cancelled/i }).click();
  await expect(page).toHaveURL(new RegExp(`/track/${orderId}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  expect(await stepStates(page)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
  // The processing date it reached when paid stays; nothing is promised any more.
  expect(await stepDates(page)).toEqual([isTodaySince(placing), '', '', '']);
  await expect(page.getByTestId('track-step-1')).toContainText('Cancelled');
  await expect(page.getByTestId('delivery-note')).toHaveText('This order was cancelled.');
  await expect(page.getByRole('link', { name: 'Download Invoice' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'track-cancelled');

  // Someone else opening the link sees the not-found look, and the API tells them nothing.
  const other = await registerAccount(request);
  await openSignedIn(page, other, `/track/${orderId}`);
  await expect(
    page.getByRole('heading', { name: 'Sorry, we could not find that order.' }),
  ).toBeVisible();
  await expect(page.getByText(TEE)).toHaveCount(0);
  await shot(page, info, 'track-not-found');
  await page.goto('/my-account');
  await expect(page.getByText('You have no orders yet.')).toBeVisible();
});

test('/track needs a signed-in user', async ({ page }) => {
  await page.goto('/track/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/login$/);
});

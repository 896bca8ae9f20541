import { expect as baseExpect, test, type Page } from '@playwright/test';
import { E2E_OWNER, openSignedIn, registerAccount, STORE_ID } from './accounts-support.ts';
import { pathOf, productTitled, stored, toast } from './cart-support.ts';
import {
  addAddress,
  BANDRA,
  detail,
  gatewayWindow,
  handOff,
  summaryRow,
} from './checkout-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Signing up hashes a password (argon2id), and the sandbox's webhooks run beside: slow machines.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';
const COURSE = 'Beginner Inline Skating – 1 Month';

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place order' });

/** Pays (or fails) in the sandbox's window with UPI. */
async function payInWindow(page: Page, outcome: 'pay' | 'fail') {
  const modal = gatewayWindow(page);
  await expect(modal).toBeVisible();
  await modal.getByTestId('sandbox-method-upi').check();
  await modal.getByTestId(`sandbox-${outcome}`).click();
}

test('a guest is sent to /login, and /checkout is remembered', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('navigatepage'))).toBe('/checkout');
});

test('pay now with the sandbox: Buy Now, the server summary, pay, success page', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  await openSignedIn(page, account, pathOf(tee));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('shipping-address')).toContainText('14 Hill Road');
  await expect(page.getByTestId('billing-address')).toContainText('400050');
  await expect(page.getByLabel('Mobile number')).toHaveValue('9876543210');
  // The server's summary: a 5-15 km band charge under the free-delivery total, GST included.
  await expect(summaryRow(page, 'Delivery charge')).toHaveText('₹99');
  await expect(page.getByText(/^Includes GST ₹/)).toBeVisible();
  const total = await page.getByTestId('summary-total').textContent();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'checkout');

  await placeOrder(page).click();
  await payInWindow(page, 'pay');
  await expect(page).toHaveURL(/\/payment-success\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText('Thank you for your order!')).toBeVisible();
  await expect(detail(page, 'Payment method')).toHaveText('Online');
  await expect(detail(page, 'Sender')).toHaveText(account.name);
  await expect(detail(page, 'Total')).toHaveText(total ?? '');
  await expect(detail(page, 'Amount')).toHaveText(total ?? '');
  await expect(detail(page, 'Time and date')).toHaveText(/^\d\d\/\d\d\/\d\d - \d\d:\d\d$/);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'payment-success');
  expect(await stored(page, 'checkout_data')).toBeNull();
  // On to the order's own page (decision 0040).
  await expect(page).toHaveURL(/\/track\/[\w-]+$/);
});

test('pay now with the sandbox: closing the window keeps checkout, a failed payment goes to the failed page', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await placeOrder(page).click();
  await expect(gatewayWindow(page)).toBeVisible();
  await gatewayWindow(page).getByTestId('sandbox-close').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(/The payment was not completed/)).toBeVisible();
  await page.getByRole('button', { name: 'Retry payment' }).click();
  await payInWindow(page, 'fail');
  await expect(page).toHaveURL(/\/payment-failed\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(page.getByText(/Your payment could not be processed/)).toBeVisible();
  await expect(detail(page, 'Payment method')).toHaveText('Online');
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'payment-failed');
  // On to the order's page, where it waits for its payment (decision 0040).
  await expect(page).toHaveURL(/\/track\/[\w-]+$/);
  await expect(page.getByTestId('order-status')).toHaveText('Payment pending');
});

test('pay on delivery: the advance is paid online, the rest on delivery', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, [{ product: tee, quantity: 2 }]);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Pay on delivery' }).check();
  await expect(page.getByTestId('pod-split')).toContainText('20%');
  await expect(summaryRow(page, 'Delivery charge')).toHaveText('₹99');
  await expect(page.getByTestId('summary-advance')).toBeVisible();
  const advance = (await page.getByTestId('summary-advance').textContent()) ?? '';
  const remaining = (await page.getByTestId('summary-remaining').textContent()) ?? '';
  const total = (await page.getByTestId('summary-total').textContent()) ?? '';
  await shot(page, info, 'checkout-pay-on-delivery');
  await placeOrder(page).click();
  const bar = page.getByRole('region', { name: 'Total and next step' });
  if (page.viewportSize()!.width < 768) {
    // At 360 px the bar's action reads "Waiting for payment..." while the window is open: the
    // advance's note beside it wraps, whole, instead of being cut off.
    await expect(bar.getByRole('button', { name: 'Waiting for payment...' })).toBeVisible();
    const note = bar.getByText(/^Pay ₹[\d,]+(\.\d\d)? now, the rest on delivery$/);
    await expect(note).toBeVisible();
    const { scrollWidth, clientWidth } = await note.evaluate((e) => ({
      scrollWidth: e.scrollWidth,
      clientWidth: e.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await bar.screenshot({ path: `screenshots/checkout-bar-waiting-${info.project.name}.png` });
  }
  await payInWindow(page, 'pay');
  await expect(page).toHaveURL(/\/payment-success\/[\w-]+$/);
  await expect(detail(page, 'Advance Paid')).toHaveText(advance);
  await expect(detail(page, 'Remaining Amount')).toHaveText(remaining);
  await expect(detail(page, 'Total')).toHaveText(total);
  await shot(page, info, 'payment-success-pay-on-delivery');
});

test('a coupon: empty, expired, applied to the server total, removed', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await expect(summaryRow(page, 'Delivery charge')).toHaveText('₹99');
  const before = (await page.getByTestId('summary-total').textContent()) ?? '';
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Please enter a coupon code')).toBeVisible();
  await page.getByLabel('Coupon code').fill('monsoon25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /expired/ })).toBeVisible();
  await page.getByLabel('Coupon code').fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, 'Coupon applied successfully')).toBeVisible();
  await expect(page.getByTestId('applied-coupon')).toHaveText('WELCOME10');
  await expect(summaryRow(page, 'Coupon discount')).toHaveText(/^−₹/);
  await expect(page.getByTestId('summary-total')).not.toHaveText(before);
  await expect(page.getByText(/^You saved ₹/)).toBeVisible();
  await page.getByRole('button', { name: 'Remove coupon' }).click();
  await expect(summaryRow(page, 'Coupon discount')).toHaveCount(0);
  await expect(page.getByTestId('summary-total')).toHaveText(before);
});

test('a ₹0 order (a 100% coupon, free delivery): no payment window, straight to the success page', async ({
  page,
  request,
}, info) => {
  const login = await request.post('/api/admin/login', {
    data: { ...E2E_OWNER, main_id: STORE_ID },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const code = `FREE${Date.now().toString(36)}${info.project.name.slice(0, 3)}`.toUpperCase();
  const coupon = await request.post('/api/admin/coupons', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { code, percentage_offer: 100 },
  });
  expect(coupon.ok(), await coupon.text()).toBe(true);
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  // Four tees pass the free-delivery total in Bandra.
  await handOff(page, [{ product: tee, quantity: 4 }]);
  await page.goto('/checkout');
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('applied-coupon')).toHaveText(code);
  await expect(page.getByTestId('summary-total')).toHaveText('₹0');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/payment-success\/[\w-]+$/);
  await expect(gatewayWindow(page)).toHaveCount(0);
  // Nothing was paid online: the order is placed, not a payment of ₹0 (issue 59).
  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  await expect(page.getByTestId('next-steps')).toContainText('Nothing to pay');
  await expect(detail(page, 'Payment method')).toHaveText('Fully discounted');
  await expect(detail(page, 'Total')).toHaveText('₹0');
  await shot(page, info, 'payment-success-fully-discounted');
});

test('billing anywhere, shipping where the shop delivers; nothing is ordered without an address', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  const tee = await productTitled(request, STORE, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await expect(page.getByTestId('shipping-address')).toContainText('Add an address to continue.');
  await placeOrder(page).click();
  await expect(page.getByText('Please select a billing address.')).toBeVisible();

  // A Delhi address is saved (the form says the shop does not deliver there)...
  await page.getByRole('button', { name: 'Add a new address' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a new address' });
  await dialog.getByLabel('Address', { exact: true }).fill('1 Janpath');
  await dialog.getByLabel('City').fill('New Delhi');
  await dialog.getByLabel('Pincode').fill('110001');
  await expect(dialog.getByTestId('pincode-not-served')).toContainText(
    'We do not deliver to this pincode.',
  );
  await dialog.getByTestId('pincode-not-served').scrollIntoViewIfNeeded();
  await shot(page, info, 'address-not-served');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('shipping-address')).toContainText('1 Janpath');
  await expect(page.getByTestId('billing-address')).toContainText('110001');
  // ...but as the shipping address it is refused, with the spec's words.
  const sorry = page
    .getByRole('alert')
    .filter({ hasText: 'Sorry, we do not deliver to this pincode.' });
  await expect(sorry).toBeVisible();
  await placeOrder(page).click();
  await expect(sorry).toBeVisible();
  await expect(gatewayWindow(page)).toBeHidden();

  // Shipped to Mumbai, billed to Delhi: the order can be placed. A new address the shop
  // delivers to, added at checkout, is where the order ships (the billing one stays).
  await page.getByRole('button', { name: 'Add a new address' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a new address' });
  await dialog.getByLabel('Address', { exact: true }).fill('14 Hill Road');
  await dialog.getByLabel('City').fill('Mumbai');
  await dialog.getByLabel('Pincode').fill('400050');
  await expect(dialog.getByTestId('pincode-not-served')).toBeHidden();
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Address saved: the order ships here')).toBeVisible();
  await expect(page.getByTestId('shipping-address')).toContainText('14 Hill Road');
  // The shipping address chosen in the selection modal: Delhi again is refused, Mumbai is not.
  for (const [choice, refused] of [
    [/1 Janpath/, true],
    [/14 Hill Road/, false],
  ] as const) {
    await page.getByRole('button', { name: 'Change shipping address' }).click();
    dialog = page.getByRole('dialog', { name: 'Select shipping address' });
    await dialog.getByRole('radio', { name: choice }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(sorry).toBeVisible({ visible: refused });
  }
  await expect(page.getByTestId('shipping-address')).toContainText('400050');
  await expect(page.getByTestId('billing-address')).toContainText('110001');
  await expect(sorry).toBeHidden();
  await expect(summaryRow(page, 'Delivery charge')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'checkout-billing-elsewhere');
});

test('a pincode beyond every active delivery band: "Sorry, we do not deliver to this pincode."', async ({
  page,
  request,
}, info) => {
  // scripts/prepare-store.ts lists Virar (~47 road km away) and switches off the 40+ km band.
  const account = await registerAccount(request);
  await addAddress(request, account, {
    ...BANDRA,
    new_address: '3 Station Road',
    area: 'Virar West',
    city: 'Virar',
    pincode: '401303',
  });
  const tee = await productTitled(request, STORE, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await expect(page.getByTestId('shipping-address')).toContainText('401303');
  const sorry = page
    .getByRole('alert')
    .filter({ hasText: 'Sorry, we do not deliver to this pincode.' });
  await expect(sorry).toBeVisible();
  await expect(summaryRow(page, 'Delivery charge')).toHaveText('Not available');
  if (page.viewportSize()!.width < 768) {
    // On a phone the reason also stands beside the sticky bar's Place order.
    const bar = page.getByRole('region', { name: 'Total and next step' });
    await expect(bar).toContainText('Sorry, we do not deliver to this pincode.');
    await bar.screenshot({
      path: `screenshots/checkout-bar-not-deliverable-${info.project.name}.png`,
    });
  }
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'checkout-not-deliverable');
  await placeOrder(page).click();
  await expect(sorry).toBeVisible();
  await expect(gatewayWindow(page)).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);

  // The server refuses it too, naming the field, whatever the screen does.
  const addresses = await request.get(`/api/address/${account.user.user_id}`, {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  expect(addresses.ok(), await addresses.text()).toBe(true);
  const { data } = (await addresses.json()) as { data: { id: string }[] };
  const addressId = data[0]!.id;
  const res = await request.post('/api/payment', {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: {
      main_id: STORE,
      user_id: account.user.user_id,
      cart_products: [{ product_id: tee.product_id, product_sku: tee.sku, quantity: 1 }],
      billing_address: addressId,
      shipping_address: addressId,
      mobile: '9876543210',
      coupon_code: '',
      customer_note: '',
      payment_mode: 'Pay now',
    },
  });
  expect(res.status()).toBe(400);
  expect(await res.json()).toMatchObject({
    msg: 'Sorry, we do not deliver to this pincode.',
    field: 'shipping_address',
  });
});

test('a course bought through the cart is an admission order: the admission form first', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const course = await productTitled(request, STORE, COURSE);
  await openSignedIn(page, account, pathOf(course));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await page.goto('/cart');
  // The server cart is read first: Proceed to Checkout before it arrives finds no lines.
  await expect(page.getByRole('list', { name: 'Cart items' })).toContainText(COURSE);
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  // Courses only: paid with an admission (admission.spec.ts pays it, with no delivery charge).
  await expect(page).toHaveURL(/\/admission-form$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admission Form' })).toBeVisible();
});

import { expect as baseExpect, test } from '@playwright/test';
import { base64ProductPath, productPath } from '@shop/domain';
import { openSignedIn, registerAccount } from './accounts-support.ts';
import { pathOf, productTitled } from './cart-support.ts';
import { handOff, summaryRow } from './checkout-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Issue 59 item 7: readable product addresses, unknown ones a 404, offline said so, no
// distance at checkout.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const STORE = 'urbanroll';
const TEE = 'Essential Crew Neck Tee – Black';

test('a product opens at its readable address, which its canonical names', async ({
  page,
  request,
}, info) => {
  const tee = await productTitled(request, STORE, TEE);
  const own = pathOf(tee);
  expect(own).toMatch(/^\/p\/essential-crew-neck-tee-black\/[0-9a-z]{25}$/);
  const res = await page.goto(own);
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: TEE })).toBeVisible();
  await expect(page).toHaveURL(own);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe(own);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'phone-address-product');
});

test('the old base64 address moves to the readable one (301), as does a stale name', async ({
  page,
  request,
}) => {
  const tee = await productTitled(request, STORE, TEE);
  const own = pathOf(tee);
  const old = base64ProductPath(tee.title, tee.product_id);
  const moved = await request.get(`${old}?ref=wa`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`${own}?ref=wa`);
  await page.goto(old);
  await expect(page).toHaveURL(own);
  await expect(page.getByRole('heading', { level: 1, name: TEE })).toBeVisible();
  // A link with the product's old name still finds it, under its current name.
  await page.goto(productPath('Last season tee', tee.product_id));
  await expect(page).toHaveURL(own);
  await expect(page.getByRole('heading', { level: 1, name: TEE })).toBeVisible();
});

test('an unknown address answers 404 with the not-found page', async ({ page }, info) => {
  const res = await page.goto('/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { name: 'Sorry, we could not find that page.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse products' })).toBeVisible();
  const missing = await page.goto(productPath('Gone', '00000000-0000-4000-8000-000000000000'));
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: /could not find that product/ })).toBeVisible();
  await page.goto('/no-such-page');
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'phone-address-not-found');
});

test('offline, a page that cannot load says "You are offline", and loads when back', async ({
  page,
  context,
}, info) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  // The contact page's script has not been fetched yet: it cannot load now.
  await page.locator('a[href="/contact"]').locator('visible=true').first().click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(page.getByText(/something went wrong/i)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'phone-offline');
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /Contact/ })).toBeVisible();
});

test('checkout before an address: no distance, the charge comes with the address', async ({
  page,
  request,
}, info) => {
  const [tee, account] = await Promise.all([
    productTitled(request, STORE, TEE),
    registerAccount(request),
  ]);
  await openSignedIn(page, account, '/about');
  await handOff(page, [{ product: tee, quantity: 2 }]);
  await page.goto('/checkout');
  await expect(summaryRow(page, 'Delivery charge')).toHaveText(
    'Calculated after you choose an address',
  );
  const summary = page.getByTestId('order-summary');
  await expect(summary).not.toContainText('Not available');
  await expect(page.locator('main')).not.toContainText(/\d\s*km\b/);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'phone-checkout-no-address');
});

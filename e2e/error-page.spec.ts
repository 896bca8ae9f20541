import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// A guest cart written by something else (an older build, a hand edit) can hold a line with only
// its id, sku and quantity: the cart page fails to render it. No blank page: the error element
// shows inside the layout, is logged, and Retry and Go home work.
const PARTIAL_LINE = JSON.stringify([{ product_id: 'x', product_sku: 'OLD-1', quantity: 1 }]);

test('a page that fails to render shows the error element, logged, with Retry and Go home', async ({
  page,
}, info) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/privacy-policy');
  await page.evaluate((cart) => localStorage.setItem('guest_cart', cart), PARTIAL_LINE);
  await page.goto('/cart');

  await expect(page.getByRole('heading', { name: 'Sorry, something went wrong.' })).toBeVisible();
  // Inside the layout: the header and its navigation are still there.
  await expect(page.getByRole('navigation', { name: 'Account and cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
  expect(errors.some((e) => e.includes('Page /cart failed to render'))).toBe(true);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'route-error');
  await expectNoSeriousA11yViolations(page);

  // Once what broke the page is gone, Retry shows it.
  await page.evaluate(() => localStorage.removeItem('guest_cart'));
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart', exact: true })).toBeVisible();

  await page.evaluate((cart) => localStorage.setItem('guest_cart', cart), PARTIAL_LINE);
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Sorry, something went wrong.' })).toHaveCount(0);
});

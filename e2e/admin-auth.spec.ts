import { expect as baseExpect, test, type Page } from '@playwright/test';
import { E2E_OWNER, registerAccount } from './accounts-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Sign-in hashes passwords (argon2id): slow on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** The admin nav: on a phone behind the menu button, at 1280 a sidebar. */
async function openNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeVisible();
  return nav;
}

test('the owner signs in at /admin, sees the whole nav and signs out', async ({ page }, info) => {
  const res = await page.goto('/admin');
  expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-sign-in');
  await expectNoSeriousA11yViolations(page);

  await signIn(page, E2E_OWNER.email, 'not-the-password-1');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');

  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const nav = await openNav(page);
  for (const item of ['Dashboard', 'Orders', 'Inbox', 'Staff', 'Audit log']) {
    await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-dashboard-nav');
  await expectNoSeriousA11yViolations(page);

  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  // The session is the admin's own: the storefront stays signed out.
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await shot(page, info, 'admin-orders');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin.refreshToken'))).toBeNull();
});

test('a customer is refused at /admin with a clear message', async ({ page, request }, info) => {
  const customer = await registerAccount(request);
  await page.goto('/admin');
  await signIn(page, customer.email, customer.password);
  await expect(page.getByRole('alert')).toContainText('customer account');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await shot(page, info, 'admin-customer-refused');
});

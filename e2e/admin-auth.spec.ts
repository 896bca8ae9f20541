import { expect as baseExpect, test, type Page } from '@playwright/test';
import { E2E_OWNER, latestCode, registerAccount, uniqueEmail } from './accounts-support.ts';
import { openAdminNav } from './admin-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Sign-in hashes passwords (argon2id): slow on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
  const nav = await openAdminNav(page);
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

test('the owner invites staff, who accepts, signs in without the owner pages; the audit log shows it', async ({
  page,
}, info) => {
  await page.goto('/admin');
  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  await (await openAdminNav(page)).getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const email = uniqueEmail('ravi');
  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('staff');
  await page.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${email}.`)).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Open invites' })
      .getByRole('listitem')
      .filter({ hasText: email }),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-staff');
  await expectNoSeriousA11yViolations(page);
  const code = await latestCode(email, since);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'I have an invite' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Invite code').fill(code);
  await page.getByLabel('Your name').fill('Ravi Shah');
  await page.getByLabel('New password').fill('ravi-staff-pass-9');
  await shot(page, info, 'admin-accept-invite');
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const nav = await openAdminNav(page);
  await expect(nav.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log', exact: true })).toHaveCount(0);
  await shot(page, info, 'admin-staff-nav');
  // The owner's page by its address: refused without asking the API.
  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Owner only' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, E2E_OWNER.email, E2E_OWNER.password);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goto('/admin/audit');
  const entries = page.getByRole('list', { name: 'Entries' });
  await expect(
    entries.getByRole('listitem').filter({ hasText: 'Staff invited' }).first(),
  ).toBeVisible();
  await expect(
    entries.getByRole('listitem').filter({ hasText: 'Staff invite accepted' }).first(),
  ).toBeVisible();
  await page.getByLabel('Entity (user, staff_invite, order…)').fill('staff_invite');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(
    entries.getByRole('listitem').filter({ hasText: 'Staff invite accepted' }),
  ).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-audit');
  await expectNoSeriousA11yViolations(page);
  // An entry leads to what it changed: the invite, to the staff page. (The dashboard's recent
  // activity has the same links, but its last ten entries are other specs' too.)
  await entries.getByRole('link', { name: 'Staff invited' }).first().click();
  await expect(page).toHaveURL(/\/admin\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
});

import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { E2E_OWNER, latestCode, STORE_ID, uniqueEmail } from './accounts-support.ts';

/** Signs in at /admin with an email and password and waits for the dashboard. */
export async function signInToAdmin(page: Page, email: string, password: string) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible({ timeout: 60_000 });
}

/** Signs in at /admin as the store's first owner (ADMIN_EMAIL at start-up). */
export const signInAsOwner = (page: Page) =>
  signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);

/** The owner signed in at /admin on a phone of their own (a 360 px touch context beside the shopper's). */
export async function ownerOnPhone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
  });
  const owner = await context.newPage();
  await signInAsOwner(owner);
  return { owner, context };
}

/** The admin nav: on a phone behind the menu button, at 1280 a sidebar. */
export async function openAdminNav(page: Page) {
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') {
    await menu.click();
  }
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav).toBeVisible();
  return nav;
}

/**
 * A new staff member of the main store, made as the shop does it: the owner invites the email
 * (`POST /api/admin/staff/invite`) and the invitee accepts with the emailed code.
 */
export async function createStaffMember(request: APIRequestContext, role: 'staff' | 'owner') {
  const login = await request.post('/api/admin/login', {
    data: { ...E2E_OWNER, main_id: STORE_ID },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const email = uniqueEmail(role);
  const password = `${role}-e2e-password-7`;
  const since = Date.now() - 1000;
  const invite = await request.post('/api/admin/staff/invite', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { email, role },
  });
  expect(invite.ok(), await invite.text()).toBe(true);
  const accept = await request.post('/api/admin/staff/accept', {
    data: {
      main_id: STORE_ID,
      email,
      code: await latestCode(email, since),
      full_name: `E2E ${role}`,
      password,
    },
  });
  expect(accept.ok(), await accept.text()).toBe(true);
  return { email, password };
}

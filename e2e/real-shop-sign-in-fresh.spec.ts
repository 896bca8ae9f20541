import { expect, test } from '@playwright/test';
import { FRESH_OWNER, FRESH_STORE_ID } from './accounts-support.ts';

// Runs against the shop started as a real one (SEED_DEMO=false, playwright.config.ts).

test('a real shop has no Google sign-in and no local issuer, and only the admin sign-in opens the admin', async ({
  page,
  request,
}) => {
  const options = page.waitForResponse((r) => r.url().endsWith('/api/auth/options'));
  await page.goto('/login');
  expect(((await (await options).json()) as { google: { mode: string } }).google.mode).toBe('off');
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await expect(page.getByText('or', { exact: true })).toHaveCount(0);

  // Nobody can mint a Google credential for the owner's (reserved test) address here.
  const minted = await request.post('/api/auth/google-local/token', {
    data: { email: FRESH_OWNER.email, name: 'Mallory' },
  });
  expect(minted.status()).toBe(404);

  // The owner's storefront sign-in shops as a customer; the admin sign-in opens the admin.
  const shop = await request.post('/api/loginuser', {
    data: { ...FRESH_OWNER, main_id: FRESH_STORE_ID },
  });
  expect(shop.ok(), await shop.text()).toBe(true);
  const shopToken = ((await shop.json()) as { accessToken: string }).accessToken;
  const admin = await request.post('/api/admin/login', {
    data: { ...FRESH_OWNER, main_id: FRESH_STORE_ID },
  });
  expect(admin.ok(), await admin.text()).toBe(true);
  const adminToken = ((await admin.json()) as { accessToken: string }).accessToken;
  for (const url of ['/api/admin/dashboard', '/api/admin/staff', '/api/admin/settings/profile']) {
    const asShopper = await request.get(url, { headers: { authorization: `Bearer ${shopToken}` } });
    expect(asShopper.status(), url).toBe(403);
    const asOwner = await request.get(url, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(asOwner.status(), url).toBe(200);
  }
});

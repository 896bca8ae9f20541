import { expect, test } from '@playwright/test';
import { openSignedIn, registerAccount } from './accounts-support.ts';

test.describe.configure({ timeout: 120_000 });

test('a shop without web push registers no device token, even with notifications allowed', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['notifications']);
  const account = await registerAccount(request);
  const registered: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/firebase/register-token')) registered.push(r.postData() ?? '');
  });
  const options = page.waitForResponse((r) => r.url().endsWith('/api/push/options'));
  await openSignedIn(page, account, '/my-account');
  expect(await (await options).json()).toEqual({ fcm: null });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app has started and asked; nothing was registered (no null or made-up token).
  await page.waitForLoadState('networkidle');
  expect(registered).toEqual([]);
});

import { expect as baseExpect, test } from '@playwright/test';
import { E2E_OWNER, openSignedIn, registerAccount, STORE_ID } from './accounts-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress, handOff } from './checkout-support.ts';
import { expectNoSeriousA11yViolations, shotsAtBothSizes } from './support.ts';

// Signing up hashes a password (argon2id): slow machines.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const TEE = 'Essential Crew Neck Tee – Black';
const UTR = `6${Date.now().toString().slice(-11)}`;

/**
 * Issue 59 item 4: after "I have paid" on a phone, the confirmation (what happens next, and
 * when) is on the screen, not 361 px above it. Runs in the upi-mobile project: Pay by UPI on
 * makes it every shopper's default pay mode.
 */
test('after "I have paid" the UPI confirmation is in view with what happens next', async ({
  page,
  request,
}) => {
  // The owner offers Pay by UPI (as manual-upi.spec.ts's owner does on the phone).
  const login = await request.post('/api/admin/login', {
    data: { ...E2E_OWNER, main_id: STORE_ID },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const saved = await request.put('/api/admin/settings/upi', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { upi_id: 'urbanroll@okhdfc', payee_name: 'Urban Roll Skates', enabled: true },
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE_ID, TEE);
  await openSignedIn(page, account, '/privacy-policy');
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Pay by UPI' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/pay-upi\/[\w-]+$/);

  const utr = page.getByLabel('UTR / UPI reference (12 digits)');
  await utr.fill(UTR);
  await page.getByRole('button', { name: 'I have paid' }).click();
  const confirmation = page.getByTestId('upi-state');
  await expect(confirmation).toHaveText('Awaiting payment confirmation');
  const box = page.getByRole('status').filter({ has: confirmation });
  await expect(box).toBeInViewport({ ratio: 1 });
  await expect(box).toBeFocused();
  await expect(box).toContainText('What happens next');
  await expect(box).toContainText(UTR);
  // Below the sticky header, not under it.
  const header = await page.locator('header').first().boundingBox();
  const top = (await box.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0) - 1);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({
    path: `${process.env.E2E_SHOTS_DIR ?? 'screenshots'}/upi-results-after-paid-screen-360.png`,
  });
  await shotsAtBothSizes(page, 'upi-results-after-paid');
});

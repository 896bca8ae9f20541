import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, registerAccount, STORE_ID } from './accounts-support.ts';
import { productTitled } from './cart-support.ts';
import { addAddress } from './checkout-support.ts';
import { signInAsOwner } from './admin-support.ts';
import { placePaidOrder } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';
import { expectTouchFriendly } from './touch-support.ts';

/**
 * Erase my data (DPDP Act 2023 s.12(3); issue 61 item 3), at 360 px (touch) and 1280 px (the
 * projects): the privacy page says what erasure removes and what the law keeps, asks before
 * anything happens, and then either erases at once (no open order: the shopper is signed out and
 * shown what was erased and kept) or waits for an open order (named, with the date it is due
 * by). A second request is refused with a clear message.
 */
test.describe.configure({ timeout: 150_000 });

const TEE = 'Essential Crew Neck Tee – Black';

async function checkScreen(page: Page, label: string, mobile: boolean) {
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  if (mobile) await expectTouchFriendly(page, label);
}

test('a shopper with no open order erases their data: asked first, then signed out and shown what was erased and kept', async ({
  page,
  request,
}, info) => {
  const mobile = info.project.name === 'mobile';
  const account = await registerAccount(request);
  await addAddress(request, account);

  await openSignedIn(page, account, '/my-account/privacy');
  const section = page.getByTestId('erase-my-data');
  const ask = section.getByRole('button', { name: 'Erase my data' });
  await expect(ask).toBeVisible({ timeout: 15_000 });
  await expect(section).toContainText('GST invoices and the order records behind them for 8');
  await expect(section).toContainText('It cannot be undone, and you will be signed out.');
  await section.scrollIntoViewIfNeeded();
  await checkScreen(page, 'privacy: erase my data', mobile);
  await shot(page, info, 'privacy-erasure-section', { fullPage: false });

  // One tap erases nothing: a question first, and "Keep my data" leaves everything as it was.
  await ask.click();
  const dialog = page.getByRole('dialog', { name: 'Erase your data?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This cannot be undone.');
  await checkScreen(page, 'privacy: the erasure question', mobile);
  await shot(page, info, 'privacy-erasure-confirm', { fullPage: false });
  await dialog.getByRole('button', { name: 'Keep my data' }).click();
  await expect(dialog).toBeHidden();
  const none = await request.get('/api/privacy/erasure', {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  expect(((await none.json()) as { data: unknown }).data).toBeNull();

  await ask.click();
  await dialog.getByRole('button', { name: 'Yes, erase my data' }).click();
  await expect(page).toHaveURL(/\/data-erased$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Your data was erased' })).toBeVisible();
  const outcome = page.getByTestId('erasure-outcome');
  await expect(outcome).toContainText('Addresses: 1 deleted');
  await expect(outcome).toContainText('Your account (profile)');
  await expect(
    outcome.getByRole('heading', { name: 'Kept because the law requires it' }),
  ).toBeVisible();
  // Signed out here; the account can no longer sign in.
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  const signIn = await request.post('/api/loginuser', {
    data: { email: account.email, password: account.password, main_id: STORE_ID },
  });
  expect(signIn.ok()).toBe(false);
  await checkScreen(page, 'the erased page', mobile);
  await shot(page, info, 'privacy-erasure-done');

  await page.goto('/my-account/privacy');
  await expect(page).toHaveURL(/\/login$/);
});

test('a shopper with an open order: the erasure waits for it, named with the due date; a second request is refused', async ({
  page,
  request,
}, info) => {
  const mobile = info.project.name === 'mobile';
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE_ID, TEE);
  await placePaidOrder(page, account, [{ product: tee }]);

  await openSignedIn(page, account, '/my-account/privacy');
  const section = page.getByTestId('erase-my-data');
  await section.getByRole('button', { name: 'Erase my data' }).click({ timeout: 15_000 });
  await page
    .getByRole('dialog', { name: 'Erase your data?' })
    .getByRole('button', { name: 'Yes, erase my data' })
    .click();
  const waiting = section.getByTestId('erasure-waiting');
  await expect(waiting).toBeVisible({ timeout: 20_000 });
  await expect(waiting).toContainText(/once order [A-Z]+-\d+ is delivered or cancelled/);
  await expect(waiting).toContainText(/by \d{1,2} [A-Z][a-z]{2} \d{4} at the latest/);
  await expect(section.getByRole('button', { name: 'Erase my data' })).toHaveCount(0);
  // Still signed in: nothing was erased yet.
  expect(await page.evaluate(() => localStorage.getItem('user'))).not.toBeNull();

  // Loaded afresh, the page shows the request instead of the button.
  await page.reload();
  await expect(section.getByTestId('erasure-waiting')).toBeVisible({ timeout: 15_000 });
  await section.scrollIntoViewIfNeeded();
  await checkScreen(page, 'privacy: erasure waiting', mobile);
  await shot(page, info, 'privacy-erasure-waiting', { fullPage: false });

  // A second request is refused with a message, and changes nothing.
  const again = await request.post('/api/privacy/erasure', {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: { confirm: true },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { msg: string }).msg).toMatch(/You asked for erasure on/);
  await page.reload();
  await expect(section.getByTestId('erasure-waiting')).toBeVisible({ timeout: 15_000 });

  // The owner sees the request in the admin inbox, with the order it waits for and its due date.
  await signInAsOwner(page);
  await page.goto(`/admin/inbox?kind=erasure&search=${encodeURIComponent(account.email)}`);
  const summary = page.getByText(/^Waiting for [A-Z]+-\d+$/).locator('visible=true');
  await expect(summary).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByText(/^Due by \d{2}\/\d{2}\/\d{4}$/).locator('visible=true')).toHaveCount(
    1,
  );
  await checkScreen(page, 'admin inbox: an erasure request', mobile);
  await shot(page, info, 'privacy-erasure-admin-inbox', { fullPage: false });
  await page.getByRole('link', { name: 'Asha Rao', exact: true }).locator('visible=true').click();
  const sender = page.getByRole('region', { name: 'Sender' });
  await expect(sender.getByText('Erasure request', { exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(sender).toContainText('Due by');
  await expect(sender).toContainText(/Waiting for [A-Z]+-\d+ to be delivered or cancelled/);
  await checkScreen(page, 'admin inbox: an erasure request page', mobile);
  await shot(page, info, 'privacy-erasure-admin-item');
});

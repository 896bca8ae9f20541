import { expect, test, type Page } from '@playwright/test';
import { latestCode, STORE_ID, uniqueEmail, type Account } from './accounts-support.ts';
import { pathOf, productTitled } from './cart-support.ts';
import { addAddress, handOff } from './checkout-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';
import { expectTouchFriendly } from './touch-support.ts';

/**
 * Consent kept and withdrawable (DPDP Act 2023; issue 61 item 2), at 360 px (touch) and 1280 px
 * (the projects): the offers box at sign-up is unticked until ticked; at checkout the WhatsApp
 * updates box likewise; My account → Privacy lists both with when, which form and which notice
 * version; Withdraw is one tap and says what stops; the server then no longer allows it.
 */
test.describe.configure({ timeout: 120_000 });

const TEE = 'Essential Crew Neck Tee – Black';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Signs up through /register, ticking the offers box after checking it starts unticked. */
async function signUpTickingOffers(page: Page, email: string) {
  await page.goto('/register');
  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  const code = await latestCode(email, since);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Full name')).toBeVisible();
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('Password').fill('skate-123');
  const offers = page.getByRole('checkbox', { name: /Offers by email/ });
  await expect(offers).not.toBeChecked();
  await offers.check();
  return offers;
}

test('sign-up and checkout boxes start unticked; the privacy page lists both and withdraws one', async ({
  page,
  request,
}, info) => {
  const email = uniqueEmail('consent');
  const offers = await signUpTickingOffers(page, email);
  await shot(page, info, 'privacy-consents-sign-up');
  await expectNoSeriousA11yViolations(page);
  await expect(offers).toBeChecked();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'Registration successful!')).toBeVisible();

  const account = await page.evaluate(
    () =>
      ({
        user: JSON.parse(localStorage.getItem('user')!) as Account['user'],
        accessToken: localStorage.getItem('accessToken')!,
        name: 'Asha Rao',
      }) as Account,
  );
  const headers = { authorization: `Bearer ${account.accessToken}` };
  await addAddress(request, account);

  // Checkout: the WhatsApp updates box is unticked; ticking it gives the consent at once.
  const tee = await productTitled(request, STORE_ID, TEE);
  await page.goto(pathOf(tee));
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toBeVisible({ timeout: 15_000 });
  const whatsapp = page.getByRole('checkbox', { name: /Order updates on WhatsApp/ });
  await expect(whatsapp).not.toBeChecked();
  await whatsapp.check();
  await expect(page.getByText('Saved.')).toBeVisible();
  await whatsapp.scrollIntoViewIfNeeded();
  await shot(page, info, 'privacy-consents-checkout', { fullPage: false });

  // My account → Privacy.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Privacy: your data and consents' }).click();
  await expect(page).toHaveURL(/\/my-account\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  const item = (label: string) => page.getByRole('listitem', { name: label });
  const { version } = (await (
    await request.get(`/api/privacy/notice?store_id=${STORE_ID}`)
  ).json()) as { version: string };
  await expect(item('Offers by email')).toContainText(
    `on sign-up, under privacy notice version ${version}`,
  );
  await expect(item('Order updates on WhatsApp')).toContainText(
    `on checkout, under privacy notice version ${version}`,
  );
  await expect(item('Updates on this phone (push)')).toContainText('Never given.');
  await expect(item("Photos of your child's course")).toContainText('Never given.');
  await expectNoHorizontalOverflow(page);
  if (info.project.name === 'mobile') await expectTouchFriendly(page, 'the privacy page');
  await shot(page, info, 'privacy-consents-page');
  await expectNoSeriousA11yViolations(page);

  // Withdraw: one tap, a line says what stops, and the server no longer allows it.
  await item('Order updates on WhatsApp').getByRole('button', { name: 'Withdraw' }).click();
  await expect(item('Order updates on WhatsApp')).toContainText(
    'No WhatsApp messages are sent to you from now on.',
  );
  await expect(
    item('Order updates on WhatsApp').getByRole('button', { name: 'Give consent' }),
  ).toBeVisible();
  await expect(item('Order updates on WhatsApp')).toContainText('Withdrawn');
  // Loaded afresh from its address: the withdrawal is kept.
  await page.reload();
  await expect(item('Order updates on WhatsApp')).toContainText('Withdrawn');
  await expect(item('Offers by email')).toContainText('On.');
  await shot(page, info, 'privacy-consents-withdrawn');
  await expectNoSeriousA11yViolations(page);
  const listed = (await (await request.get('/api/privacy/consents', { headers })).json()) as {
    data: { purpose: string; granted: boolean; history: unknown[] }[];
  };
  const granted = Object.fromEntries(listed.data.map((s) => [s.purpose, s.granted]));
  expect(granted).toEqual({
    marketing_email: true,
    whatsapp_updates: false,
    push: false,
    course_photos: false,
  });

  // Given again from the same page: a new entry in the history, the old one kept.
  await item('Order updates on WhatsApp').getByRole('button', { name: 'Give consent' }).click();
  await expect(item('Order updates on WhatsApp')).toContainText('on this page');
  const again = (await (await request.get('/api/privacy/consents', { headers })).json()) as {
    data: { purpose: string; granted: boolean; history: unknown[] }[];
  };
  const whatsappNow = again.data.find((s) => s.purpose === 'whatsapp_updates')!;
  expect(whatsappNow.granted).toBe(true);
  expect(whatsappNow.history).toHaveLength(2);
});

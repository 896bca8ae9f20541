import { expect as baseExpect, test } from '@playwright/test';
import { openAdminNav, signInAsOwner } from './admin-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Issue 61 item 6: Admin → Privacy, the owner's register of personal data breaches. Runs at
// 360 × 800 (touch) and 1280.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

test('the owner records a breach, reads both drafts and marks the shoppers told', async ({
  page,
}, info) => {
  await signInAsOwner(page);
  const nav = await openAdminNav(page);
  await nav.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Record a breach' }).click();
  const form = page.getByRole('form', { name: 'Record a breach' });
  // Sent empty: each problem beside its box, nothing recorded.
  await form.getByRole('button', { name: 'Record breach' }).click();
  await expect(form.getByLabel('What happened')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Give a number (your best count)')).toBeVisible();
  await shot(page, info, 'admin-privacy-breach-form-errors');

  const description = `A staff phone with the orders app signed in was stolen (${info.project.name}).`;
  await form.getByLabel('What happened').fill(description);
  await form.getByRole('checkbox', { name: 'Names' }).check();
  await form.getByRole('checkbox', { name: 'Mobile numbers' }).check();
  await form.getByLabel('How many people (your best count)').fill('40');
  await form.getByLabel('What you have done so far').fill('Signed the phone out of the admin.');
  await form.getByRole('button', { name: 'Record breach' }).click();
  await expect(page.getByText(/^Breach recorded\./)).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: description });
  await expect(card.getByText(/^Due by .* \(72 hours after you found out\)\.$/)).toBeVisible();
  await card.getByText('Read the draft').first().click();
  await expect(card.getByText('Important: a data breach at Urban Roll')).toBeVisible();
  await expect(card.getByText(/Which of your data: Names, Mobile numbers\./)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'admin-privacy-breach-drafts');

  await card.getByRole('button', { name: 'I have told the shoppers' }).click();
  await expect(card.getByText(/^Shoppers told /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Undo: shoppers told' })).toBeVisible();
  await shot(page, info, 'admin-privacy-breach-told');
});

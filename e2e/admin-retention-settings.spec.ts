import {
  expect as baseExpect,
  test,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { openAdminNav, signInAsOwner } from './admin-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';
import { expectTouchFriendly, TAP } from './touch-support.ts';

// Issue 61 item 5: Admin → Settings → "Privacy: how long data is kept", the owner's two retention
// periods, reached from Admin → Privacy. Runs at 360 × 800 (touch) and 1280.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** The form alone, the admin's sticky header left in the flow (not drawn over it). */
const formShot = (form: Locator, info: TestInfo, name: string) =>
  form.screenshot({
    path: `screenshots/${name}-${info.project.name}.png`,
    style: '.sticky.top-0 { position: static !important; }',
  });

const boxes = (form: Locator) => ({
  enquiries: form.getByLabel('Keep enquiries for (days)'),
  accounts: form.getByLabel('Erase accounts not signed into for (days)'),
  save: form.getByRole('button', { name: 'Save privacy' }),
});

async function openForm(page: Page) {
  const form = page.getByRole('form', { name: 'Privacy: how long data is kept' });
  await expect(form).toBeVisible();
  return form;
}

test('the owner sets how long data is kept, from Admin → Privacy', async ({ page }, info) => {
  await signInAsOwner(page);
  const nav = await openAdminNav(page);
  await nav.getByRole('link', { name: 'Privacy', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  // The breach register links to the periods, which live with the other settings.
  const link = page.getByRole('link', { name: 'How long data is kept → Settings' });
  await expect(link).toBeVisible();
  if (info.project.name === 'mobile') await expectTouchFriendly(page, 'Admin → Privacy');
  await shot(page, info, 'admin-retention-privacy-link', { fullPage: false });
  await link.click();
  await expect(page).toHaveURL(/\/admin\/settings#privacy$/);
  const form = await openForm(page);
  await expect(form).toBeFocused();
  const { enquiries, accounts, save } = boxes(form);
  await expect(enquiries).toHaveValue(/^\d+$/);

  // Out of range: said beside that box, which gets the focus; nothing saved.
  await accounts.fill('90');
  await save.click();
  await expect(accounts).toHaveAttribute('aria-invalid', 'true');
  await expect(accounts).toHaveAccessibleDescription(/^Enter a number between 180 and 3650 days\./);
  await expect(form.getByText('Enter a number between 180 and 3650 days.')).toBeVisible();
  await expect(accounts).toBeFocused();
  await expect(enquiries).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/^That is about 3 months\./)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await formShot(form, info, 'admin-retention-settings-error');

  // Valid periods (longer than the defaults, so the shared e2e shop loses nothing sooner).
  const [enquiryDays, accountDays] =
    info.project.name === 'mobile' ? ['800', '1200'] : ['900', '1300'];
  await enquiries.fill(enquiryDays);
  await accounts.fill(accountDays);
  await expect(accounts).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/about 3\.3 years|about 3\.6 years/)).toBeVisible();
  await save.click();
  await expect(form.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  await page.reload();
  const again = boxes(await openForm(page));
  await expect(again.enquiries).toHaveValue(enquiryDays);
  await expect(again.accounts).toHaveValue(accountDays);

  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  if (info.project.name === 'mobile') {
    for (const target of [again.enquiries, again.accounts, again.save]) {
      const box = (await target.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(TAP);
      expect(box.width).toBeGreaterThanOrEqual(TAP);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
  }
  await formShot(await openForm(page), info, 'admin-retention-settings');
  await shot(page, info, 'admin-retention-settings-page');

  // Back to the defaults (RETENTION_RULES), as the other specs found the shop.
  await again.enquiries.fill('730');
  await again.accounts.fill('1095');
  await again.save.click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
});

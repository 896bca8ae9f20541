import { expect, test, type Locator } from '@playwright/test';
import { openSignedIn, registerAccount } from './accounts-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';
import { expectTouchFriendly } from './touch-support.ts';

/**
 * Correct your details (DPDP Act 2023 s.12(1); issue 61 item 3), at 360 px (touch) and 1280 px
 * (the projects): on My account → Privacy the shopper corrects their name and mobile, sees
 * Saved., and after a reload reads the new values; a bad mobile is refused beside its box; the
 * addresses are a link away.
 */
test.describe.configure({ timeout: 120_000 });

/** Scrolls the section's heading to just under the sticky header, for its picture. */
const showUnderHeader = (section: Locator) =>
  section.evaluate((el) => {
    const header = getComputedStyle(document.documentElement).getPropertyValue('--header-height');
    const top = el.getBoundingClientRect().top + window.scrollY;
    window.scrollTo(0, top - (Number.parseFloat(header) || 0) - 16);
  });

test('a shopper corrects their name and mobile on the privacy page, and the correction is kept', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await openSignedIn(page, account, '/my-account/privacy');
  const section = page.getByRole('region', { name: 'Correct your details' });
  const name = section.getByLabel('Full name');
  const mobile = section.getByLabel('Mobile');
  await expect(name).toHaveValue('Asha Rao', { timeout: 15_000 });
  await expect(mobile).toHaveValue('9876543210');
  await expect(section.getByRole('link', { name: 'Change your addresses' })).toHaveAttribute(
    'href',
    '/my-account?tab=address',
  );

  // A mobile that is not one is refused beside its box; nothing is saved.
  await mobile.fill('12345');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(mobile).toHaveAccessibleDescription('Please enter a valid 10-digit mobile number.');
  await expect(mobile).toBeFocused();
  await showUnderHeader(section);
  await shot(page, info, 'privacy-correct-details-refused', { fullPage: false });
  await expectNoSeriousA11yViolations(page);

  await name.fill('Asha K. Rao');
  await mobile.fill('+91 98200 54321');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('status')).toHaveText('Saved.');
  await expect(mobile).toHaveValue('9820054321');
  await expectNoHorizontalOverflow(page);
  if (info.project.name === 'mobile') await expectTouchFriendly(page, 'the privacy page');
  await showUnderHeader(section);
  await shot(page, info, 'privacy-correct-details-saved', { fullPage: false });
  await expectNoSeriousA11yViolations(page);

  // Loaded afresh: the correction is what the server keeps.
  await page.reload();
  await expect(name).toHaveValue('Asha K. Rao', { timeout: 15_000 });
  await expect(mobile).toHaveValue('9820054321');
  await expect(section.getByRole('status')).toHaveText('');
  const single = await request.get(`/api/registeruser/single/${account.user.user_id}`, {
    headers: { authorization: `Bearer ${account.accessToken}` },
  });
  expect(await single.json()).toMatchObject({
    data: { full_name: 'Asha K. Rao', mobile: '9820054321' },
  });
  await shot(page, info, 'privacy-correct-details-page');

  await section.getByRole('link', { name: 'Change your addresses' }).click();
  await expect(page).toHaveURL(/\/my-account\?tab=address$/);
});

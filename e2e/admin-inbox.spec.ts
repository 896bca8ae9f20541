import { expect as baseExpect, test, type Page } from '@playwright/test';
import { E2E_OWNER, registerAccount, STORE_ID, uniqueEmail } from './accounts-support.ts';
import { createStaffMember, openAdminNav, signInToAdmin } from './admin-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Sign-in hashes passwords (argon2id): slow on a busy two-core machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A valid Aadhaar number (Verhoeff check digit right). */
const AADHAAR = '234123412346';

/** The item's link in the list: a card on a phone, a table row at 1280. */
const itemLink = (page: Page, name: string) =>
  page.getByRole('link', { name, exact: true }).locator('visible=true');

test('a contact message reaches the inbox and the dashboard; the owner marks it contacted with a note', async ({
  page,
}, info) => {
  const name = `Meera ${Date.now().toString(36)}`;
  const email = uniqueEmail('meera');
  await page.goto('/contact');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('98200 54321');
  await page.getByLabel('Message').fill('Do you have size 5 quad skates?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Thank you for contacting!')).toBeVisible();

  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  const newItems = page.getByRole('link', { name: /New in inbox/ });
  await expect(newItems).toBeVisible();
  const before = Number((await newItems.locator('span').nth(1).textContent()) ?? '0');
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('link', { name: /To pack/ })).toHaveAttribute(
    'href',
    '/admin/orders?status=Processing',
  );
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-dashboard');
  await expectNoSeriousA11yViolations(page);

  const nav = await openAdminNav(page);
  await nav.getByRole('link', { name: 'Inbox', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Inbox' })).toBeVisible();
  await page.getByLabel('Search name, email or mobile').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('link', { name: `WhatsApp ${name}` }).locator('visible=true'),
  ).toHaveAttribute('href', /^https:\/\/wa\.me\/919820054321\?text=Hello%20Meera/);
  await expect(
    page.getByRole('link', { name: `Call ${name}` }).locator('visible=true'),
  ).toHaveAttribute('href', 'tel:+919820054321');
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-inbox');
  await expectNoSeriousA11yViolations(page);

  await itemLink(page, name).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('Do you have size 5 quad skates?')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('contacted');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted');
  await page.getByLabel('Add a note').fill('Called back: size 5 in stock, visiting Saturday.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Called back: size 5 in stock, visiting Saturday.')).toBeVisible();
  await expect(page.getByLabel('Add a note')).toHaveValue('');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Changed')).toBeVisible();
  await expect(history.getByText('Added a note')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-inbox-item');
  await expectNoSeriousA11yViolations(page);

  // The list filtered by Contacted shows it.
  await page.getByRole('link', { name: 'Back to inbox' }).click();
  await page.getByLabel('Status').selectOption('contacted');
  await page.getByLabel('Search name, email or mobile').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(itemLink(page, name)).toBeVisible();
  await expect(page.getByText('1 item', { exact: true })).toBeVisible();
});

test('the owner reveals an admission’s Aadhaar after confirming; it is masked until then', async ({
  page,
  request,
}, info) => {
  const parent = await registerAccount(request, uniqueEmail('parent'));
  const student = `Riya ${Date.now().toString(36)}`;
  const res = await request.post('/api/admission', {
    headers: { authorization: `Bearer ${parent.accessToken}` },
    data: {
      name: student,
      guardianName: 'Amit Rao',
      guardianRelation: 'Father',
      guardianMobile: '9820012399',
      // An adult student: no parent's consent needed (admission-parent-consent.spec.ts).
      dob: '2001-05-02',
      gender: 'Female',
      address: '12 Link Road, Malad West',
      pincode: '400064',
      mobile: '9876543210',
      email: parent.email,
      center: 'Malad (W)',
      rulesAgreed: true,
      aadhar: AADHAAR,
      user_id: parent.user.user_id,
      main_id: STORE_ID,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await signInToAdmin(page, E2E_OWNER.email, E2E_OWNER.password);
  await page.goto(`/admin/inbox?kind=admission&search=${encodeURIComponent(parent.email)}`);
  await itemLink(page, student).click();
  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
  const admissionPage = page.url();
  await expect(page.getByText('XXXX XXXX 2346')).toBeVisible();
  await expect(page.getByText('2341 2341 2346')).toHaveCount(0);

  await page.getByRole('button', { name: 'Reveal Aadhaar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reveal the Aadhaar number?' });
  await expect(dialog).toBeVisible();
  await shot(page, info, 'admin-inbox-reveal-confirm');
  await dialog.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(page.getByText('2341 2341 2346')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'History' }).getByText('Revealed the Aadhaar number'),
  ).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admin-inbox-admission');
  await expectNoSeriousA11yViolations(page);

  // Staff answer admissions too, but only the owner may see the whole number.
  const staff = await createStaffMember(request, 'staff');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInToAdmin(page, staff.email, staff.password);
  await page.goto(admissionPage);
  await expect(page.getByRole('heading', { name: student, level: 1 })).toBeVisible();
  await expect(page.getByText('XXXX XXXX 2346')).toBeVisible();
  await expect(page.getByText('2341 2341 2346')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reveal Aadhaar' })).toHaveCount(0);
  await shot(page, info, 'admin-inbox-admission-staff');
});

import { expect as baseExpect, test, type Page } from '@playwright/test';
import { openSignedIn, registerAccount, STORE_ID } from './accounts-support.ts';
import { productTitled, toast } from './cart-support.ts';
import { outboxMessages } from './outbox.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Two accounts are signed up (argon2id) and the form is filled twice over: slow machines.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The token of the newest consent link the server's outbox holds for `email`. */
async function consentToken(email: string, dataDir = process.env.E2E_DATA_DIR) {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mine = (await outboxMessages(dataDir))
        .filter((m) => m.to === email && m.subject.startsWith('Your consent for'))
        .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
      token = /admission-consent#token=([A-Za-z0-9_-]+)/.exec(mine.at(-1)?.text ?? '')?.[1];
      return token;
    })
    .toBeTruthy();
  return token!;
}

test("a child's admission waits for the parent, who consents from their own account by the emailed link", async ({
  page,
  browser,
  request,
}, info) => {
  const [holder, parent] = await Promise.all([
    registerAccount(request),
    registerAccount(request, undefined, undefined, 'Meera Shah'),
  ]);
  await openSignedIn(page, holder, '/admission-form');
  await expect(page.getByRole('heading', { level: 1, name: 'Admission Form' })).toBeVisible();

  const student = `Kabir ${Date.now().toString(36)}`;
  await field(page, 'Student name').fill(student);
  await field(page, 'Date of birth').fill('2016-06-01');
  await field(page, "Parent or guardian's name").fill('Meera Shah');
  await field(page, 'Relation').selectOption('Mother');
  await field(page, 'Their mobile').fill('9820055555');
  // No Aadhaar: it is optional.
  await field(page, 'Gender').selectOption('Male');
  await field(page, 'Pincode').fill('400064');
  await field(page, 'Address').fill('4 Marve Road, Malad West');
  await field(page, 'Centre').selectOption('Malad (W)');
  await page.getByRole('checkbox', { name: /I agree/ }).check();

  // Under 18: the form asks how a parent consents, and will not go on without an answer.
  const consent = page.getByRole('group', { name: /A parent's consent/ });
  await expect(consent).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Please choose how a parent consents for a student under 18.'),
  ).toBeVisible();
  await consent.getByRole('radio', { name: /Ask a parent to consent/ }).check();
  await field(page, "Parent's email").fill(parent.email);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admission-consent-choice');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    toast(page, 'We emailed the parent a link to consent from their own account.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admission-form$/);
  await expect(
    page.getByRole('status').filter({ hasText: "Waiting for a parent's consent" }),
  ).toBeVisible();
  await shot(page, info, 'admission-awaiting-consent');

  // A course bought now meanwhile: checkout shows the wait, and nothing to pay.
  await page.goto('/admission-form-step-2');
  await page
    .getByRole('button', { name: /^Buy Now: / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(
    page.getByRole('status').filter({ hasText: "Waiting for a parent's consent" }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the admission form' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Place order|Pay/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admission-checkout-awaiting-consent');

  // Not payable until the parent consents.
  const auth = { authorization: `Bearer ${holder.accessToken}` };
  const mine = await request.get(`/api/admission/single/${holder.user.user_id}`, { headers: auth });
  const admission = ((await mine.json()) as { user: { id: string; status: string } }).user;
  expect(admission.status).toBe('awaiting_parent_consent');
  const course = await productTitled(request, STORE_ID, 'Beginner Inline Skating – 1 Month');
  const pay = () =>
    request.post('/api/admission-pay', {
      headers: { ...auth, 'idempotency-key': `adm-${Math.random().toString(36).slice(2)}` },
      data: payBody,
    });
  const payBody = {
    main_id: STORE_ID,
    user_id: holder.user.user_id,
    admission_id: admission.id,
    cart_products: [{ product_id: course.product_id, product_sku: course.sku, quantity: 1 }],
    mobile: '9876543210',
    coupon_code: '',
    payment_mode: 'Pay now',
  };
  const refused = await pay();
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("waiting for a parent's consent");

  // The parent opens the emailed link in their own browser, signed in to their own account.
  const token = await consentToken(parent.email);
  const context = await browser.newContext({ ...info.project.use });
  const parentPage = await context.newPage();
  await openSignedIn(parentPage, parent, `/admission-consent#token=${token}`);
  await expect(
    parentPage.getByRole('heading', { level: 1, name: "A parent's consent" }),
  ).toBeVisible();
  await expect(parentPage.getByText(student, { exact: true })).toBeVisible();
  await parentPage.getByRole('button', { name: 'I consent' }).click();
  await expect(
    parentPage.getByText('Please confirm that you are the student’s parent or guardian.'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(parentPage);
  await expectNoHorizontalOverflow(parentPage);
  await shot(parentPage, info, 'admission-parent-consent');
  await parentPage.getByRole('checkbox', { name: /parent or legal guardian/ }).check();
  await parentPage.getByRole('button', { name: 'I consent' }).click();
  await expect(
    parentPage.getByText(
      'Thank you: your consent is recorded and the admission is sent to the academy.',
    ),
  ).toBeVisible();
  await shot(parentPage, info, 'admission-parent-consented');

  // The same link again: a no-op saying so.
  await parentPage.reload();
  await expect(
    parentPage.getByText("The parent's consent is already recorded; nothing changed."),
  ).toBeVisible();
  await context.close();

  // The holder's form now says the consent is recorded, and the admission is submitted.
  await page.goto('/admission-form');
  await expect(page.getByText(/Parent's consent recorded on/)).toBeVisible();
  await expect(consent).toHaveCount(0);
  const after = await request.get(`/api/admission/single/${holder.user.user_id}`, {
    headers: auth,
  });
  expect(((await after.json()) as { user: { status: string } }).user.status).toBe('submitted');
  // And it can be paid now.
  const nowPay = await pay();
  expect(nowPay.status(), await nowPay.text()).toBe(200);
  await shot(page, info, 'admission-consent-recorded');
});

test('another account opening the link learns nothing and cannot consent', async ({
  page,
  request,
}, info) => {
  const [holder, parent, stranger] = await Promise.all([
    registerAccount(request),
    registerAccount(request),
    registerAccount(request),
  ]);
  const res = await request.post('/api/admission', {
    headers: { authorization: `Bearer ${holder.accessToken}` },
    data: {
      name: 'Secret Student',
      guardianName: 'Meera Shah',
      guardianRelation: 'Mother',
      guardianMobile: '9820055555',
      dob: '2015-01-01',
      gender: 'Female',
      address: '4 Marve Road',
      pincode: '400064',
      mobile: '9876543210',
      email: 'family@example.com',
      center: 'Andheri',
      rulesAgreed: true,
      main_id: STORE_ID,
      parentConsent: { method: 'email', parentEmail: parent.email },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const token = await consentToken(parent.email);
  await openSignedIn(page, stranger, `/admission-consent#token=${token}`);
  await expect(
    page.getByText(
      'This link was sent to another email address. Sign in with the account of that email to consent.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Secret Student')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'I consent' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shot(page, info, 'admission-consent-wrong-account');
});

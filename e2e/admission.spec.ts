import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openSignedIn, registerAccount, STORE_ID, type Account } from './accounts-support.ts';
import { pathOf, productTitled, stored, toast } from './cart-support.ts';
import { detail, gatewayWindow } from './checkout-support.ts';
import { todaySince } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Signing up hashes a password (argon2id), and the sandbox's webhooks run beside: slow machines.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const COURSE = 'Beginner Inline Skating – 1 Month';
/** A valid Aadhaar number (Verhoeff check digit right) and one with a wrong check digit. */
const AADHAAR = '234123412346';
const AADHAAR_MISTYPED = '234123412345';

const form = {
  name: 'Riya Rao',
  guardianName: 'Amit Rao',
  guardianRelation: 'Father',
  guardianMobile: '9820012399',
  // An adult student: no parent's consent needed (admission-parent-consent.spec.ts).
  dob: '2001-05-02',
  gender: 'Female',
  address: '12 Link Road, Malad West',
  pincode: '400064',
  mobile: '9876543210',
  email: 'parent@example.com',
  center: 'Malad (W)',
  rulesAgreed: true,
};

async function admit(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/admission', {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: { ...form, aadhar: AADHAAR, user_id: account.user.user_id, main_id: STORE_ID },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('a guest is sent to /login, and /admission-form is remembered', async ({ page }) => {
  await page.goto('/admission-form');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('navigatepage'))).toBe('/admission-form');
});

test('course Buy Now: the form with its errors, then success, checkout with the fee rules, pay, success page', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  const course = await productTitled(request, STORE_ID, COURSE);
  await openSignedIn(page, account, pathOf(course));
  // A course reads like a course (issue 29 item 6): no quantity, delivery estimate or pincode check.
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeVisible();
  await expect(page.getByTestId('quantity')).toHaveCount(0);
  await expect(page.getByText('Quantity', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('delivery-estimate')).toHaveCount(0);
  await expect(page.getByLabel('Check delivery to your pincode')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'course-page');
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/admission-form$/);
  await expect(page).toHaveTitle(/^Admission Form/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admission Form' })).toBeVisible();
  expect(await stored(page, 'coursebuynow')).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admission-form');

  // Everything empty: each required field says so, and the two toasts of the spec show.
  await field(page, 'Email').fill('');
  await field(page, 'Mobile number').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  // Student, date of birth, the parent's name, relation and mobile, gender, address, pincode,
  // mobile, email, centre. The Aadhaar is optional (issue 61 item 7).
  await expect(page.getByText('This field is required')).toHaveCount(11);
  await expect(page.getByText('Aadhar number is required')).toHaveCount(0);
  await expect(page.getByText('You must agree to proceed')).toBeVisible();
  await expect(toast(page, 'You must agree to the Rules & Regulations.')).toBeVisible();
  await shot(page, info, 'admission-form-errors');

  // Digits only while typing, at most 12.
  await field(page, 'Aadhar number (optional)').pressSequentially('12ab34');
  await expect(field(page, 'Aadhar number (optional)')).toHaveValue('1234');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Aadhar must be exactly 12 digits', { exact: true })).toBeVisible();
  await expect(toast(page, 'Aadhar must be exactly 12 digits (numbers only)')).toBeVisible();
  await field(page, 'Aadhar number (optional)').fill(AADHAAR_MISTYPED);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('This is not a valid Aadhar number. Please check the digits.'),
  ).toBeVisible();

  await field(page, 'Student name').fill(form.name);
  await field(page, 'Date of birth').fill(form.dob);
  await field(page, "Parent or guardian's name").fill(form.guardianName);
  await field(page, 'Relation').selectOption(form.guardianRelation);
  await field(page, 'Their mobile').fill(form.guardianMobile);
  await field(page, 'Aadhar number (optional)').fill(AADHAAR);
  await field(page, 'Gender').selectOption(form.gender);
  await field(page, 'Mobile number').fill(form.mobile);
  await field(page, 'Email').fill(form.email);
  await field(page, 'Pincode').fill(form.pincode);
  await field(page, 'Address').fill(form.address);
  await field(page, 'Centre').selectOption(form.center);
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Admission form submitted successfully!')).toBeVisible();

  // Checkout data was waiting (the course bought now): straight to checkout.
  await expect(page).toHaveURL(/\/checkout$/);
  const admission = await stored<{ id: string; aadhar: string; name: string }>(page, 'admission');
  expect(admission?.name).toBe(form.name);
  expect(admission?.aadhar).toBe('XXXX XXXX 2346');
  expect(JSON.stringify(admission)).not.toContain(AADHAAR);
  await expect(page.getByRole('heading', { name: 'Fees and academy rules' })).toBeVisible();
  await expect(
    page.getByText('Fees are paid in advance on or before the 10th of each month.'),
  ).toBeVisible();
  await expect(page.getByTestId('order-summary')).toContainText(COURSE);
  // Courses are not delivered: no delivery line at all.
  await expect(page.getByTestId('order-summary').getByText('Delivery charge')).toHaveCount(0);
  const total = await page.getByTestId('summary-total').textContent();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admission-checkout');

  await page.getByRole('button', { name: 'Place order' }).click();
  const modal = gatewayWindow(page);
  await expect(modal).toBeVisible();
  await modal.getByTestId('sandbox-method-upi').check();
  const paying = new Date();
  await modal.getByTestId('sandbox-pay').click();
  await expect(page).toHaveURL(/\/payment-successad\/rcpt_\w+$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(detail(page, 'Sender')).toHaveText(form.name);
  await expect(detail(page, 'Total')).toHaveText(total ?? '');
  await expect(detail(page, 'Payment method')).toHaveText('Online');
  await shot(page, info, 'payment-successad');
  await expectNoSeriousA11yViolations(page);
  expect(await stored(page, 'checkout_data')).toBeNull();
  await expect(page).toHaveURL(/\/my-account$/);

  // Tracked as an enrolment, not a parcel; its invoice exists once paid, so the link shows.
  await page
    .getByTestId('order-row')
    .first()
    .getByRole('link', { name: /^Track order/ })
    .click();
  await expect(page).toHaveURL(/\/track\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('tracking-line').getByRole('listitem')).toHaveText([
    /^Order Placed/,
    /^Paid/,
    /^Enrolled/,
  ]);
  await expect(page.getByTestId('track-step-3')).toHaveAttribute('data-state', 'current');
  await expect(page.getByText('Dispatch')).toHaveCount(0);
  await expect(page.getByTestId('delivery-note')).toHaveText(
    new RegExp(`^Enrolled on ${todaySince(paying)}$`),
  );
  await expect(page.getByTestId('bill-details')).not.toContainText('Delivery charge');
  await expect(page.getByRole('link', { name: 'Download Invoice' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'track-enrolment');
});

test('prefilled form and the course list of step 2: Buy Now goes to checkout', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await admit(request, account);
  await openSignedIn(page, account, '/admission-form');
  await expect(field(page, 'Student name')).toHaveValue(form.name);
  await expect(field(page, 'Centre')).toHaveValue(form.center);
  await expect(page.getByText('On file: XXXX XXXX 2346. Leave it empty to keep it.')).toBeVisible();
  await expect(field(page, 'Aadhar number (optional)')).toHaveValue('');
  await field(page, 'School (optional)').fill('St. Xavier’s');
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Admission form submitted successfully!')).toBeVisible();

  // No checkout data: on to step 2.
  await expect(page).toHaveURL(/\/admission-form-step-2$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Select from our courses' }),
  ).toBeVisible();
  const card = page.getByTestId('course-card').filter({ hasText: COURSE });
  await expect(card).toContainText('1 month');
  await expect(card).toContainText('₹');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'admission-step-2');
  await card.getByRole('button', { name: /Buy Now/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-summary')).toContainText(COURSE);
  await expect(page.getByText(`${form.name} · ${form.center}`)).toBeVisible();
});

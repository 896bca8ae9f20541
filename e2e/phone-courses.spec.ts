import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  E2E_OWNER,
  openSignedIn,
  registerAccount,
  STORE_ID,
  type Account,
} from './accounts-support.ts';
import { pathOf, productTitled, toast } from './cart-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './support.ts';

// Issue 59 item 5: courses sold as courses, at 360x800 (touch) and 1280.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const COURSE = 'Beginner Inline Skating – 1 Month';
const DETAILS = {
  batch: 'Beginners, batch B',
  schedule: 'Sat and Sun, 7:00 to 8:00 am',
  age_group: '5 to 8 years',
  place: 'Malad (W) rink',
};
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'screenshots';

async function ownerToken(request: APIRequestContext) {
  const login = await request.post('/api/admin/login', {
    data: { ...E2E_OWNER, main_id: STORE_ID },
  });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { accessToken: string }).accessToken;
}

async function admit(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/admission', {
    headers: { authorization: `Bearer ${account.accessToken}` },
    data: {
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
      aadhar: '234123412346',
      user_id: account.user.user_id,
      main_id: STORE_ID,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const look = async (page: Page, name: string, project: string) => {
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/courses-${name}-${project}.png`, fullPage: true });
};

test('a course: its details on its page, no delivery estimate in the cart, no pay on delivery at checkout, the course pre-chosen on the admission form', async ({
  page,
  request,
}, info) => {
  const course = await productTitled(request, STORE_ID, COURSE);
  // The owner writes the course's details (the product editor's Course details card).
  const saved = await request.put(`/api/admin/courses/${course.product_id}/details`, {
    headers: { authorization: `Bearer ${await ownerToken(request)}` },
    data: DETAILS,
  });
  expect(saved.ok(), await saved.text()).toBe(true);

  const account = await registerAccount(request);
  await admit(request, account);
  await openSignedIn(page, account, pathOf(course));
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const details = page.getByRole('region', { name: 'Course details' });
  await expect(details).toContainText('Batch');
  for (const v of Object.values(DETAILS)) await expect(details).toContainText(v);
  await details.scrollIntoViewIfNeeded();
  await look(page, 'page', info.project.name);

  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(toast(page, 'Added to cart')).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: COURSE })).toBeVisible();
  // A course is not delivered: no estimate, no delivery row, no pay on delivery.
  await expect(page.getByTestId('cart-totals')).toBeVisible();
  await expect(page.getByTestId('cart-delivery')).toHaveCount(0);
  await expect(page.getByText(/Estimated delivery/)).toHaveCount(0);
  await expect(page.getByTestId('cart-delivery-charge')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Pay now' }).first()).toBeAttached();
  await expect(page.getByRole('radio', { name: /on delivery|at the academy/ })).toHaveCount(0);
  await look(page, 'cart', info.project.name);

  // The admission is on the server only (another device): checkout knows it (issue 59 item 8),
  // and its form opens prefilled, with the course from the cart already chosen.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).first().click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Riya Rao · Malad (W)')).toBeVisible();
  await page.getByRole('link', { name: 'Edit the admission form' }).click();
  await expect(page).toHaveURL(/\/admission-form$/);
  const choice = page.getByRole('combobox', { name: 'Course' });
  await expect(choice).toHaveValue(course.product_id);
  await expect(choice.locator('option:checked')).toHaveText(COURSE);
  await expect(page.getByLabel('Student name', { exact: true })).toHaveValue('Riya Rao');
  await look(page, 'admission-form', info.project.name);

  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-summary')).toContainText(COURSE);
  await expect(page.getByRole('radio', { name: 'Pay now' }).first()).toBeAttached();
  await expect(page.getByRole('radio', { name: /on delivery|at the academy/ })).toHaveCount(0);
  await look(page, 'checkout', info.project.name);
});

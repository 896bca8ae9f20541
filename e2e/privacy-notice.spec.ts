import {
  expect,
  request as apiRequest,
  test,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { PRIVACY_NOTICE_TEXTS, type PrivacyNoticeForm } from '@shop/domain';
import { E2E_OWNER, openSignedIn, registerAccount, STORE_ID } from './accounts-support.ts';
import { pathOf, productTitled } from './cart-support.ts';
import { addAddress, handOff } from './checkout-support.ts';
import { payInSandbox, placeOrderAwaitingPayment } from './orders-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations } from './support.ts';
import { TAP } from './touch-support.ts';

/**
 * The privacy notice at every point of collection (DPDP Rules 2025 rule 3; issue 61 item 1):
 * on each form a closed "How we use this" line opens what that form takes and what for, the
 * links to withdraw consent, the privacy page and the Data Protection Board, the shop's
 * grievance officer and the notice's version, in English and in Hindi. At 360 px (touch) and
 * 1280 px (the projects), each opened notice is photographed.
 */
test.describe.configure({ timeout: 120_000 });

const TEE = 'Essential Crew Neck Tee – Black';
const COURSE = 'Beginner Inline Skating – 1 Month';
const JERSEY = 'Sublimated Cricket Jersey';
const OFFICER = { name: 'Asha Rao', email: 'grievance@urbanroll.example', phone: '9820033333' };
/** The Get Quote shop of this run (playwright.config.ts: the quote server). */
const quoteOrigin = `http://localhost:${
  process.env.E2E_QUOTE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1
}`;

/** The owner names the grievance officer in the store profile (Admin → Settings), by the API. */
test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/admin/login', {
    data: { ...E2E_OWNER, main_id: STORE_ID },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const profile = (await (
    await request.get('/api/admin/settings/profile', { headers })
  ).json()) as {
    data: Record<string, unknown>;
  };
  const fields = { ...profile.data };
  for (const key of ['configured', 'state', 'gst_state_code']) delete fields[key];
  const saved = await request.put('/api/admin/settings/profile', {
    headers,
    data: {
      ...fields,
      grievance_officer_name: OFFICER.name,
      grievance_officer_email: OFFICER.email,
      grievance_officer_phone: OFFICER.phone,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
});

/**
 * A picture of an open notice: the page's sticky header and bars fixed to the screen's edges
 * are hidden, so they are not drawn over the notice as it is scrolled through.
 */
const UNCOVERED = '.sticky.top-0, .fixed.inset-x-0 { visibility: hidden !important; }';
const noticeShot = (notice: Locator, name: string) =>
  notice.screenshot({ path: `screenshots/${name}.png`, style: UNCOVERED });

const noticeOf = (scope: Page | Locator, form: PrivacyNoticeForm) =>
  scope.locator(`details[data-privacy-notice="${form}"]`);

/** Controls of the notice under 44 × 44 px (links inside running text aside: it has none). */
async function smallControls(notice: Locator) {
  return notice.evaluate((root, tap) => {
    const small: string[] = [];
    for (const el of root.querySelectorAll('a[href], button, summary')) {
      const r = el.getBoundingClientRect();
      if (r.width > 1 && r.height > 1 && (r.width < tap || r.height < tap)) {
        small.push(`${el.tagName} "${el.textContent?.trim()}" ${r.width}×${r.height}`);
      }
    }
    return small;
  }, TAP);
}

/**
 * Opens the form's notice and checks it: the form's own data and purposes, the links, the
 * grievance officer and version, Hindi and back, 44 px controls, no sideways scroll, axe; takes
 * its picture (`privacy-notice-<form>-<project>.png`, the Hindi one too when asked).
 */
async function checkNotice(
  page: Page,
  info: TestInfo,
  form: PrivacyNoticeForm,
  { scope, hindiShot = false }: { scope?: Locator; hindiShot?: boolean } = {},
) {
  const notice = noticeOf(scope ?? page, form);
  await expect(notice).toHaveCount(1);
  await expect(notice).not.toHaveAttribute('open');
  const summary = notice.locator('summary');
  await expect(summary).toHaveText(/How we use this/);
  await summary.scrollIntoViewIfNeeded();
  await summary.click();
  await expect(notice).toHaveAttribute('open');

  const en = PRIVACY_NOTICE_TEXTS[form].en;
  for (const line of [...en.data, ...en.purposes]) {
    await expect(notice.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(notice.getByRole('link', { name: 'Withdraw consent' })).toHaveAttribute(
    'href',
    '/my-account/privacy#consents',
  );
  await expect(notice.getByRole('link', { name: 'Your privacy page' })).toHaveAttribute(
    'href',
    '/my-account/privacy',
  );
  const board = notice.getByRole('link', { name: 'Complain to the Data Protection Board' });
  await expect(board).toHaveAttribute('href', 'https://www.dpb.gov.in');
  await expect(board).toHaveAttribute('target', '_blank');
  await expect(notice).toContainText(`Grievance officer: ${OFFICER.name}`);
  await expect(notice.getByRole('link', { name: OFFICER.email })).toHaveAttribute(
    'href',
    `mailto:${OFFICER.email}`,
  );
  await expect(notice.getByRole('link', { name: OFFICER.phone })).toHaveAttribute(
    'href',
    `tel:+91${OFFICER.phone}`,
  );
  await expect(notice).toContainText(/Notice version \d+\.[0-9a-f]{8}/);

  expect(await smallControls(notice)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await notice.scrollIntoViewIfNeeded();
  if (scope) {
    // In a dialog that scrolls: the screen as the shopper sees it, the notice at its top.
    await notice.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `screenshots/privacy-notice-${form}-${info.project.name}.png` });
  } else {
    await noticeShot(notice, `privacy-notice-${form}-${info.project.name}`);
  }

  // हिन्दी: the same notice in Hindi, then back to English (the choice is remembered).
  await notice.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(notice.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const hi = PRIVACY_NOTICE_TEXTS[form].hi;
  for (const line of [...hi.data, ...hi.purposes]) {
    await expect(notice.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(notice.getByRole('link', { name: 'सहमति वापस लें' })).toBeVisible();
  await expect(notice.getByRole('link', { name: 'डेटा संरक्षण बोर्ड में शिकायत करें' })).toBeVisible();
  await expect(notice.locator('[lang="hi"]').first()).toBeVisible();
  if (hindiShot) {
    await expectNoSeriousA11yViolations(page);
    await noticeShot(notice, `privacy-notice-${form}-hindi-${info.project.name}`);
  }
  await notice.getByRole('button', { name: 'English' }).click();
  await expect(notice.getByText(en.purposes[0]!, { exact: true })).toBeVisible();
}

test('sign-up and Google sign-up show their notices, in English and Hindi', async ({
  page,
}, info) => {
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await checkNotice(page, info, 'sign-up', { hindiShot: true });

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await checkNotice(page, info, 'google-sign-up');
});

test('the contact and enquiry forms show theirs', async ({ page }, info) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await checkNotice(page, info, 'contact');

  await page.goto('/enquiry-form');
  await expect(page.getByRole('button', { name: 'Send enquiry' })).toBeVisible();
  await checkNotice(page, info, 'enquiry');
});

test('the address form, checkout and the push opt-in show theirs', async ({
  page,
  request,
}, info) => {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tee = await productTitled(request, STORE_ID, TEE);
  await openSignedIn(page, account, pathOf(tee));
  await handOff(page, [{ product: tee }]);
  await page.goto('/checkout');
  await expect(page.getByTestId('summary-total')).toBeVisible({ timeout: 15_000 });
  await checkNotice(page, info, 'checkout', { hindiShot: true });

  await page.getByRole('button', { name: 'Add a new address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a new address' });
  await expect(dialog.getByLabel('Pincode')).toBeVisible();
  await checkNotice(page, info, 'address', { scope: dialog });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The push opt-in ("Get updates on this phone") on the order's tracking page, in a shop that
  // sends web push (its public Firebase settings, answered here: no Firebase is reached).
  await page.route('**/api/push/options', (route) =>
    route.fulfill({
      json: {
        fcm: {
          apiKey: 'test-key',
          appId: '1:1:web:1',
          projectId: 'test',
          messagingSenderId: '1',
          vapidKey: 'test-vapid',
        },
      },
    }),
  );
  const modal = await placeOrderAwaitingPayment(page, account, [{ product: tee }]);
  const orderId = await payInSandbox(page, modal);
  await page.goto(`/track/${orderId}`);
  await expect(page.getByRole('button', { name: 'Get updates on this phone' })).toBeVisible();
  await checkNotice(page, info, 'push');
});

test('the admission form shows its notice', async ({ page, request }, info) => {
  const account = await registerAccount(request);
  const course = await productTitled(request, STORE_ID, COURSE);
  await openSignedIn(page, account, pathOf(course));
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admission Form' })).toBeVisible();
  await checkNotice(page, info, 'admission', { hindiShot: true });
});

test("the quote form (a Get Quote shop's cart) shows its notice", async ({ page }, info) => {
  const quoteApi = await apiRequest.newContext({ baseURL: quoteOrigin });
  const jersey = await productTitled(quoteApi, 'threadline', JERSEY);
  await quoteApi.dispose();
  // The Get Quote shop names its own grievance officer? Not here: its notice says to write from
  // the contact page. Only the form's own texts, links and Hindi are checked there.
  await page.goto(`${quoteOrigin}${pathOf(jersey)}`);
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();
  const notice = noticeOf(page, 'quote');
  await notice.locator('summary').click();
  for (const line of [
    ...PRIVACY_NOTICE_TEXTS.quote.en.data,
    ...PRIVACY_NOTICE_TEXTS.quote.en.purposes,
  ]) {
    await expect(notice.getByText(line, { exact: true })).toBeVisible();
  }
  await expect(notice.getByRole('link', { name: 'Your privacy page' })).toHaveAttribute(
    'href',
    '/my-account/privacy',
  );
  await expect(
    notice.getByRole('link', { name: 'Complain to the Data Protection Board' }),
  ).toHaveAttribute('href', 'https://www.dpb.gov.in');
  await expect(notice).toContainText('write to the shop from its contact page');
  await expect(notice).toContainText(/Notice version \d+\.[0-9a-f]{8}/);
  expect(await smallControls(notice)).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await expectNoSeriousA11yViolations(page);
  await notice.scrollIntoViewIfNeeded();
  await noticeShot(notice, `privacy-notice-quote-${info.project.name}`);
  await notice.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(
    notice.getByText(PRIVACY_NOTICE_TEXTS.quote.hi.data[0]!, { exact: true }),
  ).toBeVisible();
  await notice.getByRole('button', { name: 'English' }).click();
});

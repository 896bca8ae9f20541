import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chatNumber, quoteChatMessage, rupeesToPaise, whatsappChatUrl } from '@shop/domain';
import { pathOf, productTitled, toast } from './cart-support.ts';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

// Runs against the second server (projects quote-*): the demo store threadline, Get Quote.
const expect = baseExpect.configure({ timeout: 15_000 });
const STORE = 'threadline';
const JERSEY = 'Sublimated Cricket Jersey';

interface Session {
  user: { user_id: string; name: string };
  accessToken: string;
  refreshToken: string;
}

/** A threadline customer, through the local Google sign-in (no email round trip needed). */
async function signUp(request: APIRequestContext): Promise<Session> {
  const email = `quote.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const token = await request.post('/api/auth/google-local/token', {
    data: { email, name: 'Ravi Kumar' },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const { credential } = (await token.json()) as { credential: string };
  const res = await request.post('/api/registeruser/api/google-signup', {
    data: { token: credential, main_id: STORE },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: Session }).data;
}

/** Stores the session the way the app does. */
async function storeSession(page: Page, session: Session) {
  await page.goto('/privacy-policy');
  await page.evaluate((s) => {
    localStorage.setItem('user', JSON.stringify(s.user));
    localStorage.setItem('accessToken', s.accessToken);
    localStorage.setItem('refreshToken', s.refreshToken);
  }, session);
}

/** The chat opens in a real popup; WhatsApp itself is out of reach here, so it answers locally. */
async function answerChatLocally(page: Page) {
  await page
    .context()
    .route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }),
    );
}

async function getQuoteOnProductPage(page: Page, path: string) {
  await page.goto(path);
  // A signed-in shopper's line goes to the server first: its answer is checked, so a failure
  // says whether the line was refused or the cart page did not show it.
  const signedIn = await page.evaluate(() => localStorage.getItem('accessToken') !== null);
  const added = signedIn
    ? page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/cart',
      )
    : null;
  await page.getByRole('button', { name: 'Get Quote' }).click();
  if (added) {
    const res = await added;
    expect(res.ok(), await res.text()).toBe(true);
  }
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('list', { name: 'Cart items' })).toContainText(JERSEY);
}

test('a guest asking for a quote is sent to /login, with /cart remembered', async ({
  page,
  request,
}, info) => {
  const jersey = await productTitled(request, STORE, JERSEY);
  await getQuoteOnProductPage(page, pathOf(jersey));
  await expect(page.getByRole('heading', { name: 'Request a quote' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByText('Full Name is required.')).toBeVisible();
  await expect(page.getByText('Phone Number is required.')).toBeVisible();
  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Phone Number').fill('98765 4321');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'quote-form');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Phone Number').fill('+91 98765-43210');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('navigatepage'))).toBe('/cart');
  // What the guest typed is still there when they come back to the cart.
  await page.goto('/cart');
  await expect(page.getByLabel('Full Name')).toHaveValue('Ravi Kumar');
  await expect(page.getByLabel('Phone Number')).toHaveValue('+91 98765-43210');
});

test('a quote is sent, confirmed, and the chat opens with the priced summary', async ({
  page,
  request,
  baseURL,
}, info) => {
  const session = await signUp(request);
  const jersey = await productTitled(request, STORE, JERSEY);
  const help = (await (await request.get(`/api/help/single/${STORE}`)).json()) as {
    help: { whatsapp_number: string };
  };
  await answerChatLocally(page);
  await storeSession(page, session);
  await getQuoteOnProductPage(page, pathOf(jersey));
  const popup = page.waitForEvent('popup');
  await page
    .getByRole('group', { name: `Quantity of ${JERSEY}` })
    .getByLabel('Increase quantity')
    .click();
  await expect(
    page.getByRole('group', { name: `Quantity of ${JERSEY}` }).locator('output'),
  ).toHaveText('2');

  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Phone Number').fill('+91 98765-43210');
  await page.getByLabel('Email Address').fill('ravi@example.com');
  await page.getByLabel('Description').fill('Team of 20, names on the back');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(toast(page, 'Request sent. Our team will contact you shortly.')).toBeVisible();

  const price = rupeesToPaise(jersey.originalPrice);
  const sale = rupeesToPaise(jersey.discountPrice);
  const paid = sale > 0 && sale < price ? sale : price;
  const text = quoteChatMessage({
    name: 'Ravi Kumar',
    mobile: '9876543210',
    email: 'ravi@example.com',
    notes: 'Team of 20, names on the back',
    products: [
      {
        title: JERSEY,
        sku: jersey.sku,
        quantity: 2,
        pricePaise: price,
        salePricePaise: sale,
        imageUrl: new URL(jersey.image, baseURL).href,
      },
    ],
    discountPaise: 0,
    totalPayablePaise: paid * 2,
    couponCode: '',
  });
  const chat = await popup;
  await expect.poll(() => chat.url()).toBe(whatsappChatUrl(help.help.whatsapp_number, text));

  // The request is made: the cart (the server's too) and the form are empty, and the page says so.
  const sent = page.getByTestId('quote-sent');
  await expect(sent).toContainText('Quote request sent');
  await expect(sent).toContainText('Our team will contact you shortly.');
  await expect(page.getByRole('list', { name: 'Cart items' })).toHaveCount(0);
  await expect(page.getByLabel('Description')).toHaveCount(0);
  await expect(page.getByTestId('cart-badge')).toHaveText('0');
  const cart = await request.get(`/api/cart/${session.user.user_id}`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(((await cart.json()) as { data: unknown[] }).data).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'quote-sent');
  await expectNoSeriousA11yViolations(page);
});

test('the uniform shop shows "Request a quote" and a footer of the pages it has', async ({
  page,
}, info) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  const footer = page.getByRole('navigation', { name: 'Footer' });
  await expect(footer.getByRole('link', { name: 'Visit Us' })).toHaveAttribute('href', '/centers');
  await expect(footer.getByRole('link', { name: 'Contact' })).toBeVisible();
  await expect(footer.locator('a[href="/course"]')).toHaveCount(0);
  await expect(footer.getByRole('link', { name: /centres/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Browse courses' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'quote-store-footer');
});

/** A signed-in shopper with nine jerseys (TEAM500's ₹5,000 minimum) on the filled quote form. */
async function quoteFormWithNineJerseys(page: Page, request: APIRequestContext) {
  const session = await signUp(request);
  const jersey = await productTitled(request, STORE, JERSEY);
  await answerChatLocally(page);
  await storeSession(page, session);
  await getQuoteOnProductPage(page, pathOf(jersey));
  const quantity = 9;
  const set = await request.patch(`/api/cart/${encodeURIComponent(jersey.sku)}`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
    data: { quantity },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await page.reload();
  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Phone Number').fill('9876543210');
  await page.getByLabel('Email Address').fill('ravi@example.com');
  return { jersey, quantity };
}

test('an expired coupon on the quote form: the quote is still sent, priced without it, and the form says why', async ({
  page,
  request,
}) => {
  await quoteFormWithNineJerseys(page, request);
  await page.getByLabel('Coupon code (optional)').fill('SCHOOL10');
  const sent = page.waitForRequest('**/api/payment/getquote');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ coupon_code: 'SCHOOL10' });
  const answer = await (await sent).response();
  expect((await answer!.json()) as unknown).toMatchObject({
    data: { couponapplied: false, discountprice: 0 },
  });
  await expect(toast(page, 'Coupon SCHOOL10: This coupon has expired')).toBeVisible();
  await (await popup).close();
});

test("a good coupon on the quote form is priced by the server with the checkout's rule", async ({
  page,
  request,
  baseURL,
}) => {
  const help = (await (await request.get(`/api/help/single/${STORE}`)).json()) as {
    help: { whatsapp_number: string };
  };
  const { jersey, quantity } = await quoteFormWithNineJerseys(page, request);
  await page.getByLabel('Coupon code (optional)').fill('team500');
  const sent = page.waitForRequest('**/api/payment/getquote');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const answer = await (await sent).response();
  expect((await answer!.json()) as unknown).toMatchObject({
    data: { coupon_code: 'TEAM500', couponapplied: true, discountprice: 500 },
  });
  const price = rupeesToPaise(jersey.originalPrice);
  const sale = rupeesToPaise(jersey.discountPrice);
  const paid = sale > 0 && sale < price ? sale : price;
  const text = quoteChatMessage({
    name: 'Ravi Kumar',
    mobile: '9876543210',
    email: 'ravi@example.com',
    notes: '',
    products: [
      {
        title: JERSEY,
        sku: jersey.sku,
        quantity,
        pricePaise: price,
        salePricePaise: sale,
        imageUrl: new URL(jersey.image, baseURL).href,
      },
    ],
    discountPaise: 50_000,
    totalPayablePaise: paid * quantity - 50_000,
    couponCode: 'TEAM500',
  });
  const chat = await popup;
  await expect.poll(() => chat.url()).toBe(whatsappChatUrl(help.help.whatsapp_number, text));
});

test('a failed quote says nothing to the user', async ({ page, request }) => {
  const session = await signUp(request);
  const jersey = await productTitled(request, STORE, JERSEY);
  await answerChatLocally(page);
  await storeSession(page, session);
  await getQuoteOnProductPage(page, pathOf(jersey));
  await page.route('**/api/payment/getquote', (route) =>
    route.fulfill({ status: 500, json: { isError: true, msg: 'boom' } }),
  );
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Phone Number').fill('9876543210');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect.poll(() => errors.some((e) => e.includes('Quote request failed'))).toBe(true);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  // The window opened for the chat is closed again.
  const chat = await popup;
  await expect.poll(() => chat.isClosed()).toBe(true);
});

/** The Help tab of /my-account, reached in the app (the query cache stays): both numbers shown. */
async function openHelpInApp(page: Page) {
  await page
    .getByRole('navigation', { name: 'Account and cart' })
    .getByRole('link', { name: /^Hi,/ })
    .click();
  await expect(page).toHaveURL(/\/my-account$/);
  await page.getByRole('tab', { name: 'Help' }).click();
  await expect(page.getByRole('link', { name: 'Chat on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/\d{12}$/,
  );
  await expect(page.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute(
    'href',
    /^tel:\+91\d{10}$/,
  );
}

/** Fills and sends the quote form; the chat opens with the shop's WhatsApp number. */
async function sendQuoteAndOpenChat(page: Page, request: APIRequestContext) {
  const help = (await (await request.get(`/api/help/single/${STORE}`)).json()) as {
    help: { whatsapp_number: string };
  };
  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Phone Number').fill('9876543210');
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await expect(toast(page, 'Request sent. Our team will contact you shortly.')).toBeVisible();
  const chat = await popup;
  const shop = chatNumber(help.help.whatsapp_number);
  await expect.poll(() => chat.url()).toMatch(new RegExp(`^https://wa\\.me/${shop}\\?text=.`));
}

// Help (my-account) and the quote's chat link read the same store-level data: one query key
// with one shape, whichever of them reads it first (issue 9).
test('opening Help, then sending a quote, opens the chat', async ({ page, request }) => {
  const session = await signUp(request);
  const jersey = await productTitled(request, STORE, JERSEY);
  await answerChatLocally(page);
  await storeSession(page, session);
  await page.goto(pathOf(jersey));
  await expect(page.getByRole('button', { name: 'Get Quote' })).toBeVisible();
  await openHelpInApp(page);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${pathOf(jersey)}$`));
  await page.getByRole('button', { name: 'Get Quote' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await sendQuoteAndOpenChat(page, request);
});

test('sending a quote, then opening Help, shows the numbers', async ({ page, request }) => {
  const session = await signUp(request);
  const jersey = await productTitled(request, STORE, JERSEY);
  await answerChatLocally(page);
  await storeSession(page, session);
  await getQuoteOnProductPage(page, pathOf(jersey));
  await sendQuoteAndOpenChat(page, request);
  await openHelpInApp(page);
});

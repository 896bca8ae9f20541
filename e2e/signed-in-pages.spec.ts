import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, registerAccount, STORE_ID, type Account } from './accounts-support.ts';
import { productTitled, type ShopProduct } from './cart-support.ts';
import { addAddress, handOff } from './checkout-support.ts';

/**
 * What Lighthouse audits on the signed-in pages (docs/benchmarks.md, npm run lighthouse) beyond
 * what other specs check: no CSP violation reported (best practices), the cart's largest image
 * not lazily loaded, and the route scripts preloaded with the page. Viewport-independent, so on
 * the phone only (@mobile-only, playwright.config.ts).
 */

const TEES = ['Essential Crew Neck Tee – Black', 'Essential Crew Neck Tee – White'];

/** Records every CSP violation the page reports, from before its first script runs. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}
const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

/** A customer with an address and both tees in the server cart. */
async function shopper(request: Parameters<typeof registerAccount>[0]) {
  const account = await registerAccount(request);
  await addAddress(request, account);
  const tees: ShopProduct[] = [];
  for (const title of TEES) {
    const p = await productTitled(request, STORE_ID, title);
    tees.push(p);
    const res = await request.post('/api/cart', {
      headers: { authorization: `Bearer ${account.accessToken}` },
      data: {
        product_id: p.product_id,
        product_sku: p.sku,
        quantity: 1,
        user_id: account.user.user_id,
        main_id: STORE_ID,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return { account, tees };
}

async function openWithChecks(page: Page, account: Account, path: string) {
  await recordCspViolations(page);
  await openSignedIn(page, account, path);
}

test('checkout, my account and the sign-in forms report no CSP violation @mobile-only', async ({
  page,
  request,
}) => {
  const { account, tees } = await shopper(request);
  await openWithChecks(page, account, '/api/health');
  await handOff(page, [{ product: tees[0]! }]);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('Bandra West').first()).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);

  await page.goto('/my-account');
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  expect(await cspViolations(page)).toEqual([]);

  // A form validated with zod (the schemas of packages/contracts).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(await cspViolations(page)).toEqual([]);
});

test("the cart's first image loads at once, the others lazily @mobile-only", async ({
  page,
  request,
}) => {
  const { account } = await shopper(request);
  await openSignedIn(page, account, '/cart');
  const images = page.getByRole('list', { name: 'Cart items' }).locator('img');
  await expect(images).toHaveCount(2);
  await expect(images.nth(0)).toHaveAttribute('loading', 'eager');
  await expect(images.nth(1)).toHaveAttribute('loading', 'lazy');
});

test('signed-in pages and the dashboard come with their route scripts preloaded @mobile-only', async ({
  request,
}) => {
  for (const [path, chunk] of [
    ['/cart', 'cart-page-'],
    ['/checkout', 'checkout-page-'],
    ['/my-account', 'my-account-page-'],
    ['/login', 'login-page-'],
    ['/register', 'register-page-'],
    ['/admin', 'dashboard-page-'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      new RegExp(`rel="modulepreload" crossorigin href="/assets/${chunk}`),
    );
  }
});

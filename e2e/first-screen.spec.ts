import { expect, test, type Page } from '@playwright/test';
import { productPath } from '@shop/domain';
import { productList, shot } from './support.ts';

/** Calls the page makes to the API (images under /api/uploads are not calls). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const { pathname, search } = new URL(req.url());
    // The listing's filter counts load after the first screen (decision 0041): the products
    // drawn, their order and the page around them come with the HTML.
    if (
      pathname.startsWith('/api/') &&
      !pathname.startsWith('/api/uploads/') &&
      !pathname.startsWith('/api/grouped-product/facets/')
    ) {
      calls.push(pathname + search);
    }
  });
  return calls;
}

// The server sends each page's first-screen API answers in its HTML (catalogue-first-screen.ts);
// a read the web app makes under another path would show up here as a call.
test('the home page draws its first screen without calling the API', async ({ page }) => {
  const calls = apiCalls(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Show slide 1/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'All Products' }).getByRole('listitem')).toHaveCount(
    20,
  );
  await expect(page.getByText('Limited Time Offer!').first()).toBeAttached();
  await expect(page.getByRole('list', { name: 'Categories' })).toBeAttached();
  await expect(page.getByTestId('marquee')).not.toHaveText('\u00a0');
  expect(calls).toEqual([]);
});

test('a sorted listing and a product page draw their first screen without calling the API', async ({
  page,
  request,
}) => {
  const popular = (await (
    await request.get(
      '/api/grouped-product/search-all-products/urbanroll?page=1&limit=10&sort=popular&courses=exclude',
    )
  ).json()) as { data: { product_id: string; title: string }[] };
  const calls = apiCalls(page);
  await page.goto('/products?sort=popular');
  const links = productList(page).getByRole('listitem').getByRole('heading').getByRole('link');
  await expect(links).toHaveCount(10);
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
    popular.data.map((p) => productPath(p.title, p.product_id)),
  );
  expect(calls).toEqual([]);

  const product = popular.data[0]!;
  await page.goto(productPath(product.title, product.product_id));
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByLabel('Check delivery to your pincode').fill('400064');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('pincode-result')).toHaveText('Delivery available to 400064');
  expect(calls).toEqual([]);
});

test('the page frame is painted before any script runs, and the app replaces it', async ({
  page,
}, testInfo) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  const frame = page.locator('#root > [aria-hidden="true"]');
  await expect(frame.locator('header svg')).toHaveCount(2);
  await expect(frame.locator('header')).toBeVisible();
  await shot(page, testInfo, 'frame-before-scripts');

  await page.unroute('**/*.js');
  await page.reload();
  await expect(page.getByRole('link', { name: /^Cart,/ })).toBeVisible();
  await expect(frame).toHaveCount(0);
});

/**
 * Records, from before the first script runs, each time the app's root element is emptied:
 * React rendering before the first page's chunk has arrived wipes the frame and shows nothing
 * until the chunk comes (a blank screen on a slow phone).
 */
async function watchForBlankRoot(page: Page, rootId: string) {
  await page.addInitScript((id) => {
    const w = window as unknown as { blankRoot: number };
    w.blankRoot = 0;
    // From the first moment the root shows something (the parser adds it empty, then its frame).
    let shown = false;
    new MutationObserver(() => {
      const root = document.getElementById(id);
      if (!root) return;
      if (root.childElementCount > 0) shown = true;
      else if (shown) w.blankRoot += 1;
    }).observe(document, { childList: true, subtree: true });
  }, rootId);
  return () => page.evaluate(() => (window as unknown as { blankRoot: number }).blankRoot);
}

test('the storefront goes from its frame to the page without a blank screen', async ({ page }) => {
  const blanks = await watchForBlankRoot(page, 'root');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Show slide 1/ })).toBeVisible();
  expect(await blanks()).toBe(0);
});

test('the admin says it is loading, then shows its first page without a blank screen', async ({
  page,
}) => {
  const blanks = await watchForBlankRoot(page, 'admin-root');
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/admin');
  await expect(page.getByText('Loading the admin…')).toBeVisible();
  await page.unroute('**/*.js');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await expect(page.getByText('Loading the admin…')).toHaveCount(0);
  expect(await blanks()).toBe(0);
});

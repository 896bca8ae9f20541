import { expect, test } from '@playwright/test';
import { SORT_OPTIONS, productPath, rupeesToPaise, sortProducts } from '@shop/domain';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  productList,
  shot,
} from './support.ts';

interface ListedProduct {
  product_id: string;
  title: string;
  createdAt: string;
  totalSold: number;
  originalPrice: number;
  discountPrice: number;
}

test('products listing pages 10 at a time and sorts on the server', async ({ page }, info) => {
  await page.goto('/products');
  await expect(
    page.getByRole('heading', { name: /Discover Our Products \(\d+ items\)/ }),
  ).toBeVisible();
  const cards = productList(page).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'products');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  const prices = async () =>
    (await cards.locator('p span.font-bold').allTextContents())
      .slice(0, 6)
      .map((t) => Number(t.replace(/[^\d.]/g, '')));
  await expect
    .poll(async () => {
      const p = await prices();
      return p.length > 0 && p.every((v, i) => i === 0 || v >= p[i - 1]!);
    })
    .toBe(true);
});

test('courses are listed on /course only', async ({ page }) => {
  await page.goto('/course');
  await expect(page.getByRole('heading', { name: 'Our Courses' })).toBeVisible();
  const cards = productList(page).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  await page.goto('/products');
  await expect(productList(page)).not.toContainText('Beginner Inline Skating');
});

test('search suggestions appear and lead to results', async ({ page }, info) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('helmet');
  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(8);
  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const chosen = await options.first().textContent();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\?search=/);
  await expect(productList(page)).toContainText(chosen ?? '');
  await shot(page, info, 'search');
});

test('a variable product opens the variation chooser, closable with Escape', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Select' }).first().click();
  const dialog = page.getByRole('dialog', { name: /- Choose a Variation$/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('SKU').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('each sort order shows the first products the API returns for it', async ({
  page,
  request,
}) => {
  await page.goto('/products');
  const links = productList(page).getByRole('listitem').getByRole('heading').getByRole('link');
  await expect(links.first()).toBeVisible();
  const orders = new Set<string>();
  for (const { value, label } of SORT_OPTIONS) {
    const res = await request.get(
      `/api/grouped-product/search-all-products/urbanroll?page=1&limit=10&sort=${value}&courses=exclude`,
    );
    const api = ((await res.json()) as { data: ListedProduct[] }).data;
    expect(api).toHaveLength(10);
    // The API's page is itself in that order (ties keep their order).
    const sortable = api.map((p) => ({
      ...p,
      originalPricePaise: rupeesToPaise(p.originalPrice),
      discountPricePaise: rupeesToPaise(p.discountPrice),
    }));
    expect(sortProducts(sortable, value).map((p) => p.product_id)).toEqual(
      api.map((p) => p.product_id),
    );
    const expected = api.map((p) => productPath(p.title, p.product_id));
    orders.add(expected.join());

    await page.getByLabel('Sort by').selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`sort=${value}`));
    await expect
      .poll(async () =>
        (await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).slice(0, 10),
      )
      .toEqual(expected);
  }
  // The five orders differ, so the comparison above tells them apart.
  expect(orders.size).toBe(SORT_OPTIONS.length);
});

test('"hoody" finds the hoodies and says what was searched', async ({ page }, info) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('hoody');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/product\?search=hoody$/);
  const summary = page.getByTestId('search-summary');
  await expect(summary.getByRole('status')).toHaveText(/^\d+ results for ‘hoody’$/);
  await expect(summary).toContainText(/close words: (hoodie, hoodies|hoodies, hoodie)\./);
  const cards = productList(page).getByRole('listitem');
  await expect(cards.first()).toContainText(/Hoodie/);
  const count = Number((await summary.getByRole('status').textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(5);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'search-hoody');
  await expectNoSeriousA11yViolations(page);

  // "tshirt" finds the t-shirts (hyphen and plural forgiven).
  await page.goto('/product?search=tshirt');
  await expect(page.getByTestId('search-summary').getByRole('status')).toHaveText(
    /^\d+ results for ‘tshirt’$/,
  );
  await expect(cards.first()).toContainText(/Tee/);
});

test('a search that finds nothing offers the nearest words, categories and popular products', async ({
  page,
}, info) => {
  await page.goto('/product?search=helmxyz');
  const none = page.getByTestId('no-results');
  await expect(none.getByRole('heading', { name: 'Nothing matched ‘helmxyz’' })).toBeVisible();
  await expect(
    none.getByRole('region', { name: 'Browse categories' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(
    none.getByRole('list', { name: 'Popular products' }).getByRole('listitem'),
  ).toHaveCount(4);
  const nearest = none.getByRole('region', { name: 'Did you mean' }).getByRole('link', {
    name: 'helmet',
    exact: true,
  });
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'search-no-results');
  await expectNoSeriousA11yViolations(page);
  await nearest.click();
  await expect(page).toHaveURL(/\/product\?search=helmet$/);
  await expect(page.getByTestId('search-summary').getByRole('status')).toHaveText(
    /^\d+ results? for ‘helmet’$/,
  );
});

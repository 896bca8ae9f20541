import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { productPath } from '@shop/domain';
import { E2E_OWNER, STORE_ID } from './accounts-support.ts';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  productList,
} from './support.ts';

/**
 * Issue 59 items 2 and 3, as a shopper on a phone (360×800, touch) and at 1280: the product
 * page's buy bar, no size guessed ("Select a size" beside the bar), the owner's size chart, and
 * the card's variant sheet of chips with "Only N left".
 */
const TEE = 'Urban Roll Classic Logo Tee';
const CHART =
  '| Size | Chest (in) | Length (in) |\n|---|---|---|\n| S | 36 | 27 |\n| M | 38 | 28 |\n| L | 40 | 29 |\n| XL | 42 | 30 |';
const SHOTS = '/tmp/shots/product-page';

interface TeeProduct {
  product_id: string;
  title: string;
  category: string;
  variation: { sku: string; stock: number; attributes: Record<string, string> }[];
  size_chart?: { columns: string[] } | null;
}

const guestCart = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('guest_cart') ?? '[]') as { product_sku: string }[]).map(
      (l) => l.product_sku,
    ),
  );

/** What a finger does on the phone, a click at 1280. */
const press = (page: Page, target: Locator) =>
  test.info().project.name.includes('mobile') ? target.tap() : target.click();

async function snap(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${test.info().project.name}.png`, fullPage });
}

/** The Tee, with the owner's size chart on its category (written through the admin API). */
async function teeWithChart(request: APIRequestContext): Promise<TeeProduct> {
  const q = new URLSearchParams({ search: TEE, limit: '10', courses: 'include' });
  const res = await request.get(`/api/grouped-product/search-all-products/${STORE_ID}?${q}`);
  const tee = ((await res.json()) as { data: TeeProduct[] }).data.find((p) => p.title === TEE)!;
  const login = await request.post('/api/admin/login', {
    data: { ...E2E_OWNER, main_id: STORE_ID },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const put = await request.put(
    `/api/admin/size-charts/category/${encodeURIComponent(tee.category)}`,
    { headers: { authorization: `Bearer ${accessToken}` }, data: { chart: CHART } },
  );
  expect(put.ok(), await put.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const one = await request.get(`/api/grouped-product/single/${tee.product_id}`);
        return ((await one.json()) as { data: TeeProduct }).data.size_chart?.columns ?? null;
      },
      { timeout: 20_000 },
    )
    .toEqual(['Size', 'Chest (in)', 'Length (in)']);
  return tee;
}

test('the product page: a buy bar in reach, no size guessed, "Select a size", the size chart', async ({
  page,
  request,
}) => {
  const tee = await teeWithChart(request);
  const phone = test.info().project.name.includes('mobile');
  await page.goto(productPath(tee.title, tee.product_id));
  await expect(page.getByRole('heading', { level: 1, name: TEE })).toBeVisible();
  const size = page.getByRole('radiogroup', { name: /^Size/ });
  await expect(size.getByRole('radio').first()).toBeVisible();
  for (const radio of await size.getByRole('radio').all()) await expect(radio).not.toBeChecked();

  // On the phone the buttons are in a bar fixed in the first screen, above the bottom
  // navigation; at 1280 they stay in the page and there is no bar.
  const bar = page.getByRole('region', { name: 'Buy' });
  const buttons = phone ? bar : page.locator('article');
  if (phone) {
    await expect(bar).toBeVisible();
    const box = (await bar.boundingBox())!;
    const nav = await page.getByRole('navigation').last().boundingBox();
    expect(box.y + box.height).toBeLessThanOrEqual(nav ? nav.y + 1 : 800);
    expect(box.y).toBeGreaterThan(600);
    const add = (await bar.getByRole('button', { name: 'Add to Cart' }).boundingBox())!;
    expect(add.height).toBeGreaterThanOrEqual(44);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(1);
  } else {
    await expect(bar).toHaveCount(0);
  }
  await snap(page, 'product-first-screen');

  // Add without a size: told beside the buttons, taken to the sizes, nothing added.
  await press(page, buttons.getByRole('button', { name: 'Add to Cart' }));
  await expect(buttons.getByRole('alert')).toHaveText('Select a size');
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await expect(size.getByRole('radio').first()).toBeFocused();
  await expect(size).toBeInViewport();
  expect(await guestCart(page)).toEqual([]);
  await snap(page, 'product-select-a-size');
  await expectNoSeriousA11yViolations(page);

  // The owner's chart, beside the sizes.
  await press(page, page.getByRole('button', { name: 'Size chart' }));
  const chart = page.getByRole('dialog', { name: 'Size chart' });
  await expect(chart.getByRole('columnheader', { name: 'Chest (in)' })).toBeVisible();
  await expect(chart.getByRole('rowheader', { name: 'XL' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, 'product-size-chart');
  await expectNoSeriousA11yViolations(page);
  await press(page, chart.getByRole('button', { name: 'Close' }));
  await expect(chart).toBeHidden();

  // A size chosen: the prompt goes, and that variation is what is added.
  await press(page, size.locator('label').filter({ hasText: /^M$/ }));
  await expect(size.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await expect(buttons.getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('variant-stock')).toContainText(/In stock|Only \d+ left/);
  await press(page, buttons.getByRole('button', { name: 'Add to Cart' }));
  await expect.poll(() => guestCart(page)).toEqual([expect.stringMatching(/-M$/)]);
  await expectNoHorizontalOverflow(page);
  await snap(page, 'product-whole', true);
});

test('"Select" on a card opens a sheet of chips: price, "Only N left", one Add and one Buy', async ({
  page,
  request,
}) => {
  const tee = await teeWithChart(request);
  const phone = test.info().project.name.includes('mobile');
  // White runs low (2 of each size) for this shopper.
  await page.route(`**/api/grouped-product/single/${tee.product_id}`, async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: TeeProduct };
    const variation = json.data.variation.map((v) =>
      v.attributes.Colour === 'White' ? { ...v, stock: 2 } : v,
    );
    await route.fulfill({ response, json: { ...json, data: { ...json.data, variation } } });
  });
  await page.goto(`/product?search=${encodeURIComponent(TEE)}`);
  const card = productList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: TEE }) });
  await press(page, card.getByRole('button', { name: 'Select' }));
  const sheet = page.getByRole('dialog', { name: `${TEE} - Choose a Variation` });
  await expect(sheet).toBeVisible();
  const size = sheet.getByRole('radiogroup', { name: /^Size/ });
  await expect(size.getByRole('radio').first()).toBeAttached();
  // The stock room's data is folded away: no SKU is the first thing read.
  await expect(sheet.getByText('SKU', { exact: true }).first()).toBeHidden();
  await expect(sheet.getByRole('button', { name: 'Add to Cart', exact: true })).toHaveCount(1);
  if (phone) {
    // A bottom sheet: it ends at the screen's bottom edge and spans its width.
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBeGreaterThanOrEqual(799);
    expect(Math.round(box.width)).toBe(360);
  }

  await press(page, sheet.getByRole('button', { name: 'Add to Cart', exact: true }));
  await expect(sheet.getByRole('alert')).toHaveText('Select a size');
  await press(
    page,
    sheet
      .getByRole('radiogroup', { name: /^Colour/ })
      .locator('label')
      .filter({ hasText: /^White$/ }),
  );
  await press(page, size.locator('label').filter({ hasText: /^L$/ }));
  await expect(sheet.getByTestId('only-left')).toHaveText('Only 2 left');
  await expect(sheet.getByRole('alert')).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Size chart' })).toBeVisible();
  await snap(page, 'variant-sheet');
  await expectNoSeriousA11yViolations(page);

  // The spec's list is one tap away.
  await press(page, sheet.getByText('All variations (SKU, price, stock)'));
  await expect(sheet.getByText('SKU', { exact: true }).first()).toBeVisible();
  await snap(page, 'variant-sheet-all');
  await press(page, sheet.getByText('All variations (SKU, price, stock)'));

  await press(page, sheet.getByRole('button', { name: 'Add to Cart', exact: true }));
  await expect(sheet).toBeHidden();
  await expect.poll(() => guestCart(page)).toEqual([expect.stringMatching(/-WHT-L$/)]);
});

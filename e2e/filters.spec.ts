import { expect, test, type Page } from '@playwright/test';
import {
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  productList,
  shot,
} from './support.ts';

interface Facets {
  total: number;
  categories: { category: string; name: string; count: number }[];
  price: { min: number; max: number | null; count: number }[];
  in_stock: number;
  attributes: { key: string; values: { value: string; key: string; count: number }[] }[];
}

/** The counts the server gives for a listing query (what the page must show). */
async function facets(page: Page, query: string): Promise<Facets> {
  const res = await page.request.get(`/api/grouped-product/facets/urbanroll?${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Facets }).data;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const totalShown = async (page: Page) =>
  Number(/\((\d+) items\)/.exec((await heading(page).textContent()) ?? '')?.[1]);

test('the category menu opens as a drawer, keeps focus, closes on Escape and leads to a category', async ({
  page,
}, info) => {
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Categories', exact: true });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const box = await menu.boundingBox();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await menu.click();
  const drawer = page.getByRole('dialog', { name: 'Shop by category' });
  await expect(drawer).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('link', { name: 'Hoodies' })).toBeVisible();
  await shot(page, info, 'category-drawer');
  await expectNoSeriousA11yViolations(page);
  // Focus stays in the drawer however far one tabs.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  for (const link of await drawer.getByRole('link').all()) {
    expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  await menu.click();
  await drawer.getByRole('link', { name: 'Hoodies' }).click();
  await expect(page).toHaveURL(/\/category-detail\/hoodies$/);
  await expect(drawer).toBeHidden();
  await expect(heading(page)).toContainText('Hoodies');
});

test('categories sit right under the first product row on home', async ({ page }, info) => {
  await page.goto('/');
  const categories = page.getByRole('list', { name: 'Categories' });
  await expect(categories.getByRole('link').first()).toBeVisible();
  const top = (await categories.boundingBox())!.y;
  // Within the first three screens (they were ~5,600 px down): after New Arrivals, whose first
  // row a phone shows in its first screen (issue 59), and above Popular Products.
  expect(top).toBeLessThan(3 * page.viewportSize()!.height);
  const firstProducts = page.getByRole('list', { name: /products$/i }).first();
  await expect(firstProducts).toBeVisible();
  expect(top).toBeGreaterThan((await firstProducts.boundingBox())!.y);
  const popular = page.getByRole('heading', { name: 'Popular Products' });
  await expect(popular).toBeAttached();
  expect(top).toBeLessThan((await popular.boundingBox())!.y);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'home-categories');
});

test('filters a category by size, in stock and price, with counts, in the URL through reload and back @mobile-only', async ({
  page,
}, info) => {
  await page.goto('/category-detail/hoodies');
  await expect(heading(page)).toContainText(/\(\d+ items\)/);
  const all = await facets(page, 'courses=include&category=hoodies');
  expect(await totalShown(page)).toBe(all.total);

  const open = page.getByRole('button', { name: /^Filters/ });
  await open.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect(open).toHaveAttribute('aria-expanded', 'true');

  // Size M, with the count the server gives.
  const m = all.attributes.find((a) => a.key === 'size')!.values.find((v) => v.key === 'm')!;
  expect(m.count).toBeGreaterThan(0);
  const sizeM = sheet.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^M \(/ });
  await expect(sheet.getByRole('group', { name: 'Size' })).toContainText(`M (${m.count})`);
  await sizeM.check();
  await expect(page).toHaveURL(/attr=size%3AM/);

  // In stock, its count given the size chosen.
  const withM = await facets(page, 'courses=include&category=hoodies&attr=size:M');
  const inStock = sheet.getByRole('checkbox', { name: /In stock only/ });
  await expect(inStock).toHaveAccessibleName(`In stock only (${withM.in_stock})`);
  await inStock.check();
  await expect(page).toHaveURL(/in_stock=1/);

  // A price band with products in it.
  const chosen = await facets(page, 'courses=include&category=hoodies&attr=size:M&in_stock=1');
  const band =
    chosen.price.find((b) => b.count > 0 && b.count < chosen.total) ??
    chosen.price.find((b) => b.count > 0)!;
  const bandRadio = sheet
    .getByRole('group', { name: 'Price' })
    .getByRole('radio', { name: new RegExp(`\\(${band.count}\\)$`) })
    .first();
  await bandRadio.check();
  await expect(page).toHaveURL(/price_max=|price_min=/);
  const url = new URL(page.url());
  expect(url.searchParams.getAll('attr')).toEqual(['size:M']);
  expect(url.searchParams.get('in_stock')).toBe('1');

  const query = `courses=include&category=hoodies&attr=size:M&in_stock=1&${
    band.min > 0 ? `price_min=${band.min}&` : ''
  }${band.max === null ? '' : `price_max=${band.max}`}`;
  const final = await facets(page, query);
  expect(final.total).toBe(band.count);
  await expect(sheet.getByRole('button', { name: `Show ${final.total} products` })).toBeVisible();
  await expect(open).toContainText('3');
  for (const label of await sheet.locator('label').all()) {
    if (await label.isVisible())
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await shot(page, info, 'filters-sheet');
  await expectNoSeriousA11yViolations(page);
  await sheet.getByRole('button', { name: `Show ${final.total} products` }).click();
  await expect(sheet).toBeHidden();
  await expect(open).toBeFocused();

  await expect.poll(() => totalShown(page)).toBe(final.total);
  const cards = productList(page).getByRole('listitem');
  await expect(cards).toHaveCount(Math.min(final.total, 10));
  const chips = page.getByRole('list', { name: 'Chosen filters' }).getByRole('button');
  await expect(chips).toHaveCount(3);
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'filtered-listing');

  // A reload keeps them (the URL holds them).
  await page.reload();
  await expect.poll(() => totalShown(page)).toBe(final.total);
  await expect(chips).toHaveCount(3);
  await open.click();
  await expect(sheet.getByRole('checkbox', { name: /^M \(/ })).toBeChecked();
  await expect(sheet.getByRole('checkbox', { name: /In stock only/ })).toBeChecked();
  await page.keyboard.press('Escape');

  // Back steps through them: the price, then in stock, then the size.
  await page.goBack();
  await expect(page).not.toHaveURL(/price_m/);
  await expect(page).toHaveURL(/in_stock=1/);
  await expect.poll(() => totalShown(page)).toBe(withM.in_stock);
  await page.goBack();
  await expect(page).not.toHaveURL(/in_stock/);
  await expect.poll(() => totalShown(page)).toBe(m.count);
  await page.goBack();
  await expect(page).toHaveURL(/\/category-detail\/hoodies$/);
  await expect.poll(() => totalShown(page)).toBe(all.total);
});

test('the products listing offers the category as a filter; a search is filtered too', async ({
  page,
}, info) => {
  await page.goto('/products');
  await expect(heading(page)).toContainText(/\(\d+ items\)/);
  const desktop = (page.viewportSize()?.width ?? 0) >= 1024;
  const panel = desktop
    ? page.getByRole('complementary', { name: 'Filters' })
    : page.getByRole('dialog', { name: 'Filters' });
  if (!desktop) await page.getByRole('button', { name: /^Filters/ }).click();
  const base = await facets(page, 'courses=exclude');
  const hoodies = base.categories.find((c) => c.category.toLowerCase() === 'hoodies')!;
  const category = panel.getByRole('group', { name: 'Category' });
  await expect(category.getByRole('radio', { name: `Hoodies (${hoodies.count})` })).toBeVisible();
  await category.getByRole('radio', { name: /^Hoodies/ }).check();
  await expect(page).toHaveURL(/category=Hoodies|category=hoodies/);
  await expect.poll(() => totalShown(page)).toBe(hoodies.count);
  await panel.getByRole('group', { name: 'Size' }).getByRole('checkbox', { name: /^L \(/ }).check();
  const both = await facets(page, 'courses=exclude&category=hoodies&attr=size:L');
  await expect.poll(() => totalShown(page)).toBe(both.total);
  if (!desktop) await page.keyboard.press('Escape');
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'products-filtered');

  // A search's results are filtered the same way, the count echoed.
  await page.goto('/product?search=hoodie&attr=size:L');
  const searched = await facets(page, 'courses=include&search=hoodie&attr=size:L');
  await expect(page.getByRole('list', { name: 'Chosen filters' })).toContainText('Size: L');
  await expect.poll(() => totalShown(page)).toBe(searched.total);
  await shot(page, info, 'search-filtered');
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

test('the home page lists demo products with rupee prices', async ({ page }, testInfo) => {
  await page.goto('/');
  const cards = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByRole('heading', { name: /Discover Our Products/ })).toBeVisible();
  await expect(cards.first()).toContainText('₹');
  // Images are real artwork served by the API, not broken links.
  const firstImage = cards.first().getByRole('img');
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({
    path: `screenshots/home-${testInfo.project.name}.png`,
    fullPage: false,
  });
});

test('the home page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('client-side routes load on refresh and unknown API paths answer JSON 404', async ({
  page,
  request,
}) => {
  const res = await page.goto('/products');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /Discover Our Products/ })).toBeVisible();
  const api = await request.get('/api/no-such-thing');
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ isError: true });
});

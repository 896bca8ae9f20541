import { expect, test } from '@playwright/test';
import { shot } from './support.ts';

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('the perfume demo loads 4 more after 1 s and filters by category and price', async ({
  page,
}, info) => {
  await page.goto('/perfumes');
  const items = page.getByRole('list', { name: 'Perfumes' }).getByRole('listitem');
  await expect(items).toHaveCount(8);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  await expect(items).toHaveCount(8);
  // The demo's artificial delay is 1 s: still 8 items well before it ends, then 12.
  await page.waitForTimeout(600);
  await expect(items).toHaveCount(8);
  await expect(items).toHaveCount(12);
  await shot(page, info, 'perfumes');

  await page.getByRole('button', { name: /^Category:/ }).click();
  await page
    .getByRole('dialog', { name: 'Category' })
    .getByRole('button', { name: 'Woody' })
    .click();
  await expect(items.first()).toContainText('Woody');
  for (const text of await items.locator('p.text-xs').allTextContents()) expect(text).toBe('Woody');

  await page.getByRole('button', { name: /^Category:/ }).click();
  await page.getByRole('dialog', { name: 'Category' }).getByRole('button', { name: 'All' }).click();
  await page.getByRole('button', { name: /^Price:/ }).click();
  await page
    .getByRole('dialog', { name: 'Price' })
    .getByRole('button', { name: '₹2,000 – ₹4,000' })
    .click();
  const prices = (await items.locator('p > span.font-bold').allTextContents()).map(rupees);
  expect(prices.length).toBeGreaterThan(0);
  for (const p of prices) expect(p >= 2000 && p < 4000).toBe(true);

  await page.getByRole('button', { name: /^Sort:/ }).click();
  await page
    .getByRole('dialog', { name: 'Sort by' })
    .getByRole('button', { name: 'Price: High to Low' })
    .click();
  const sorted = (await items.locator('p > span.font-bold').allTextContents()).map(rupees);
  expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
});

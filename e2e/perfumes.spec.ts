import { expect, test } from '@playwright/test';
import { shot } from './support.ts';

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));

test('the perfume demo loads 4 more after 1 s and filters by category and price', async ({
  page,
}, info) => {
  const start = new Date('2026-11-23T10:00:00+05:30');
  await page.clock.install({ time: start });
  await page.goto('/perfumes');
  // Stop the page's clock, so the 1 s delay is measured in fake time, not the machine's speed.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  const items = page.getByRole('list', { name: 'Perfumes' }).getByRole('listitem');
  await expect(items).toHaveCount(8);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  await page.clock.runFor(999);
  await expect(items).toHaveCount(8);
  await page.clock.runFor(1);
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

import { expect, test } from '@playwright/test';

test('the marquee text rotates every 3 s', async ({ page }) => {
  const start = new Date('2026-11-23T10:00:00+05:30');
  await page.clock.install({ time: start });
  await page.goto('/');
  const marquee = page.getByTestId('marquee');
  await expect(marquee).not.toHaveText('\u00a0');
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  const first = await marquee.textContent();
  await page.clock.runFor(3000);
  await expect(marquee).not.toHaveText(first ?? '');
});

// @mobile-only (playwright.config.ts): the bottom bar is for phones. Every item is labelled
// (issue 59 item 6; the spec labelled only the active one: docs/spec-deviations.md).
test('the mobile bottom bar labels every item, the current one marked @mobile-only', async ({
  page,
}) => {
  await page.goto('/products');
  const bar = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Home', 'Products', 'Contact', 'Account'])
    await expect(bar.getByRole('link', { name: label, exact: true })).toHaveText(label);
  await expect(bar.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
  await bar.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(bar.getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
});

test('a product image that fails to load leaves a 250 px skeleton', async ({ page }) => {
  await page.route('**/api/uploads/**/products/**', (route) => route.abort());
  await page.goto('/products');
  const skeleton = page.getByTestId('image-skeleton').first();
  await expect(skeleton).toBeVisible();
  expect((await skeleton.boundingBox())?.height).toBe(250);
});

test('the grouped product opens its package viewer', async ({ page }) => {
  await page.goto('/product?search=starter%20kit');
  await page.getByRole('button', { name: 'Package' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('list', { name: 'Package items' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Select Package' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('a route change scrolls to the top', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Show More Products' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('link', { name: 'Show More Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

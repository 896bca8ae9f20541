import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectNoSeriousA11yViolations, shot } from './support.ts';

test('home shows the slider, new arrivals, popular products, offers and categories', async ({
  page,
}, info) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Popular Products' })).toBeVisible();
  // The word mark as drawn: its last word in the accent colour, a space's width after the first.
  const gap = await page
    .getByRole('banner')
    .getByRole('link', { name: 'Urban Roll' })
    .evaluate((link) => {
      const accent = link.querySelector('.text-orange-400')!;
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
      const first = walker.nextNode()!;
      const words = document.createRange();
      words.setStart(first, 0);
      words.setEnd(first, first.textContent!.trimEnd().length);
      return accent.getBoundingClientRect().left - words.getBoundingClientRect().right;
    });
  expect(gap).toBeGreaterThan(2);
  await expect(page.getByText('Limited Time Offer!').first()).toBeVisible();
  await expect(page.getByText('Handpicked selections to elevate your lifestyle')).toBeVisible();
  const all = page.getByRole('list', { name: 'All Products' }).getByRole('listitem');
  await expect(all).toHaveCount(20);
  await expect(all.first()).toContainText('₹');
  await expect(page.getByRole('link', { name: 'Show More Products' })).toHaveAttribute(
    'href',
    '/products',
  );
  await expectNoHorizontalOverflow(page);
  await shot(page, info, 'home');
  await expectNoSeriousA11yViolations(page);
});

test('the hero slider advances every 5 s and dots pick a slide', async ({ page }) => {
  const start = new Date('2026-11-23T10:00:00+05:30');
  await page.clock.install({ time: start });
  await page.goto('/');
  const dots = page.getByRole('button', { name: /^Show slide/ });
  await expect(dots).toHaveCount(3);
  // Stop the page's clock once the slides are in, so 5 s are fake seconds, not machine time.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await dots.nth(0).click();
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.clock.runFor(4999);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  await page.clock.runFor(1);
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  // Each slide is a group named by its place (the APG carousel: a name needs a role).
  await expect(page.getByRole('group', { name: '2 of 3' })).toBeVisible();
  await dots.nth(0).click();
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
});

test('popular products tabs switch', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Best Sellers' }).click();
  await expect(page.getByRole('tab', { name: 'Best Sellers' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByRole('list', { name: 'Best Sellers' }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'New Arrivals' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: 'New Arrivals' })).toBeFocused();
  await page.getByRole('tab', { name: 'Trending' }).click();
  await expect(
    page.getByRole('list', { name: 'Trending' }).getByRole('listitem').first(),
  ).toBeVisible();
});

test('a category card opens the category listing', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('list', { name: 'Categories' })
    .getByRole('link', { name: 'Hoodies' })
    .click();
  await expect(page).toHaveURL(/\/category-detail\/hoodies$/);
  await expect(page.getByRole('heading', { level: 1, name: /Hoodies/ })).toBeVisible();
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

// @desktop-only (playwright.config.ts): the buttons show from 640 px up; phones scroll by touch.
test('the scroll buttons move product rows by 260 px, offers by 250 and categories by 150 @desktop-only', async ({
  page,
  request,
}) => {
  // At 800 px every row overflows; at 1280 the demo's 4 offers and 7 categories fit unscrolled.
  await page.setViewportSize({ width: 800, height: 800 });
  const groups = (await (await request.get('/api/newarrival/all/urbanroll')).json()) as {
    data: { category_name: string }[];
  };
  await page.goto('/');
  const rows = [
    { name: `${groups.data[0]!.category_name} products`, step: 260 },
    { name: 'Offers', step: 250 },
    { name: 'Categories', step: 150 },
  ];
  for (const { name, step } of rows) {
    const row = page.getByRole('list', { name, exact: true });
    await row.scrollIntoViewIfNeeded();
    const scrollLeft = () => row.evaluate((el) => Math.round(el.scrollLeft));
    const room = await row.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(room, `${name} can scroll a full step`).toBeGreaterThanOrEqual(step);
    expect(await scrollLeft()).toBe(0);
    await page.getByRole('button', { name: `Scroll ${name} right` }).click();
    await expect.poll(scrollLeft, { message: `${name} right` }).toBe(step);
    await page.getByRole('button', { name: `Scroll ${name} left` }).click();
    await expect.poll(scrollLeft, { message: `${name} left` }).toBe(0);
  }
  // Where a row fits, its buttons would do nothing, so there are none.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Scroll Offers right' })).toBeHidden();
  await expect(page.getByRole('button', { name: `Scroll ${rows[0]!.name} right` })).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { addToCart, productTitled } from './cart-support.ts';
import { shot } from './support.ts';

/**
 * The shop is drawn edge to edge (viewport-fit=cover): under a phone's gesture bar, and beside
 * its notch when held sideways. Chromium is told the insets such a phone reports; every bar at
 * the bottom keeps its content above the gesture bar, and nothing the page says sits under it.
 */
const GESTURE_BAR = 24;
const NOTCH = 32;
const TEE = 'Essential Crew Neck Tee – Black';

async function phoneInsets(page: Page, insets: { bottom?: number; left?: number; right?: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setSafeAreaInsetsOverride', {
    insets: { top: 0, bottom: 0, left: 0, right: 0, ...insets },
  });
}

/** The cart with the tee in it, as a guest. */
async function cartWithTee(page: Page) {
  await addToCart(page, await productTitled(page.request, 'urbanroll', TEE));
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Where things end, scrolled to the end of the page (px from the top of the screen). */
function bottoms(page: Page) {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const box = (sel: string) => document.querySelector(sel)?.getBoundingClientRect() ?? null;
    const texts = [...document.querySelectorAll('footer a, footer p')];
    return {
      screen: window.innerHeight,
      // Whole pixels: the page's height above the footer is fractional (images drawn to a ratio).
      footerText: Math.round(Math.max(...texts.map((e) => e.getBoundingClientRect().bottom))),
      nav: box('nav[aria-label="Main"]'),
      navItems: Math.max(
        ...[...document.querySelectorAll('nav[aria-label="Main"] a')].map(
          (a) => a.getBoundingClientRect().bottom,
        ),
      ),
      bar: box('[data-sticky-total-bar]'),
      bubble: box('a[aria-label^="Open cart"]'),
    };
  });
}

test('the page reaches under the gesture bar, its bars and text stay above it', async ({
  page,
}, info) => {
  await phoneInsets(page, { bottom: GESTURE_BAR });
  await cartWithTee(page);
  const viewport = await page.evaluate(() =>
    document.querySelector('meta[name="viewport"]')!.getAttribute('content'),
  );
  expect(viewport).toContain('viewport-fit=cover');
  const b = await bottoms(page);
  const above = b.screen - GESTURE_BAR;

  if (info.project.name === 'mobile') {
    // The bottom navigation's white runs to the edge, its items end above the gesture bar.
    expect(b.nav!.bottom).toBe(b.screen);
    expect(b.navItems).toBeLessThanOrEqual(above);
    // The sticky total bar sits on the navigation, not under it.
    expect(b.bar!.bottom).toBeLessThanOrEqual(b.nav!.top);
    expect(b.footerText).toBeLessThanOrEqual(b.bar!.top);
  } else {
    expect(b.footerText).toBeLessThanOrEqual(above);
  }
  await shot(page, info, 'edge-to-edge-cart', { fullPage: false });

  await page.goto('/');
  await expect(page.getByRole('button', { name: /^Show slide 1/ })).toBeVisible();
  const home = await bottoms(page);
  if (info.project.name === 'mobile') {
    expect(home.footerText).toBeLessThanOrEqual(home.nav!.top);
  } else {
    // The floating cart button clears the gesture bar as well.
    expect(home.bubble!.bottom).toBeLessThanOrEqual(above);
    expect(home.footerText).toBeLessThanOrEqual(above);
  }
});

test('a phone held sideways keeps the page and the total bar clear of its notch @mobile-only', async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 740, height: 360 });
  await phoneInsets(page, { left: NOTCH, right: NOTCH, bottom: GESTURE_BAR });
  await cartWithTee(page);
  // The heading comes before the cart is priced: the bar's total replaces its skeleton then.
  await expect(page.getByTestId('bar-total')).toBeVisible();
  const edges = await page.evaluate(() => {
    const h1 = document.querySelector('h1')!.getBoundingClientRect();
    const button = document
      .querySelector('[data-sticky-total-bar] button')!
      .getBoundingClientRect();
    const total = document.querySelector('[data-testid="bar-total"]')!.getBoundingClientRect();
    return { width: window.innerWidth, height: window.innerHeight, h1, button, total };
  });
  expect(edges.h1.left).toBeGreaterThanOrEqual(NOTCH);
  expect(edges.total.left).toBeGreaterThanOrEqual(NOTCH);
  expect(edges.button.right).toBeLessThanOrEqual(edges.width - NOTCH);
  expect(edges.button.bottom).toBeLessThanOrEqual(edges.height - GESTURE_BAR);
  await shot(page, info, 'edge-to-edge-sideways', { fullPage: false });
});

test('the filters sheet keeps its buttons above the gesture bar @mobile-only', async ({
  page,
}, info) => {
  await phoneInsets(page, { bottom: GESTURE_BAR });
  await page.goto('/products');
  await page.getByRole('button', { name: /^Filters/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  const show = sheet.getByRole('button', { name: /^Show/ });
  await expect(show).toBeVisible();
  const sheetBox = (await sheet.boundingBox())!;
  const showBox = (await show.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(sheetBox.y + sheetBox.height).toBe(height);
  expect(showBox.y + showBox.height).toBeLessThanOrEqual(height - GESTURE_BAR);
  await shot(page, info, 'edge-to-edge-filters', { fullPage: false });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/**
 * Saves a screenshot per viewport project, to look at before calling a screen done: the whole
 * page, or with `{ fullPage: false }` what is on the screen (bars fixed at its bottom in place).
 */
export async function shot(page: Page, info: TestInfo, name: string, { fullPage = true } = {}) {
  await page.screenshot({ path: `screenshots/${name}-${info.project.name}.png`, fullPage });
}

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'screenshots';

/**
 * For a picture of one part of a page: the storefront's and the admin's sticky headers stay at
 * the page's top (where they are in the flow, so nothing moves) instead of being drawn over the
 * part scrolled under them.
 */
const STICKY_HEADERS_IN_FLOW = '.sticky.top-0 { position: static !important; }';

/**
 * The screen (or one part of it) at 360 px and again at 1280 px (then back to the phone), for a
 * spec that runs at one size only; checks nothing is wider than the screen first.
 */
export async function shotsAtBothSizes(page: Page, name: string, part?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  await expectNoHorizontalOverflow(page);
  const take = (file: string) =>
    part
      ? part.screenshot({ path: file, style: STICKY_HEADERS_IN_FLOW })
      : page.screenshot({ path: file, fullPage: true });
  await take(path.join(SHOTS, `${name}-360.png`));
  await page.setViewportSize({ width: 1280, height: 800 });
  await take(path.join(SHOTS, `${name}-1280.png`));
  await page.setViewportSize({ width: 360, height: 800 });
}

/**
 * Axe measures colours as drawn: a toast still fading in is half transparent and fails contrast.
 * Let finite animations and transitions end first (endless ones, like a spinner, never do).
 */
async function settleAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5000 },
    )
    .catch(() => {});
}

export async function expectNoSeriousA11yViolations(page: Page) {
  await settleAnimations(page);
  // A toast that is still entering or already leaving (sonner marks both) is drawn half
  // transparent whatever its colours; toasts at rest are checked like everything else.
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-mounted="false"]')
    .exclude('[data-sonner-toast][data-removed="true"]')
    .analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Nothing may be wider than the viewport: a phone would zoom the whole page out. Measured against
 * the layout viewport's width (the root's clientWidth), not innerWidth: on a mobile page a wider
 * document zooms out and innerWidth grows with it, so innerWidth would pass an overflow.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/**
 * The product grid of a listing, search or category page, by its exact name: home's lists
 * ("All Products", "Fresh Drops products") contain the word too, and a substring match would
 * resolve to several lists while results replace home (a strict-mode failure, not a wait).
 */
export const productList = (page: Page) =>
  page.getByRole('list', { name: 'Products', exact: true });

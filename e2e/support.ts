import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Saves a screenshot per viewport project, to look at before calling a screen done. */
export async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `screenshots/${name}-${info.project.name}.png`, fullPage: true });
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

/** Nothing may be wider than the viewport: a phone would zoom the whole page out. */
export async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * The product grid of a listing, search or category page, by its exact name: home's lists
 * ("All Products", "Fresh Drops products") contain the word too, and a substring match would
 * resolve to several lists while results replace home (a strict-mode failure, not a wait).
 */
export const productList = (page: Page) =>
  page.getByRole('list', { name: 'Products', exact: true });

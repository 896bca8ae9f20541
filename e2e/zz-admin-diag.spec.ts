import { test } from '@playwright/test';
import { signInAsOwner } from './admin-support.ts';

test('diag @mobile-only', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAsOwner(page);
  for (const p of ['', 'orders', 'products', 'products/new', 'content', 'content/pages', 'content/page-meta', 'inbox', 'delivery', 'coupons', 'settings', 'staff', 'audit']) {
    await page.goto(`/admin/${p}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const r = await page.evaluate(() => {
      const vw = window.innerWidth;
      const wide = [...document.querySelectorAll('body *')]
        .map((e) => ({ e, r: e.getBoundingClientRect() }))
        .filter(({ r }) => r.right > vw + 0.5 && r.width > 0)
        .slice(0, 6)
        .map(({ e, r }) => `${e.tagName}.${(e.className || '').toString().slice(0, 80)} right=${Math.round(r.right)} text=${(e.textContent || '').slice(0, 40)}`);
      return { sw: document.documentElement.scrollWidth, vw, wide };
    });
    console.log(p || 'dashboard', JSON.stringify(r, null, 1));
    await page.screenshot({ path: `/work/shots/admin/before-${p.replaceAll('/', '_') || 'dashboard'}-360.png`, fullPage: true });
  }
});

import { expect, type Page } from '@playwright/test';

/** WCAG 2.5.5 (AAA) and the team's standard: 44 × 44 CSS px of tap area. */
export const TAP = 44;

/**
 * Every visible control of the page whose tap area is under 44 × 44 px, described so a failure
 * names it ("button "Add to Cart" 120×40 in main li"). Measured: buttons (and role=button, tab,
 * switch, menuitem), selects, links, checkboxes and radios. A checkbox or radio is measured by
 * its label when it has one (the label is what a thumb presses), else by itself.
 *
 * Left out, as WCAG 2.5.8 allows ("inline" exception): a link inside running text, i.e. one whose
 * parent also holds words of its own ("read our <a>privacy policy</a> first"), since growing it
 * would spread the sentence's lines. Hidden things (display none, visibility hidden, opacity 0,
 * zero size, inert or aria-hidden), and a toast that is still sliding, are not controls a thumb
 * can reach.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((tap) => {
    const selector = [
      'a[href]',
      'button',
      'select',
      'summary',
      'input[type=checkbox]',
      'input[type=radio]',
      '[role=button]',
      '[role=tab]',
      '[role=switch]',
      '[role=menuitem]',
      '[role=checkbox]',
      '[role=radio]',
    ].join(',');
    const shown = (el: Element) => {
      if (el.closest('[inert], [aria-hidden="true"], [data-sonner-toast][data-mounted="false"]'))
        return false;
      const r = el.getBoundingClientRect();
      return (
        r.width > 1 &&
        r.height > 1 &&
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    };
    /** A link in a sentence: its parent holds text of its own beside the link. */
    const inRunningText = (el: Element) =>
      el.tagName === 'A' &&
      [...(el.parentElement?.childNodes ?? [])].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 1,
      );
    const where = (el: Element) => {
      const parts: string[] = [];
      for (let p = el.parentElement; p && parts.length < 3; p = p.parentElement) {
        const id = p.getAttribute('data-testid') ?? p.getAttribute('aria-label') ?? p.id;
        if (id) parts.unshift(`${p.tagName.toLowerCase()}[${id}]`);
        else if (
          ['NAV', 'HEADER', 'FOOTER', 'MAIN', 'LI', 'FORM', 'DIALOG', 'TD'].includes(p.tagName)
        )
          parts.unshift(p.tagName.toLowerCase());
      }
      return parts.join(' > ');
    };
    const name = (el: Element) => {
      const text =
        el.getAttribute('aria-label') ??
        (el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? el.name) : null) ??
        el.textContent ??
        '';
      return text.replace(/\s+/g, ' ').trim().slice(0, 50);
    };
    const problems: string[] = [];
    const seen = new Set<Element>();
    for (const el of document.querySelectorAll(selector)) {
      const isToggle = el instanceof HTMLInputElement;
      // A checkbox or radio is pressed through its label (the input itself may be hidden).
      const target = (isToggle && el.labels?.[0]) || el;
      if (seen.has(target) || !shown(target) || inRunningText(target)) continue;
      seen.add(target);
      const r = target.getBoundingClientRect();
      // Half a pixel for subpixel layout (a 43.99 px box is a 44 px box on screen).
      if (r.width >= tap - 0.5 && r.height >= tap - 0.5) continue;
      const kind = isToggle
        ? `${el.type} (label)`
        : (el.getAttribute('role') ?? el.tagName.toLowerCase());
      problems.push(
        `${kind} "${name(el)}" is ${Math.round(r.width)}×${Math.round(r.height)} px, in ${where(target) || 'body'}`,
      );
    }
    return problems;
  }, TAP);
}

/** The page is no wider than the screen (a phone would zoom out or scroll sideways). */
export const scrollWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/**
 * Soft checks of one page at the phone width: every control at least 44 × 44 and no sideways
 * scroll; each failure names the page, so one walk reports every page at once.
 */
export async function expectTouchFriendly(page: Page, label: string) {
  const width = page.viewportSize()?.width ?? 0;
  expect
    .soft(await smallTapTargets(page), `controls under ${TAP}×${TAP} px on ${label}`)
    .toEqual([]);
  expect
    .soft(await scrollWidth(page), `page width of ${label} (screen ${width} px)`)
    .toBeLessThanOrEqual(width);
}

import { useCallback } from 'react';

/**
 * A ref for the sticky header that publishes its height as `--header-height` on the root
 * element, so what floats (the toasts) can keep below the header instead of covering it. Kept up
 * to date as the header changes size (a wrapped search row, a longer marquee line).
 *
 * Published by the observer only, whose first call comes right after the header's first layout:
 * measuring in the ref callback forced that layout inside React's commit, one long task with the
 * render (issue 29, Lighthouse's Total Blocking Time). Written only when it changes, as a
 * property on the root element restyles the whole page.
 */
export function useHeaderHeight() {
  return useCallback((header: HTMLElement | null) => {
    if (!header) return;
    const root = document.documentElement;
    let published = '';
    const observer = new ResizeObserver(() => {
      const height = `${header.offsetHeight}px`;
      if (height === published) return;
      published = height;
      root.style.setProperty('--header-height', height);
    });
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
}

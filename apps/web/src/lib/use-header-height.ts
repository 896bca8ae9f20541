import { useCallback } from 'react';

/**
 * A ref for the sticky header that publishes its height as `--header-height` on the root
 * element, so what floats (the toasts) can keep below the header instead of covering it. Kept up
 * to date as the header changes size (a wrapped search row, a longer marquee line).
 */
export function useHeaderHeight() {
  return useCallback((header: HTMLElement | null) => {
    if (!header) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--header-height', `${header.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, []);
}

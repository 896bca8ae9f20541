import { useEffect, useRef, useState } from 'react';

/** Where the header collapses: phones and small tablets (the sticky bars' widths). */
export const COLLAPSING_HEADER_MEDIA = '(max-width: 767.98px)';
/** Scrolling less than this (px) between frames is a hand resting, not a direction. */
const JITTER = 6;

/**
 * The storefront header on a phone slides away while the shopper scrolls down and comes back as
 * soon as they scroll up (issue 59 item 2: it and the announcement took 148 px of an 800 px
 * screen). It moves by a transform only (no layout shift: the page below never moves), and
 * stays whenever it holds the focus (a keyboard user tabbing into it brings it back; typing a
 * search keeps it), near the top of the page, or above 768 px.
 *
 * While collapsed, the root element carries `data-header-collapsed`, so what keeps below the
 * header (the toasts, components/ui/toaster.tsx) moves up to the screen's top instead of leaving
 * the header's height empty.
 *
 * Returns the header's ref and whether it is collapsed now.
 */
export function useCollapsingHeader() {
  const ref = useRef<HTMLElement | null>(null);
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    const header = ref.current;
    if (!header || typeof window.matchMedia !== 'function') return;
    const phone = window.matchMedia(COLLAPSING_HEADER_MEDIA);
    let lastY = window.scrollY;
    let frame = 0;
    let hidden = false;
    const set = (next: boolean) => {
      if (next === hidden) return;
      hidden = next;
      document.documentElement.toggleAttribute('data-header-collapsed', next);
      setCollapsed(next);
    };
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const delta = y - lastY;
      if (!phone.matches || y <= header.offsetHeight || header.contains(document.activeElement)) {
        set(false);
        lastY = y;
      } else if (delta > JITTER) {
        set(true);
        lastY = y;
      } else if (delta < -JITTER) {
        set(false);
        lastY = y;
      }
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const onFocus = () => set(false);
    const onWidth = () => {
      if (!phone.matches) set(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    header.addEventListener('focusin', onFocus);
    phone.addEventListener('change', onWidth);
    return () => {
      window.removeEventListener('scroll', onScroll);
      header.removeEventListener('focusin', onFocus);
      phone.removeEventListener('change', onWidth);
      if (frame) cancelAnimationFrame(frame);
      document.documentElement.removeAttribute('data-header-collapsed');
    };
  }, []);

  return { ref, collapsed };
}

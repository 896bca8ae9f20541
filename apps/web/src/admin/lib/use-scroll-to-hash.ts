import { useEffect } from 'react';
import { useLocation } from 'react-router';

const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * Scrolls to the element the address's #hash names (a link such as "Add the Razorpay keys" →
 * /settings#payment-keys) and moves the focus there, so a keyboard or screen reader starts at
 * it. The page's parts load on their own, so the element may come later, and parts above it
 * that load after it push it down: for up to `waitMs` it is scrolled to again as the page
 * changes, until the user scrolls, taps or types.
 */
export function useScrollToHash(waitMs = 5000) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let focused = false;
    const go = () => {
      const el = document.getElementById(id);
      if (!el) return;
      el.scrollIntoView({ block: 'start' });
      if (focused) return;
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
      focused = true;
    };
    const watch = new MutationObserver(go);
    const timer = setTimeout(stop, waitMs);
    function stop() {
      watch.disconnect();
      clearTimeout(timer);
      for (const e of USER_MOVES) window.removeEventListener(e, stop);
    }
    for (const e of USER_MOVES) window.addEventListener(e, stop, { passive: true });
    watch.observe(document.body, { childList: true, subtree: true });
    go();
    return stop;
  }, [hash, waitMs]);
}

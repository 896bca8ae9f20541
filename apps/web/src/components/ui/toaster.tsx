import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { loadedSonner, loadSonner, onSonnerLoaded } from '../../lib/toast.ts';

/** Sonner's rich-colour texts are below 4.5:1 on their backgrounds; these darker ones pass. */
const readableColours = {
  '--success-text': 'hsl(140, 100%, 20%)',
  '--info-text': 'hsl(210, 92%, 32%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(0, 80%, 38%)',
} as CSSProperties;

/**
 * Just below the sticky header (its height published by useHeaderHeight), never over it; at the
 * screen's top while the storefront's header is slid away (`--header-shown`, index.css).
 */
const belowHeader = { top: 'calc(var(--header-shown, var(--header-height, 0px)) + 0.5rem)' };

/** Loads sonner after the page's load event (lib/toast.ts: it is kept out of the entry). */
function useSonnerAfterLoad() {
  useEffect(() => {
    const load = () => {
      // A failed load is tried again by the first toast (lib/toast.ts).
      loadSonner().catch(() => undefined);
    };
    if (document.readyState === 'complete') {
      load();
      return;
    }
    window.addEventListener('load', load, { once: true });
    return () => window.removeEventListener('load', load);
  }, []);
}

/** Toasts close after 3000 ms, as the spec says. Draws nothing until sonner has loaded. */
export function Toaster() {
  useSonnerAfterLoad();
  const sonner = useSyncExternalStore(onSonnerLoaded, loadedSonner, () => null);
  if (!sonner) return null;
  const Sonner = sonner.Toaster;
  return (
    <Sonner
      position="top-center"
      duration={3000}
      richColors
      closeButton
      // Given, so sonner does not ask getComputedStyle for it on every render (a forced style
      // recalculation while the page's data arrives; issue 29). The shop is left-to-right.
      dir="ltr"
      offset={belowHeader}
      mobileOffset={belowHeader}
      style={readableColours}
    />
  );
}

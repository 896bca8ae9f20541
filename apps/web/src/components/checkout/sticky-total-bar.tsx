import { useSyncExternalStore, type ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton.tsx';

/** The widths the bar is for (below the md breakpoint, where the summary is not beside the form). */
export const STICKY_BAR_MEDIA = '(max-width: 767.98px)';

const media = () =>
  typeof window.matchMedia === 'function' ? window.matchMedia(STICKY_BAR_MEDIA) : null;

function subscribe(onChange: () => void) {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/**
 * Whether the sticky bar is in use at this width. The page then shows its main action only in
 * the bar (one Place order on screen and for screen readers), and its own copy otherwise.
 */
export function useStickyBarShown(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}

export interface StickyTotalBarProps {
  /** What the figure is ("Total", "Total (before delivery)"). */
  label: string;
  /** The formatted figure; null while it loads (a skeleton, never "₹0"). */
  total: string | null;
  /** A short line under the figure ("+ delivery from ₹49"). */
  note?: ReactNode;
  /** The page's main action (Proceed to Checkout, Place order). */
  children: ReactNode;
}

/**
 * The total and the main action, kept at the bottom of a phone's screen on cart and checkout
 * (where a thumb can reach them): above the bottom navigation below 640 px, at the very bottom (clear of the
 * gesture bar: the safe-area inset) up to 768 px, gone from 768 px where the summary column is in
 * view. The page is padded by its height (index.css, `data-sticky-total-bar`), so it never
 * covers the end of the page. Render it only when useStickyBarShown() says so, and the page's
 * own copy of the action otherwise, so one of them is on screen at any width.
 */
export function StickyTotalBar({ label, total, note, children }: StickyTotalBarProps) {
  return (
    <div
      data-sticky-total-bar
      data-testid="sticky-total-bar"
      role="region"
      aria-label="Total and next step"
      className="sticky-total-bar fixed inset-x-0 z-30 border-t border-slate-200 bg-white pt-2 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] md:hidden"
    >
      <div className="mx-auto flex min-h-14 max-w-3xl items-center justify-between gap-3 pb-2">
        <div className="flex min-w-0 flex-col">
          <span className="text-xs font-medium text-slate-700">{label}</span>
          {total === null ? (
            <>
              <Skeleton className="my-0.5 h-6 w-24" />
              <span className="sr-only">Loading the total</span>
            </>
          ) : (
            <span className="text-lg leading-7 font-bold text-slate-900" data-testid="bar-total">
              {total}
            </span>
          )}
          {/* Wraps rather than cut off when the action is wide ("Waiting for payment..."). */}
          {note && <span className="text-xs leading-4 text-slate-700">{note}</span>}
        </div>
        <div className="shrink-0">{children}</div>
      </div>
    </div>
  );
}

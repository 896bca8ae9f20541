import { useEffect, useRef, useState, type RefObject } from 'react';
import type { CartLine } from '@shop/contracts';
import { Button } from '../../../components/ui/button.tsx';

/** How long the Undo of a removed line stays (ms). */
export const UNDO_MS = 5000;

export interface Removed {
  line: CartLine;
  /** Where it was in the list. */
  index: number;
}

/** A keyboard user's focus (focus-visible) holds the Undo; a thumb's tap does not. */
function keyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false;
  }
}

/**
 * Where a removed line was: "{name} removed." and Undo, for UNDO_MS (issue 59 item 7). The time
 * stops while a mouse rests on it or a keyboard user's focus is in it (WCAG 2.2.1), and starts
 * again in full when they leave. `onGone(hadFocus)` when the time is up, so the page can move a
 * focus that was on it before it goes.
 */
export function RemovedLine({
  removed,
  undoRef,
  onUndo,
  onGone,
}: {
  removed: Removed;
  undoRef: RefObject<HTMLButtonElement | null>;
  onUndo: (removed: Removed) => Promise<void>;
  onGone: (hadFocus: boolean) => void;
}) {
  const row = useRef<HTMLLIElement>(null);
  const [held, setHeld] = useState(false);
  const [busy, setBusy] = useState(false);
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => {
    if (held || busy) return;
    const timer = setTimeout(
      () => gone.current(row.current?.contains(document.activeElement) ?? false),
      UNDO_MS,
    );
    return () => clearTimeout(timer);
  }, [held, busy]);
  const name = removed.line.product_name;
  return (
    <li
      ref={row}
      data-testid="removed-line"
      className="flex items-center justify-between gap-3 rounded-2xl bg-slate-100 p-3 ring-1 ring-slate-200"
      onFocus={(e) => setHeld(keyboardFocus(e.target))}
      onBlur={(e) => {
        if (!row.current?.contains(e.relatedTarget)) setHeld(false);
      }}
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHeld(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHeld(false)}
    >
      <p role="status" className="min-w-0 text-sm text-slate-800">
        <span className="font-semibold">{name}</span> removed.
      </p>
      <Button
        ref={undoRef}
        variant="secondary"
        className="shrink-0 px-4"
        aria-label={`Undo: put ${name} back in the cart`}
        // Not disabled while it works: a disabled button would drop the keyboard's focus.
        aria-disabled={busy}
        onClick={() => {
          if (busy) return;
          setBusy(true);
          void onUndo(removed);
        }}
      >
        Undo
      </Button>
    </li>
  );
}

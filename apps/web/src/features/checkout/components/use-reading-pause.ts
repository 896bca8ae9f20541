import { useEffect, useRef, useState } from 'react';

/** Elements whose focus means the shopper is using the page (not a heading focused on arrival). */
const INTERACTIVE = 'a[href], button, input, select, textarea, summary, [contenteditable="true"]';

const isInteractive = (target: EventTarget | null): boolean =>
  target instanceof Element && target.matches(INTERACTIVE);

/**
 * Moves on after `delayMs` (the result pages' 2 s, accounts-checkout-payments §2), but gives the
 * shopper time to read (issue 59 item 4): the move waits while a finger or the mouse is down on
 * the page or a control in it has the keyboard's focus, and starts its full delay again after the
 * last touch, scroll, wheel or key. `paused` says whether it is waiting on the shopper (for the
 * page's announcement). Nothing is scheduled while `enabled` is false.
 */
export function useReadingPause(
  onMove: () => void,
  { delayMs, enabled = true }: { delayMs: number; enabled?: boolean },
): { paused: boolean } {
  const [paused, setPaused] = useState(false);
  const move = useRef(onMove);
  useEffect(() => {
    move.current = onMove;
  }, [onMove]);

  useEffect(() => {
    if (!enabled) return;
    let holding = false;
    let focused = isInteractive(document.activeElement) && document.activeElement !== document.body;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      const waiting = holding || focused;
      setPaused(waiting);
      if (!waiting) timer = setTimeout(() => move.current(), delayMs);
    };
    const down = () => {
      holding = true;
      schedule();
    };
    const up = () => {
      holding = false;
      schedule();
    };
    const focusIn = (e: FocusEvent) => {
      focused = isInteractive(e.target);
      schedule();
    };
    const focusOut = (e: FocusEvent) => {
      focused = isInteractive(e.relatedTarget);
      schedule();
    };
    const listeners: [EventTarget, string, EventListener][] = [
      [document, 'pointerdown', down],
      [document, 'touchstart', down],
      [document, 'pointerup', up],
      [document, 'pointercancel', up],
      [document, 'touchend', up],
      [document, 'touchcancel', up],
      [window, 'scroll', schedule],
      [document, 'wheel', schedule],
      [document, 'keydown', schedule],
      [document, 'focusin', focusIn as EventListener],
      [document, 'focusout', focusOut as EventListener],
    ];
    for (const [target, type, fn] of listeners)
      target.addEventListener(type, fn, { passive: true });
    schedule();
    return () => {
      clearTimeout(timer);
      for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
    };
  }, [enabled, delayMs]);

  return { paused: enabled && paused };
}

import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';

/**
 * Every field's first problem, by the field's name (a contract's zod issues): all of them at once,
 * so the owner fixes the form in one go. A message that names the API's field in its words
 * ("road_factor is a number.") is said plainly instead.
 */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || name in out) continue;
    out[name] = plainMessage(issue.message);
  }
  return out;
}

/** "road_factor is between 1 and 5." → "Enter a number between 1 and 5." */
export function plainMessage(message: string): string {
  const m = /^[a-z]+(?:_[a-z]+)+ (.*)$/.exec(message);
  if (!m) return message;
  const rest = m[1]!;
  if (/^is a whole (number|percent)/.test(rest)) return 'Enter a whole number.';
  if (/^is a number/.test(rest)) return 'Enter a number.';
  if (/^is between/.test(rest)) return `Enter a number ${rest.replace(/^is /, '')}`;
  if (/^is text/.test(rest)) return 'Enter text.';
  return message;
}

/**
 * After a refused save, the form's first field marked invalid is scrolled to the middle of the
 * screen (clear of the sticky header and save bar) and focused. Call `focusFirstError()` when
 * the errors are set; it acts once they are on screen.
 */
export function useFocusFirstError() {
  const formRef = useRef<HTMLFormElement>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick === 0) return;
    const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!el) return;
    el.scrollIntoView?.({ block: 'center' });
    el.focus({ preventScroll: true });
  }, [tick]);
  return { formRef, focusFirstError: () => setTick((t) => t + 1) };
}

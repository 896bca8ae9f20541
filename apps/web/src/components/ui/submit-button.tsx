import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * A form's full-width submit button; it says what is happening while the form is busy. Disabled
 * while busy, which drops the focus to the page's body when it had it: once the form is done
 * (and still shown), the focus comes back to it, not lost.
 */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (wasBusy.current && !busy && lost) ref.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  return (
    <Button ref={ref} type="submit" className="min-h-11 w-full" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

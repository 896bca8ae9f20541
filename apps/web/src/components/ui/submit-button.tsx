import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A form's full-width submit button; it says what is happening while the form is busy. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className="min-h-11 w-full" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

/**
 * An order's action asked to be confirmed, beside the button that asked for it: what it will do,
 * then "Yes, …" or "Not now". One tap never moves an order or records money.
 */
export function OrderConfirmStep({
  children,
  yes,
  busy,
  onYes,
  onNo,
}: {
  /** What the action will do. */
  children: ReactNode;
  /** The confirming button's words, e.g. "Yes, mark Delivered". */
  yes: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  // The keyboard follows the question (it appears below the button that asked).
  useEffect(() => group.current?.querySelector('button')?.focus(), []);
  return (
    <div
      ref={group}
      role="group"
      aria-label="Confirm"
      data-testid="order-confirm-step"
      className="flex flex-col gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200"
    >
      <p className="text-sm text-slate-900">{children}</p>
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={onYes}>
          {yes}
        </Button>
        <Button variant="ghost" onClick={onNo}>
          Not now
        </Button>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { inr } from '../../lib/format.ts';

/**
 * Cancel order, asked to be confirmed: cancelling puts the stock back and, for an order paid
 * through the gateway, refunds up to what is left to refund (the owner may refund less).
 */
export function OrderCancelPanel({
  refundable,
  upiRefund,
  refund,
  onRefund,
  busy,
  onCancel,
}: {
  /** Rupees still refundable through the gateway, 0 when none. */
  refundable: number;
  /** Rupees paid by UPI into the shop's account, which the shop pays back itself; 0 when none. */
  upiRefund: number;
  refund: string;
  onRefund: (refund: string) => void;
  busy: boolean;
  onCancel: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-red-50 p-3 ring-1 ring-red-200">
      {!confirming ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Cancel order…
        </Button>
      ) : (
        <>
          <p className="text-sm text-slate-900">
            Cancelling puts the stock back
            {refundable > 0
              ? ' and refunds the payment through the gateway.'
              : upiRefund > 0
                ? `, and records a refund of ${inr(upiRefund)} for you to send the customer by UPI (then enter its UTR on this page).`
                : '.'}
          </p>
          {refundable > 0 && (
            <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
              Refund amount (₹, at most {inr(refundable)})
              <input
                className={fieldClass}
                inputMode="decimal"
                value={refund}
                onChange={(e) => onRefund(e.target.value)}
              />
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            <Button disabled={busy} onClick={onCancel}>
              {refundable > 0 ? 'Cancel and refund' : 'Cancel order'}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep the order
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

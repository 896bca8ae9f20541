import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import type { UpiPayment } from '@shop/contracts';
import { checkUtr, UPI_MESSAGES } from '@shop/domain';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { UpiQrCard } from '../../../components/payment/upi-qr-card.tsx';
import { errorText } from '../../../lib/api-request.ts';
import { inr } from '../../../lib/format.ts';

interface UpiPayPanelProps {
  payment: UpiPayment;
  /** Sends the UTR; rejects with the server's refusal. */
  onSubmitUtr: (utr: string) => Promise<unknown>;
  submitting: boolean;
}

/**
 * Paying an order by UPI (decision 0039): the QR code of the `upi://pay` link (drawn by the
 * server), the shop's UPI ID with a copy button, on phones a button that opens the UPI app with
 * the same link, then the payment's 12-digit UTR. Once sent, the order waits for the shop.
 */
export function UpiPayPanel({ payment, onSubmitUtr, submitting }: UpiPayPanelProps) {
  const amount = inr(payment.amount);
  const [copied, setCopied] = useState(false);
  const [utr, setUtr] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [editing, setEditing] = useState(false);
  /** "I have paid" was just sent: the confirmation that replaces the form is brought into view. */
  const [sent, setSent] = useState(false);
  const confirmation = useRef<HTMLElement>(null);
  const awaiting = payment.state === 'awaiting-confirmation' && !editing;
  useEffect(() => {
    if (!sent || !awaiting || !confirmation.current) return;
    // The form was where the shopper's eyes were, far below the confirmation at the top
    // (issue 59 item 4): bring the confirmation below the sticky header and put the focus there.
    confirmation.current.scrollIntoView({ block: 'start' });
    confirmation.current.focus({ preventScroll: true });
    setSent(false);
  }, [sent, awaiting]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payment.upi_id);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const c = checkUtr(utr);
    if (!c.ok) {
      setError(c.message);
      return;
    }
    setError(undefined);
    try {
      await onSubmitUtr(c.utr);
      setEditing(false);
      setUtr('');
      setSent(true);
    } catch (err) {
      setError(errorText(err));
    }
  };

  if (payment.state === 'paid') {
    return (
      <Status tone="green" title="Payment confirmed" testId="upi-state">
        The shop received your payment of {amount}. Your order is {payment.orderStatus}.
        <TrackLink orderId={payment.order_id} />
      </Status>
    );
  }
  if (payment.state === 'cancelled') {
    return (
      <Status tone="red" title="Order cancelled" testId="upi-state">
        The shop could not find this payment, so the order was cancelled. If you paid, contact the
        shop with your UTR{payment.utr ? ` ${payment.utr}` : ''}.
        <TrackLink orderId={payment.order_id} />
      </Status>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {awaiting ? (
        <Status
          tone="amber"
          title={UPI_MESSAGES.awaitingConfirmation}
          testId="upi-state"
          ref={confirmation}
        >
          You entered UTR <strong className="font-mono">{payment.utr}</strong>.{' '}
          <strong>What happens next:</strong> the shop checks its bank for your {amount} and
          confirms the payment as soon as it sees it (UPI money usually arrives within minutes). We
          email you then, and your order moves to Processing to be packed. Nothing more to do here.
          <span className="mt-3 flex flex-wrap gap-2">
            <TrackLink orderId={payment.order_id} inline />
            <Button variant="secondary" className="min-h-11" onClick={() => setEditing(true)}>
              Correct the UTR
            </Button>
          </span>
        </Status>
      ) : (
        <UpiQrCard payment={payment} copied={copied} onCopy={() => void copy()} />
      )}
      {!awaiting && (
        <form
          onSubmit={(e) => void submit(e)}
          noValidate
          aria-labelledby="utr-title"
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
        >
          <h2 id="utr-title" className="text-lg font-bold text-slate-900">
            After paying: the UTR
          </h2>
          <p className="text-sm text-slate-700">
            Your UPI app shows a 12-digit UTR (also called UPI reference or transaction ID) for the
            payment. Enter it so the shop can find your money.
          </p>
          <TextField
            label="UTR / UPI reference (12 digits)"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={utr}
            error={error}
            onChange={(e) => {
              setUtr(e.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" disabled={submitting} className="min-h-11 px-5 text-base">
            {submitting ? 'Sending…' : 'I have paid'}
          </Button>
        </form>
      )}
    </div>
  );
}

function TrackLink({ orderId, inline = false }: { orderId: string; inline?: boolean }) {
  return (
    <Link
      to={`/track/${encodeURIComponent(orderId)}`}
      className={buttonClass('secondary', `min-h-11 px-4 ${inline ? '' : 'mt-3 w-fit'}`)}
    >
      Track order
    </Link>
  );
}

const TONES = {
  green: 'bg-green-50 text-green-900 ring-green-200',
  amber: 'bg-amber-50 text-amber-950 ring-amber-200',
  red: 'bg-red-50 text-red-900 ring-red-200',
} as const;

function Status({
  tone,
  title,
  testId,
  children,
  ref,
}: {
  tone: keyof typeof TONES;
  title: string;
  testId: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
}) {
  return (
    <section
      ref={ref}
      role="status"
      tabIndex={-1}
      // Below the sticky header when scrolled into view.
      style={{ scrollMarginTop: 'calc(var(--header-height, 0px) + 1rem)' }}
      className={`flex flex-col rounded-2xl p-4 ring-1 outline-none focus-visible:ring-2 sm:p-6 ${TONES[tone]}`}
    >
      <h2 className="text-lg font-bold" data-testid={testId}>
        {title}
      </h2>
      <p className="mt-1 text-sm">{children}</p>
    </section>
  );
}

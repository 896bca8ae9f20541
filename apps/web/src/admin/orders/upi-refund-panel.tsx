import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AdminOrder, Order } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { inr } from '../../lib/format.ts';
import { adminJson } from '../lib/admin-api.ts';
import { OrderConfirmStep } from './order-confirm-step.tsx';
import { OutcomeNote, type Outcome } from '../lib/outcome-note.tsx';

const refundSent = (orderId: string, utr: string) =>
  adminJson<{ data: Order }>('POST', `/admin/orders/${orderId}/upi/refund-sent`, { utr }).then(
    (r) => r.data,
  );

/**
 * A cancelled UPI order's refund: the money reached the shop's own account, so no gateway pays
 * it back. The shop sends it by UPI from its bank app, then records that transfer's UTR here
 * (asked first): the order becomes Refunded and the customer is emailed.
 */
export function UpiRefundPanel({ order }: { order: AdminOrder }) {
  const client = useQueryClient();
  const inputId = useId();
  const [utr, setUtr] = useState('');
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  const run = useMutation({
    mutationFn: () => refundSent(order.order_id, utr),
    onSuccess: async (o) => {
      setAsking(false);
      setUtr('');
      setResult({
        ok: true,
        text:
          o.status === 'Refunded'
            ? 'Refund recorded: the order is Refunded and the customer was emailed.'
            : 'Refund recorded and the customer emailed; another refund still waits.',
      });
      await client.invalidateQueries({ queryKey: ['admin-order', order.order_id] });
      await client.invalidateQueries({ queryKey: ['admin-orders'] });
    },
    onError: (err) => {
      setAsking(false);
      setResult({ ok: false, text: errorText(err) });
    },
  });

  const pendingPaise = order.refunds
    .filter((r) => r.status === 'pending')
    .reduce((s, r) => s + Math.round(r.amount * 100), 0);
  const open = order.payment_mode === 'Pay by UPI' && order.status === 'Refund pending';
  if (!open && !result?.ok) return null;
  const amount = inr(pendingPaise / 100);

  return (
    <section
      aria-labelledby="upi-refund-title"
      className="flex flex-col gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200"
      data-testid="upi-refund"
    >
      <h2 id="upi-refund-title" className="font-semibold text-slate-900">
        {open ? `Refund of ${amount} to send by UPI` : 'UPI refund'}
      </h2>
      {open && (
        <>
          <p className="text-sm text-slate-900">
            The customer paid this order by UPI into your account, so you pay it back yourself: send{' '}
            {amount} to them by UPI from your bank app, then enter that transfer&apos;s 12-digit
            UTR.
          </p>
          <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
            UTR of your refund transfer
          </label>
          <input
            id={inputId}
            className={`${fieldClass} font-mono`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            value={utr}
            onChange={(e) => {
              setUtr(e.target.value);
              setResult(null);
            }}
            aria-invalid={result && !result.ok ? true : undefined}
          />
          {!asking ? (
            <Button
              className="min-h-11 self-start px-4"
              disabled={utr.trim() === ''}
              onClick={() => setAsking(true)}
            >
              Record refund sent…
            </Button>
          ) : (
            <OrderConfirmStep
              yes={`Yes, ${amount} sent`}
              busy={run.isPending}
              onYes={() => run.mutate()}
              onNo={() => setAsking(false)}
            >
              Only once {amount} has left your account with UTR{' '}
              <strong className="font-mono">{utr.trim()}</strong>. Order {order.order_number} will
              be marked Refunded and the customer emailed this UTR. This cannot be undone.
            </OrderConfirmStep>
          )}
        </>
      )}
      <OutcomeNote outcome={result} />
    </section>
  );
}

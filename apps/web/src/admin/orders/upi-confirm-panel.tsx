import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrder, Order } from '@shop/contracts';
import { manualPayStateOf, UPI_MESSAGES } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { errorText } from '../../lib/api-request.ts';
import { adminJson } from '../lib/admin-api.ts';
import { inr } from '../../lib/format.ts';
import { OutcomeNote, type Outcome } from '../lib/outcome-note.tsx';

type Decision = 'confirm' | 'reject';

/** A confirmation names the UTR shown to staff: one the customer changed since is refused (409). */
const decide = (order: AdminOrder, decision: Decision) =>
  adminJson<{ data: Order }>(
    'POST',
    `/admin/orders/${order.order_id}/upi/${decision}`,
    decision === 'confirm' ? { utr: order.utr } : {},
  ).then((r) => r.data);

/**
 * The orders desk's manual UPI step (decision 0039): an unpaid Pay by UPI order shows the UTR
 * the customer entered, and staff confirm the payment once they see it in the bank, or reject
 * it. Each asks first, in a dialog saying what it will do.
 */
export function UpiConfirmPanel({ order }: { order: AdminOrder }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [result, setResult] = useState<Outcome | null>(null);
  const run = useMutation({
    mutationFn: (d: Decision) => decide(order, d),
    onSuccess: async (o, d) => {
      setAsking(null);
      setResult({
        ok: true,
        text:
          d === 'confirm'
            ? `Payment confirmed: the order is ${o.orderStatus} and the customer was emailed.`
            : 'Payment rejected: the order is cancelled, its stock released and the customer told.',
      });
      await client.invalidateQueries({ queryKey: ['admin-order', order.order_id] });
      await client.invalidateQueries({ queryKey: ['admin-orders'] });
    },
    onError: async (err) => {
      setAsking(null);
      setResult({ ok: false, text: errorText(err) });
      // The order as it is now (a changed UTR shows, to be checked before confirming).
      await client.invalidateQueries({ queryKey: ['admin-order', order.order_id] });
    },
  });

  if (order.payment_mode !== 'Pay by UPI') return null;
  const state = manualPayStateOf({
    paymentStatus: order.status,
    orderStatus: order.orderStatus,
    utr: order.utr,
  });
  const open = state === 'awaiting-payment' || state === 'awaiting-confirmation';
  if (!open && !result) return null;
  const amount = inr(order.advance);

  return (
    <section
      aria-labelledby="upi-desk-title"
      className="flex flex-col gap-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200"
      data-testid="upi-desk"
    >
      <h2 id="upi-desk-title" className="font-semibold text-slate-900">
        UPI payment of {amount}
      </h2>
      <OutcomeNote outcome={result} />
      {open &&
        (state === 'awaiting-confirmation' ? (
          <>
            <p className="text-sm text-slate-900">
              <strong>{UPI_MESSAGES.awaitingConfirmation}.</strong> The customer says they paid; UTR{' '}
              <strong className="font-mono text-base">{order.utr}</strong>. Check your bank or UPI
              app for a credit of {amount} with this UTR before confirming.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button className="min-h-11 px-4" onClick={() => setAsking('confirm')}>
                Confirm payment…
              </Button>
              <Button
                variant="secondary"
                className="min-h-11 px-4"
                onClick={() => setAsking('reject')}
              >
                Reject payment…
              </Button>
            </div>
          </>
        ) : (
          <p className="text-sm text-slate-900">
            Waiting for the customer to pay by UPI and enter the UTR. You can cancel the order below
            if they do not.
          </p>
        ))}
      <Modal
        title={asking === 'reject' ? 'Reject this UPI payment?' : 'Confirm this UPI payment?'}
        open={asking !== null}
        onClose={() => setAsking(null)}
      >
        <div className="flex flex-col gap-4">
          {asking === 'confirm' ? (
            <p className="text-base text-slate-900">
              Only if {amount} with UTR <strong className="font-mono">{order.utr}</strong> is in
              your bank account. Order {order.order_number} will be marked <strong>paid</strong> and
              moved to <strong>Processing</strong>; the customer gets the order confirmation email.
              This cannot be undone (a later cancel means refunding them by UPI yourself).
            </p>
          ) : (
            <p className="text-base text-slate-900">
              Order {order.order_number} will be <strong>cancelled</strong>, its stock put back, and
              the customer emailed that the payment with UTR{' '}
              <strong className="font-mono">{order.utr}</strong> was not found.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              className="min-h-11 px-4"
              disabled={run.isPending}
              onClick={() => asking && run.mutate(asking)}
            >
              {run.isPending
                ? 'Working…'
                : asking === 'reject'
                  ? 'Reject and cancel the order'
                  : `Yes, ${amount} arrived: confirm`}
            </Button>
            <Button variant="ghost" className="min-h-11 px-4" onClick={() => setAsking(null)}>
              Go back
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}

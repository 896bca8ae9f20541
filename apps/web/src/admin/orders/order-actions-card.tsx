import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrder } from '@shop/contracts';
import { allowedOrderMoves, isDispatched, ORDER_STATUSES, type OrderStatus } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { inr } from '../../lib/format.ts';
import { OrderCancelPanel } from './order-cancel-panel.tsx';
import { OrderConfirmStep } from './order-confirm-step.tsx';
import { DeskCard } from './order-desk-card.tsx';
import { collectOrder, downloadInvoice, downloadPackingSlip, patchOrder } from './orders-api.ts';
import { ShipDialog } from './ship-dialog.tsx';

/** Moving to this status ships the order (from before Shipped): the ship dialog asks first. */
const shipsNow = (s: OrderStatus) => s === 'Shipped' || s === 'Out for delivery';

/** Rupees still refundable through the gateway: the online payment less the refunds not failed. */
const refundableOf = (order: AdminOrder) =>
  Math.max(
    0,
    order.status === 'Success' && order.razorpay_order_id
      ? order.advance -
          order.refunds.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amount, 0)
      : 0,
  );

/** What moving the order to `to` does, said before it is done. */
export function moveQuestion(order: AdminOrder, to: OrderStatus): string {
  const from = ORDER_STATUSES.indexOf(order.orderStatus);
  const skipped = ORDER_STATUSES.slice(from + 1, ORDER_STATUSES.indexOf(to));
  return [
    `Mark this order ${to}?`,
    skipped.length > 0 ? `It skips ${new Intl.ListFormat('en-IN').format(skipped)}.` : '',
    isDispatched(to) && !order.invoice ? 'Its GST tax invoice is issued now.' : '',
    'The customer is emailed, and its status cannot go back.',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The order desk's actions: the next statuses (shipping through the ship dialog), cancel with a
 * refund, collecting a pay-on-delivery balance, and printing the packing slip and invoice.
 */
export function OrderActionsCard({
  order,
  onDone,
  onFail,
}: {
  order: AdminOrder;
  /** A change was made: say so and read the order again. */
  onDone: (text: string) => Promise<void>;
  onFail: (err: unknown) => void;
}) {
  const [shipTo, setShipTo] = useState<OrderStatus | null>(null);
  /** The action asked to be confirmed: a move (not shipping: its dialog asks) or collecting. */
  const [asking, setAsking] = useState<OrderStatus | 'collect' | null>(null);
  const [note, setNote] = useState('');
  const refundable = refundableOf(order);
  const [refund, setRefund] = useState(refundable.toFixed(2));

  const done = async (text: string) => {
    setNote('');
    setAsking(null);
    await onDone(text);
  };
  const move = useMutation({
    mutationFn: (to: OrderStatus) =>
      patchOrder(order.order_id, {
        orderStatus: to,
        version: order.version,
        note,
        ...(to === 'Cancelled' &&
          refundable > 0 && { refund_amount: Number(Number(refund).toFixed(2)) }),
      }),
    onSuccess: (o) => done(`Moved to ${o.orderStatus}.`),
    onError: onFail,
  });
  const collect = useMutation({
    mutationFn: () => collectOrder(order.order_id, order.version),
    onSuccess: () => done('Marked collected: the order is fully paid.'),
    onError: onFail,
  });
  const print = useMutation({
    mutationFn: (what: 'slip' | 'invoice') =>
      what === 'slip' ? downloadPackingSlip(order) : downloadInvoice(order),
    onError: onFail,
  });

  const next = allowedOrderMoves({
    from: order.orderStatus,
    paymentMode: order.payment_mode,
    paymentStatus: order.status,
    payNowPaise: Math.round(order.advance * 100),
  });
  const forward = next.filter((s) => s !== 'Cancelled');
  const canCancel = next.includes('Cancelled');
  const busy = move.isPending || collect.isPending;
  const moveOrShip = (to: OrderStatus) => {
    if (shipsNow(to) && !isDispatched(order.orderStatus)) setShipTo(to);
    else setAsking(to);
  };
  const canCollect =
    order.payment_mode === 'Pay on delivery' &&
    order.remaining_amount > 0 &&
    !order.collected_at &&
    (order.orderStatus === 'Out for delivery' || order.orderStatus === 'Delivered');

  return (
    <>
      <DeskCard title="Actions">
        {forward.length === 0 && !canCollect && (
          <p className="text-sm text-slate-700">
            {order.orderStatus === 'Delivered' || order.orderStatus === 'Cancelled'
              ? `This order is ${order.orderStatus}; its status cannot change any more.`
              : 'The payment has not arrived: the order can only move once it is paid.'}
          </p>
        )}
        {(forward.length > 0 || canCancel) && (
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            Note for the customer (optional)
            <input
              className={fieldClass}
              value={note}
              maxLength={500}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
        )}
        {forward.length > 0 && (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Move the order">
            {forward.map((s) => (
              <Button key={s} disabled={busy} onClick={() => moveOrShip(s)}>
                Mark {s}
              </Button>
            ))}
          </div>
        )}
        {asking && asking !== 'collect' && (
          <OrderConfirmStep
            yes={`Yes, mark ${asking}`}
            busy={busy}
            onYes={() => move.mutate(asking)}
            onNo={() => setAsking(null)}
          >
            {moveQuestion(order, asking)}
          </OrderConfirmStep>
        )}
        {canCollect && (
          <Button disabled={busy} onClick={() => setAsking('collect')}>
            Collected {inr(order.remaining_amount)} at delivery
          </Button>
        )}
        {asking === 'collect' && (
          <OrderConfirmStep
            yes={`Yes, ${inr(order.remaining_amount)} collected`}
            busy={busy}
            onYes={() => collect.mutate()}
            onNo={() => setAsking(null)}
          >
            Record {inr(order.remaining_amount)} collected at delivery? The order is then fully
            paid; this cannot be undone.
          </OrderConfirmStep>
        )}
        {canCancel && (
          <OrderCancelPanel
            refundable={refundable}
            upiRefund={
              order.payment_mode === 'Pay by UPI' && order.status === 'Success' ? order.advance : 0
            }
            refund={refund}
            onRefund={setRefund}
            busy={busy}
            onCancel={() => move.mutate('Cancelled')}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={print.isPending}
            onClick={() => print.mutate('slip')}
          >
            Print packing slip
          </Button>
          {order.invoice && (
            <Button
              variant="secondary"
              disabled={print.isPending}
              onClick={() => print.mutate('invoice')}
            >
              Print invoice {order.invoice.number}
            </Button>
          )}
        </div>
      </DeskCard>
      <ShipDialog
        order={order}
        to={shipTo}
        onClose={() => setShipTo(null)}
        onShipped={(o) => {
          setShipTo(null);
          void done(`Moved to ${o.orderStatus}.`);
        }}
      />
    </>
  );
}

import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrder, Order } from '@shop/contracts';
import { checkShippingDetails, type OrderStatus } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { patchOrder } from './orders-api.ts';
import {
  draftOf,
  problemsByField,
  ShippingFields,
  shippingErrorOf,
  type ShippingProblems,
} from './shipping-fields.tsx';

/**
 * Shipping an order (moving it to Shipped, or straight to Out for delivery): asks for the courier
 * and tracking number, or "delivered by us", then says what it will do and acts only when the
 * shop confirms.
 */
export function ShipDialog({
  order,
  to,
  onClose,
  onShipped,
}: {
  order: AdminOrder;
  /** The status the order moves to; null: the dialog is closed. */
  to: OrderStatus | null;
  onClose: () => void;
  onShipped: (o: Order) => void;
}) {
  return (
    <Modal title={`Ship order ${order.order_number}`} open={to !== null} onClose={onClose}>
      {to && <ShipForm order={order} to={to} onClose={onClose} onShipped={onShipped} />}
    </Modal>
  );
}

function ShipForm({
  order,
  to,
  onClose,
  onShipped,
}: {
  order: AdminOrder;
  to: OrderStatus;
  onClose: () => void;
  onShipped: (o: Order) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(order));
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<ShippingProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ courier: string; trackingNumber: string } | null>(
    null,
  );
  const ship = useMutation({
    mutationFn: (d: { courier: string; trackingNumber: string }) =>
      patchOrder(order.order_id, {
        orderStatus: to,
        version: order.version,
        note,
        courier: d.courier,
        trackingNumber: d.trackingNumber,
      }),
    onSuccess: onShipped,
    onError: (err) => {
      const e = shippingErrorOf(err);
      setProblems(e.problems);
      setMessage(e.message);
      setConfirming(null);
    },
  });

  if (confirming) {
    return (
      <div className="flex flex-col gap-4" data-testid="ship-confirm">
        <p className="text-base text-slate-900">
          Mark order <span className="font-semibold break-all">{order.order_number}</span>{' '}
          <span className="font-semibold">{to}</span>
          {draft.ownDelivery ? (
            <>, delivered by the shop (no tracking number)?</>
          ) : (
            <>
              {' '}
              with <span className="font-semibold">{confirming.courier}</span>, tracking number{' '}
              <span className="font-semibold break-all">{confirming.trackingNumber}</span>?
            </>
          )}
        </p>
        <p className="text-sm text-slate-700">
          The customer is emailed {draft.ownDelivery ? 'that it is on its way' : 'these details'}
          {note ? ', with your note' : ''}. Its status cannot go back.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={ship.isPending}
            onClick={() => setConfirming(null)}
          >
            Back
          </Button>
          <Button
            className="min-h-11"
            disabled={ship.isPending}
            onClick={() => ship.mutate(confirming)}
          >
            {ship.isPending ? 'Shipping…' : `Yes, mark ${to}`}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(null);
        const check = checkShippingDetails(draft);
        if (!check.ok) {
          setProblems(problemsByField(check.problems));
          return;
        }
        setProblems({});
        setConfirming({ courier: check.courier, trackingNumber: check.trackingNumber });
      }}
    >
      <ShippingFields draft={draft} onChange={setDraft} problems={problems} idPrefix="ship" />
      <TextField
        label="Note for the customer (optional)"
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      <FormAlert message={message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" className="min-h-11" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" className="min-h-11">
          Continue
        </Button>
      </div>
    </form>
  );
}

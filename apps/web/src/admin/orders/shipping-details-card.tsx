import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminOrder, Order } from '@shop/contracts';
import { checkShippingDetails, OWN_DELIVERY_COURIER, shippingDetailsEditable } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { patchOrder } from './orders-api.ts';
import {
  draftOf,
  problemsByField,
  ShippingFields,
  shippingErrorOf,
  type ShippingProblems,
} from './shipping-fields.tsx';

/**
 * The courier and tracking number of a shipped order; while it is Shipped or Out for delivery
 * (the domain's shippingDetailsEditable) the shop can change them, and "Saved." shows beside
 * the button that saved.
 */
export function ShippingDetailsCard({
  order,
  onSaved,
}: {
  order: AdminOrder;
  onSaved: (o: Order) => Promise<void>;
}) {
  const editable = shippingDetailsEditable(order.orderStatus);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!editable && !order.courier && !order.tracking_number) return null;
  return (
    <section
      aria-labelledby="shipping-details-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="admin-shipping-details"
    >
      <h2 id="shipping-details-title" className="text-lg font-bold text-slate-900">
        Courier and tracking
      </h2>
      {editing ? (
        <EditShipping
          order={order}
          onCancel={() => setEditing(false)}
          onSaved={async (o) => {
            await onSaved(o);
            setEditing(false);
            setSaved(true);
          }}
        />
      ) : (
        <>
          <p className="text-sm break-words text-slate-900">
            {order.courier === OWN_DELIVERY_COURIER
              ? 'Delivered by us (no tracking number).'
              : order.courier || order.tracking_number
                ? `Courier: ${order.courier || '—'} · Tracking number: ${order.tracking_number || '—'}`
                : 'No courier or tracking number yet.'}
          </p>
          {editable && (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="secondary"
                className="min-h-11"
                onClick={() => {
                  setSaved(false);
                  setEditing(true);
                }}
              >
                Change courier or tracking
              </Button>
              <p role="status" className="text-sm font-semibold text-green-800">
                {saved ? 'Saved.' : ''}
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function EditShipping({
  order,
  onCancel,
  onSaved,
}: {
  order: AdminOrder;
  onCancel: () => void;
  onSaved: (o: Order) => Promise<void>;
}) {
  const [draft, setDraft] = useState(() => draftOf(order));
  const [problems, setProblems] = useState<ShippingProblems>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (d: { courier: string; trackingNumber: string }) =>
      patchOrder(order.order_id, {
        orderStatus: order.orderStatus,
        version: order.version,
        courier: d.courier,
        trackingNumber: d.trackingNumber,
      }),
    onSuccess: onSaved,
    onError: (err) => {
      const e = shippingErrorOf(err);
      setProblems(e.problems);
      setMessage(e.message);
    },
  });
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        setMessage(null);
        const check = checkShippingDetails(draft);
        if (!check.ok) {
          setProblems(problemsByField(check.problems));
          return;
        }
        setProblems({});
        save.mutate(check);
      }}
    >
      <ShippingFields draft={draft} onChange={setDraft} problems={problems} idPrefix="edit-ship" />
      <FormAlert message={message} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="min-h-11" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save courier and tracking'}
        </Button>
        <Button variant="secondary" className="min-h-11" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

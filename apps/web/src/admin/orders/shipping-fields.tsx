import { OWN_DELIVERY_COURIER, type ShippingDetailsDraft } from '@shop/domain';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';

export type ShippingField = 'courier' | 'trackingNumber';
export type ShippingProblems = Partial<Record<ShippingField, string>>;

/** The draft an order's stored details start from ("delivered by us" when the shop delivered). */
export function draftOf(order: { courier: string; tracking_number: string }): ShippingDetailsDraft {
  const own = order.courier === OWN_DELIVERY_COURIER;
  return {
    ownDelivery: own,
    courier: own ? '' : order.courier,
    trackingNumber: own ? '' : order.tracking_number,
  };
}

/**
 * "Delivered by us", the courier and the tracking number, each error under its own box. Used by
 * the ship dialog and by the shipped order's details form.
 */
export function ShippingFields({
  draft,
  onChange,
  problems,
  idPrefix,
}: {
  draft: ShippingDetailsDraft;
  onChange: (d: ShippingDetailsDraft) => void;
  problems: ShippingProblems;
  idPrefix: string;
}) {
  return (
    <div className="flex flex-col gap-3">
      <label className="flex min-h-11 items-center gap-3 text-sm font-semibold text-slate-800">
        <input
          type="checkbox"
          className="size-6 shrink-0"
          checked={draft.ownDelivery}
          onChange={(e) => onChange({ ...draft, ownDelivery: e.target.checked })}
        />
        Delivered by us (no courier)
      </label>
      {!draft.ownDelivery && (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            id={`${idPrefix}-courier`}
            label="Courier"
            value={draft.courier}
            maxLength={80}
            autoComplete="off"
            error={problems.courier}
            onChange={(e) => onChange({ ...draft, courier: e.target.value })}
          />
          <TextField
            id={`${idPrefix}-tracking`}
            label="Tracking number"
            value={draft.trackingNumber}
            maxLength={80}
            autoComplete="off"
            error={problems.trackingNumber}
            onChange={(e) => onChange({ ...draft, trackingNumber: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}

/** A failed save: beside the field the server named, else a message for the whole form. */
export function shippingErrorOf(err: unknown): {
  problems: ShippingProblems;
  message: string | null;
} {
  const field = err instanceof ServerError ? err.field : null;
  if (field === 'courier' || field === 'trackingNumber') {
    return { problems: { [field]: errorText(err) }, message: null };
  }
  return { problems: {}, message: errorText(err) };
}

/** The check's problems by field, for `ShippingFields`. */
export const problemsByField = (list: { field: ShippingField; message: string }[]) =>
  Object.fromEntries(list.map((p) => [p.field, p.message])) as ShippingProblems;

import type { FormEvent } from 'react';
import type { UpiSettings } from '@shop/contracts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { useSettingsForm } from './use-settings-form.ts';

const KEY = ['admin', 'settings', 'upi'];
const FIELDS = ['upi_id', 'payee_name'] as const;

/**
 * Manual UPI payment (the spec's paymanual, decision 0039): the shop's UPI ID and payee name,
 * and whether checkout offers "Pay by UPI". Customers pay to this ID by QR or their UPI app, and
 * the shop confirms each payment in the orders desk once the money is in its bank.
 */
export function UpiForm() {
  const { query, form, setForm, saved, setSaved, save } = useSettingsForm<UpiSettings>(
    KEY,
    '/admin/settings/upi',
    'PUT',
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  const change = (patch: Partial<UpiSettings>) => {
    setSaved(false);
    save.reset();
    setForm((f) => (f ? { ...f, ...patch } : f));
  };
  const err = save.error;
  const fieldOf = err instanceof ServerError ? err.field : null;
  const fieldError = (name: (typeof FIELDS)[number]) =>
    fieldOf === name ? errorText(err) : undefined;
  const formError = err && !FIELDS.some((f) => f === fieldOf) ? errorText(err) : null;

  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!form) return null;
  return (
    <form
      onSubmit={submit}
      aria-labelledby="upi-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <h2 id="upi-title" className="font-semibold text-slate-900">
        UPI payments (no gateway fee)
      </h2>
      <p className="text-sm text-slate-700">
        Customers pay the order total straight to your UPI ID by QR code or their UPI app and type
        the payment&apos;s 12-digit UTR. Each order waits, holding its stock, until you or your
        staff confirm the money is in your bank (Orders → the order → Confirm payment).
      </p>
      <TextField
        label="UPI ID"
        placeholder="yourshop@okhdfcbank"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={form.upi_id}
        error={fieldError('upi_id')}
        onChange={(e) => change({ upi_id: e.target.value })}
      />
      <TextField
        label="Payee name (as your bank shows it)"
        autoComplete="off"
        value={form.payee_name}
        maxLength={60}
        error={fieldError('payee_name')}
        onChange={(e) => change({ payee_name: e.target.value })}
      />
      <label className="flex min-h-11 items-start gap-3 text-base text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-orange-700"
          checked={form.enabled}
          onChange={(e) => change({ enabled: e.target.checked })}
        />
        <span>
          Offer &ldquo;Pay by UPI&rdquo; at checkout
          <span className="block text-sm text-slate-700">
            It comes first among the payment modes, before Pay now and Pay on delivery.
          </span>
        </span>
      </label>
      <SaveBar
        label="Save UPI settings"
        pending={save.isPending}
        saved={saved}
        problem={formError}
      />
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreButtonsResponse } from '@shop/contracts';
import { CART_MODE_LABELS } from '@shop/domain';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { SaveBar } from '../layout/save-bar.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { useReportUnsaved } from './unsaved-changes.tsx';

const KEY = ['admin', 'settings', 'buttons'];
type Buttons = StoreButtonsResponse['data'];

const HINTS: Record<Buttons['cart_buttons'][number]['button_id'], string> = {
  addtocart: 'Shoppers fill a cart and check out.',
  buynow: 'Checks out one item at once, skipping the cart.',
  getquote: 'Shoppers ask for a price; the shop answers from the inbox.',
};
const PAY_HINTS: Record<Buttons['pay_buttons'][number]['button_id'], string> = {
  paynow: 'The whole total online (Razorpay).',
  payondelivery: 'The advance set in the profile online, the rest on delivery.',
};

const PAY_LABELS: Record<Buttons['pay_buttons'][number]['button_id'], string> = {
  paynow: 'Pay now',
  payondelivery: 'Pay on delivery',
};

/** A checkbox with its name and a line saying what it does. */
function Toggle(p: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label
      className={`flex min-h-11 items-start gap-3 text-base text-slate-900 ${p.className ?? ''}`}
    >
      <input
        type="checkbox"
        className="mt-1 size-5 shrink-0 accent-orange-700"
        checked={p.checked}
        onChange={(e) => p.onChange(e.target.checked)}
      />
      <span>
        {p.label}
        <span className="block text-sm text-slate-700">{p.hint}</span>
      </span>
    </label>
  );
}

/** Which purchase buttons the storefront shows, the default one, and the payment modes. */
export function ButtonsForm() {
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<StoreButtonsResponse>('GET', '/admin/settings/buttons'),
  });
  if (query.error) return <FormAlert message={errorText(query.error)} />;
  if (!query.data) return null;
  return <ButtonsEditor initial={query.data.data} />;
}

function ButtonsEditor({ initial }: { initial: Buttons }) {
  const client = useQueryClient();
  const [stored, setStored] = useState(initial);
  const [form, setForm] = useState(initial);
  const dirty = JSON.stringify(form) !== JSON.stringify(stored);
  useReportUnsaved('Buying and paying', dirty);
  const save = useMutation({
    mutationFn: (b: Buttons) =>
      adminJson<StoreButtonsResponse>('PUT', '/admin/settings/buttons', b),
    onSuccess: (res, sent) => {
      client.setQueryData(KEY, res);
      setStored(res.data);
      // Ticks changed while the save was on its way stay as they are (and unsaved).
      setForm((current) => (JSON.stringify(current) === JSON.stringify(sent) ? res.data : current));
    },
  });
  const change = (next: Buttons) => {
    save.reset();
    setForm(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };

  return (
    <form
      id="buttons"
      onSubmit={submit}
      aria-labelledby="buttons-title"
      className="flex flex-col gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      noValidate
    >
      <h2 id="buttons-title" className="font-semibold text-slate-900">
        Buying and paying
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          Buttons on products (tick to show; the default decides how the shop sells)
        </legend>
        {form.cart_buttons.map((b, i) => (
          <div
            key={b.button_id}
            className="flex flex-wrap items-start gap-x-4 gap-y-1 rounded-lg p-2 ring-1 ring-slate-200"
          >
            <Toggle
              className="flex-1"
              label={CART_MODE_LABELS[b.button_id]}
              hint={HINTS[b.button_id]}
              checked={b.active}
              onChange={(active) =>
                change({
                  ...form,
                  cart_buttons: form.cart_buttons.map((x, j) => (j === i ? { ...x, active } : x)),
                })
              }
            />
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="default-cart-button"
                className="size-5 shrink-0 accent-orange-700"
                checked={form.default_cart_button === b.button_id}
                onChange={() => change({ ...form, default_cart_button: b.button_id })}
              />
              Default
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">
          Payment modes at checkout (tick to offer; the label is what shoppers see)
        </legend>
        {form.pay_buttons.map((b, i) => (
          <div
            key={b.button_id}
            className="flex flex-col gap-2 rounded-lg p-2 ring-1 ring-slate-200"
          >
            <Toggle
              label={PAY_LABELS[b.button_id]}
              hint={PAY_HINTS[b.button_id]}
              checked={b.active}
              onChange={(active) =>
                change({
                  ...form,
                  pay_buttons: form.pay_buttons.map((x, j) => (j === i ? { ...x, active } : x)),
                })
              }
            />
            <input
              aria-label={`Label of ${PAY_LABELS[b.button_id]}`}
              className={fieldClass}
              value={b.label}
              maxLength={40}
              onChange={(e) =>
                change({
                  ...form,
                  pay_buttons: form.pay_buttons.map((x, j) =>
                    j === i ? { ...x, label: e.target.value } : x,
                  ),
                })
              }
            />
          </div>
        ))}
      </fieldset>
      <SaveBar
        label="Save buttons"
        pending={save.isPending}
        saved={save.isSuccess && !dirty}
        problem={save.error ? errorText(save.error) : null}
      />
    </form>
  );
}

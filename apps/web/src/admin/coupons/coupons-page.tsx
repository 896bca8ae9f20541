import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import type { AdminCoupon, AdminCouponListResponse, AdminCouponResponse } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fieldClass, TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { inr } from '../../lib/format.ts';
import {
  bodyOf,
  draftOf,
  draftProblems,
  EMPTY,
  FIELD_OF,
  offerText,
  type Draft,
  type DraftField,
  type Problems,
} from './coupon-draft.ts';
import { CouponMarks } from './coupon-marks.tsx';

const KEY = ['admin', 'coupons'];

function CouponForm({ editing, onDone }: { editing: AdminCoupon | null; onDone: () => void }) {
  const client = useQueryClient();
  const [d, setD] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [focusTo, setFocusTo] = useState<DraftField | null>(null);
  useEffect(() => {
    if (focusTo) document.getElementById(`coupon-${focusTo}`)?.focus();
  }, [focusTo]);
  const show = (p: Problems) => {
    setProblems(p);
    setFocusTo((Object.keys(p)[0] as DraftField | undefined) ?? null);
  };
  const save = useMutation({
    mutationFn: () =>
      editing
        ? adminJson<AdminCouponResponse>('PATCH', `/admin/coupons/${editing.id}`, bodyOf(d))
        : adminJson<AdminCouponResponse>('POST', '/admin/coupons', bodyOf(d)),
    onSuccess: (res) => {
      toast.success(`Coupon ${res.data.code} saved.`);
      void client.invalidateQueries({ queryKey: KEY });
      onDone();
    },
    onError: (err) => {
      const field = err instanceof ServerError ? FIELD_OF[err.field ?? ''] : undefined;
      if (field) show({ [field]: errorText(err) });
      else setError(errorText(err));
    },
  });
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFocusTo(null);
    const found = draftProblems(d);
    show(found);
    if (Object.keys(found).length === 0) save.mutate();
  };
  /** A box's id and error, for the TextFields below. */
  const box = (field: DraftField) => ({ id: `coupon-${field}`, error: problems[field] });
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="coupon-form-title"
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="coupon-form-title" className="text-lg font-bold">
        {editing ? `Edit ${editing.code}` : 'New coupon'}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label="Code"
          {...box('code')}
          value={d.code}
          onChange={(e) => set({ code: e.target.value })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="coupon-kind" className="text-sm font-semibold">
            Kind of offer
          </label>
          <select
            id="coupon-kind"
            className={fieldClass}
            value={d.kind}
            onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
          >
            <option value="percentage">Percentage off</option>
            <option value="fixed">Amount off (₹)</option>
          </select>
        </div>
        <TextField
          label={d.kind === 'percentage' ? 'Percent off' : 'Amount off ₹'}
          {...box('amount')}
          inputMode="decimal"
          value={d.amount}
          onChange={(e) => set({ amount: e.target.value })}
        />
        {d.kind === 'percentage' && (
          <TextField
            label="At most ₹ (optional)"
            {...box('maxDiscount')}
            inputMode="decimal"
            value={d.maxDiscount}
            onChange={(e) => set({ maxDiscount: e.target.value })}
          />
        )}
        <TextField
          label="Minimum order ₹"
          {...box('minimum')}
          inputMode="decimal"
          value={d.minimum}
          onChange={(e) => set({ minimum: e.target.value })}
        />
        <TextField
          label="Uses in all (empty: no limit)"
          {...box('usageLimit')}
          inputMode="numeric"
          value={d.usageLimit}
          onChange={(e) => set({ usageLimit: e.target.value })}
        />
        <TextField
          label="Uses per customer (empty: no limit)"
          {...box('perCustomer')}
          inputMode="numeric"
          value={d.perCustomer}
          onChange={(e) => set({ perCustomer: e.target.value })}
        />
        <TextField
          label="Starts"
          {...box('start')}
          type="datetime-local"
          value={d.start}
          onChange={(e) => set({ start: e.target.value })}
        />
        <TextField
          label="Ends"
          {...box('end')}
          type="datetime-local"
          value={d.end}
          onChange={(e) => set({ end: e.target.value })}
        />
        <div className="flex flex-col gap-1">
          <label className="flex min-h-11 items-center gap-3 text-sm font-semibold">
            <input
              id="coupon-active"
              type="checkbox"
              className="size-6"
              checked={d.active}
              onChange={(e) => set({ active: e.target.checked })}
            />
            Active
          </label>
          {problems.active && <p className="text-sm font-medium text-red-700">{problems.active}</p>}
        </div>
      </div>
      <FormAlert message={error} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save coupon'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** /admin/coupons (owner only): coupons with their uses so far; create, edit, deactivate. */
export function Component() {
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => adminJson<AdminCouponListResponse>('GET', '/admin/coupons'),
  });
  const [form, setForm] = useState<{ editing: AdminCoupon | null; n: number } | null>(null);
  return (
    <AdminPage title="Coupons">
      {form ? (
        <CouponForm key={form.n} editing={form.editing} onDone={() => setForm(null)} />
      ) : (
        <Button className="w-fit" onClick={() => setForm({ editing: null, n: Date.now() })}>
          New coupon
        </Button>
      )}
      {list.isPending && <p>Loading...</p>}
      {list.isError && <FormAlert message={errorText(list.error)} />}
      {list.data?.data.length === 0 && <p className="text-slate-700">No coupons yet.</p>}
      <ul className="flex flex-col gap-2" aria-label="Coupons">
        {list.data?.data.map((c) => (
          <li
            key={c.id}
            className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="font-mono font-semibold">{c.code}</p>
              <p className="text-sm text-slate-700">
                {offerText(c)}
                {c.minimum_sale_total > 0 && ` · minimum ${inr(c.minimum_sale_total)}`}
              </p>
              <CouponMarks coupon={c} />
            </div>
            <p className="text-sm" data-testid={`usage-${c.code}`}>
              Used {c.used}
              {c.total_usage_limit !== null && ` of ${String(c.total_usage_limit)}`} ·{' '}
              {inr(c.discount_given)} off in all
            </p>
            <Button variant="secondary" onClick={() => setForm({ editing: c, n: Date.now() })}>
              Edit<span className="sr-only"> {c.code}</span>
            </Button>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AdminCoupon, AdminCouponListResponse, AdminCouponResponse } from '@shop/contracts';
import { COUPON_MARK_LABELS, couponMarks } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fieldClass, TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { inr } from '../../lib/format.ts';

const KEY = ['admin', 'coupons'];

interface Draft {
  code: string;
  kind: 'percentage' | 'fixed';
  amount: string;
  minimum: string;
  maxDiscount: string;
  usageLimit: string;
  perCustomer: string;
  start: string;
  end: string;
  active: boolean;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percentage',
  amount: '',
  minimum: '',
  maxDiscount: '',
  usageLimit: '',
  perCustomer: '',
  start: '',
  end: '',
  active: true,
};

/** "2026-11-23T10:00" (a local datetime-local value) from an ISO moment, in the browser's zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const draftOf = (c: AdminCoupon): Draft => ({
  code: c.code,
  kind: c.percentage_offer !== null ? 'percentage' : 'fixed',
  amount: String(c.percentage_offer ?? c.price_offer ?? ''),
  minimum: c.minimum_sale_total ? String(c.minimum_sale_total) : '',
  maxDiscount: c.max_discount === null ? '' : String(c.max_discount),
  usageLimit: c.total_usage_limit === null ? '' : String(c.total_usage_limit),
  perCustomer: c.per_customer_limit === null ? '' : String(c.per_customer_limit),
  start: localInput(c.start_date),
  end: localInput(c.end_date),
  active: c.active,
});

const num = (s: string) => (s.trim() === '' ? null : Number(s));

type DraftField = Exclude<keyof Draft, 'kind'>;
type Problems = Partial<Record<DraftField, string>>;

/** The draft's box of each field the API names in an error. */
const FIELD_OF: Record<string, DraftField> = {
  code: 'code',
  percentage_offer: 'amount',
  price_offer: 'amount',
  max_discount: 'maxDiscount',
  minimum_sale_total: 'minimum',
  total_usage_limit: 'usageLimit',
  per_customer_limit: 'perCustomer',
  start_date: 'start',
  end_date: 'end',
  active: 'active',
};

/** What the form can tell before sending, in plain words, each beside its box. */
function draftProblems(d: Draft): Problems {
  const out: Problems = {};
  if (!d.code.trim()) out.code = 'Enter a code.';
  const numbers: [DraftField, string][] = [
    ['amount', d.amount],
    ['minimum', d.minimum],
    ['maxDiscount', d.kind === 'percentage' ? d.maxDiscount : ''],
    ['usageLimit', d.usageLimit],
    ['perCustomer', d.perCustomer],
  ];
  for (const [field, value] of numbers) {
    if (value.trim() !== '' && !Number.isFinite(Number(value))) {
      out[field] = 'Enter a number, like 100.';
    }
  }
  if (!out.amount && d.amount.trim() === '') {
    out.amount = d.kind === 'percentage' ? 'Enter the percent off.' : 'Enter the amount off.';
  }
  return out;
}
const when = (s: string) => (s ? new Date(s).toISOString() : null);

function bodyOf(d: Draft) {
  return {
    code: d.code.trim(),
    percentage_offer: d.kind === 'percentage' ? num(d.amount) : null,
    price_offer: d.kind === 'fixed' ? num(d.amount) : null,
    max_discount: d.kind === 'percentage' ? num(d.maxDiscount) : null,
    minimum_sale_total: num(d.minimum) ?? 0,
    total_usage_limit: num(d.usageLimit),
    per_customer_limit: num(d.perCustomer),
    start_date: when(d.start),
    end_date: when(d.end),
    active: d.active,
  };
}

const offerText = (c: AdminCoupon) =>
  c.percentage_offer !== null
    ? `${String(c.percentage_offer)}% off${c.max_discount !== null ? ` (at most ${inr(c.max_discount)})` : ''}`
    : `${inr(c.price_offer ?? 0)} off`;

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

/** Why shoppers cannot use a coupon now (used up, expired, …), as badges; none when it works. */
function CouponMarks({ coupon: c }: { coupon: AdminCoupon }) {
  const marks = couponMarks(
    {
      active: c.active,
      startsAt: c.start_date ? new Date(c.start_date) : null,
      endsAt: c.end_date ? new Date(c.end_date) : null,
      usageLimit: c.total_usage_limit,
    },
    c.used,
    new Date(),
  );
  if (marks.length === 0) return null;
  return (
    <p className="mt-1 flex flex-wrap gap-1" data-testid={`marks-${c.code}`}>
      {marks.map((m) => (
        <span
          key={m}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            m === 'not started' ? 'bg-slate-100 text-slate-800' : 'bg-red-100 text-red-900'
          }`}
        >
          {COUPON_MARK_LABELS[m]}
        </span>
      ))}
    </p>
  );
}

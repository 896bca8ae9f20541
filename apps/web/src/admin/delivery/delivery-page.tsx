import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import type { DeliveryBandsResponse } from '@shop/contracts';
import { checkBands } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fieldClass, TextField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { adminJson } from '../lib/admin-api.ts';
import {
  deliveryBandsQuery,
  NO_ACTIVE_BAND,
  noActiveBand,
  type BandsKind,
} from './delivery-bands-query.ts';
import { Pincodes } from './pincodes-editor.tsx';
import { typedNumber } from '../lib/typed-number.ts';

/** A band row as typed: text fields, so a half-typed number is kept. */
interface Draft {
  min: string;
  max: string;
  price: string;
  status: 'Active' | 'Inactive';
}

type Kind = BandsKind;
const PRICE_KEY = { bands: 'delivery_price', 'free-bands': 'freedelivery_price' } as const;

const whole = (s: string): number | null => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : null);

/** The overlaps and gaps of the active rows as they are typed (the same rule as checkout). */
function liveWarnings(rows: Draft[]): string[] {
  const bands = rows.flatMap((r) => {
    const min = whole(r.min);
    const max = r.max.trim() === '' ? null : whole(r.max);
    if (r.status !== 'Active' || min === null || (r.max.trim() !== '' && max === null)) return [];
    if (max !== null && max <= min) return [];
    return [{ minKm: min, maxKm: max }];
  });
  return checkBands(bands).warnings;
}

function BandsEditor({
  kind,
  title,
  priceLabel,
}: {
  kind: Kind;
  title: string;
  priceLabel: string;
}) {
  const client = useQueryClient();
  const query = deliveryBandsQuery(kind);
  const key = query.queryKey;
  const q = useQuery(query);
  const [rows, setRows] = useState<Draft[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (q.data && rows === null) {
      setRows(
        q.data.data.bands.map((b) => ({
          min: String(b.min_kilometer),
          max: b.max_kilometer === null ? '' : String(b.max_kilometer),
          price: String('delivery_price' in b ? b.delivery_price : b.freedelivery_price),
          status: b.status,
        })),
      );
    }
  }, [q.data, rows]);
  const save = useMutation({
    mutationFn: (draft: Draft[]) =>
      adminJson<DeliveryBandsResponse>('PUT', `/admin/delivery/${kind}`, {
        bands: draft.map((r) => ({
          min_kilometer: typedNumber(r.min, 0),
          max_kilometer: typedNumber(r.max, null),
          [PRICE_KEY[kind]]: typedNumber(r.price, 0),
          status: r.status,
        })),
      }),
    onSuccess: (res) => {
      setError(null);
      client.setQueryData(key, res);
      toast.success(`${title} saved.`);
    },
    onError: (err) => setError(errorText(err)),
  });
  const set = (i: number, patch: Partial<Draft>) =>
    setRows((rs) => (rs ?? []).map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (rows) save.mutate(rows);
  };
  const warnings = rows ? liveWarnings(rows) : [];
  const headingId = `${kind}-title`;

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      <p className="text-sm text-slate-700">
        A band holds distances from its lower end up to, not including, its upper end (0-5 and 5-15
        meet). Leave the upper end empty for no limit.
      </p>
      {kind === 'bands' && q.data && noActiveBand(q.data) && (
        <p
          data-testid="no-delivery-band"
          className="rounded bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        >
          {NO_ACTIVE_BAND}
        </p>
      )}
      {q.isPending && <p>Loading...</p>}
      {q.isError && <FormAlert message={errorText(q.error)} />}
      {rows && (
        <ul className="flex flex-col gap-2">
          {rows.map((r, i) => (
            <li
              key={i}
              className="grid grid-cols-2 items-end gap-2 rounded border border-slate-200 p-2 sm:grid-cols-5"
            >
              <TextField
                label={`From km (band ${i + 1})`}
                inputMode="numeric"
                value={r.min}
                onChange={(e) => set(i, { min: e.target.value })}
              />
              <TextField
                label={`Up to km (band ${i + 1})`}
                inputMode="numeric"
                value={r.max}
                placeholder="no limit"
                onChange={(e) => set(i, { max: e.target.value })}
              />
              <TextField
                label={`${priceLabel} (band ${i + 1})`}
                inputMode="decimal"
                value={r.price}
                onChange={(e) => set(i, { price: e.target.value })}
              />
              <div className="flex flex-col gap-1">
                <label htmlFor={`${kind}-status-${i}`} className="text-sm font-semibold">
                  Status (band {i + 1})
                </label>
                <select
                  id={`${kind}-status-${i}`}
                  className={fieldClass}
                  value={r.status}
                  onChange={(e) => set(i, { status: e.target.value as Draft['status'] })}
                >
                  <option value="Active">Active</option>
                  <option value="Inactive">Inactive</option>
                </select>
              </div>
              <Button
                variant="secondary"
                className="min-h-11"
                onClick={() => setRows((rs) => (rs ?? []).filter((_, j) => j !== i))}
              >
                Remove<span className="sr-only"> band {i + 1}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">Check these bands:</p>
          <ul className="list-disc pl-5">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <FormAlert message={error} />
      <div className="flex gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            setRows((rs) => [...(rs ?? []), { min: '', max: '', price: '', status: 'Active' }])
          }
        >
          Add a band
        </Button>
        <Button type="submit" disabled={save.isPending || rows === null}>
          {save.isPending ? 'Saving...' : `Save ${title.toLowerCase()}`}
        </Button>
      </div>
    </form>
  );
}

export function Component() {
  return (
    <AdminPage title="Delivery">
      <BandsEditor kind="bands" title="Delivery bands" priceLabel="Price ₹" />
      <BandsEditor kind="free-bands" title="Free-delivery bands" priceLabel="Free from ₹" />
      <Pincodes />
    </AdminPage>
  );
}

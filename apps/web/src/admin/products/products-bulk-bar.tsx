import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import type { ProductBulk } from '@shop/contracts';
import { PRODUCT_STATUSES, type ProductStatus } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { FilterSelect } from '../layout/list-controls.tsx';
import { bulkBody, NO_BULK, type BulkDraft } from './product-bulk.ts';
import { bulkEditProducts } from './products-api.ts';

/** Sets prices, stock or status on every ticked product; a blank field is left as it is. */
export function ProductsBulkBar({
  selected,
  draft,
  onDraft,
  onClear,
  onNotice,
}: {
  selected: ReadonlySet<string>;
  draft: BulkDraft;
  onDraft: Dispatch<SetStateAction<BulkDraft>>;
  onClear: () => void;
  onNotice: (text: string) => void;
}) {
  const client = useQueryClient();
  const bulk = useMutation({
    mutationFn: (body: ProductBulk) => bulkEditProducts(body),
    onSuccess: async (updated) => {
      onNotice(`${String(updated)} ${updated === 1 ? 'product' : 'products'} updated.`);
      onClear();
      onDraft(NO_BULK);
      await client.invalidateQueries({ queryKey: ['admin-products'] });
    },
    onError: (err) => onNotice(errorText(err)),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-lg bg-orange-50 p-3 ring-1 ring-orange-200"
      data-testid="bulk-bar"
      aria-label="Bulk edit"
      onSubmit={(e) => {
        e.preventDefault();
        const body = bulkBody([...selected], draft);
        if (typeof body === 'string') onNotice(body);
        else bulk.mutate(body);
      }}
    >
      <p className="basis-full text-sm font-semibold text-slate-900">
        {selected.size} selected: set (blank leaves a field as it is)
      </p>
      <BulkNumberField
        label="MRP (₹)"
        value={draft.originalPrice}
        onChange={(originalPrice) => onDraft((d) => ({ ...d, originalPrice }))}
      />
      <BulkNumberField
        label="Sale price (₹)"
        value={draft.discountPrice}
        onChange={(discountPrice) => onDraft((d) => ({ ...d, discountPrice }))}
      />
      <BulkNumberField
        label="Stock"
        value={draft.stock}
        onChange={(stock) => onDraft((d) => ({ ...d, stock }))}
      />
      <FilterSelect
        label="Set status"
        value={draft.status}
        onChange={(v) => onDraft((d) => ({ ...d, status: v as ProductStatus | '' }))}
        options={[['', 'Unchanged'], ...PRODUCT_STATUSES.map((s) => [s, s] as const)]}
      />
      <Button type="submit" disabled={bulk.isPending}>
        {bulk.isPending ? 'Applying…' : 'Apply to selected'}
      </Button>
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>
    </form>
  );
}

/** A narrow number box of the bulk bar (a price or a stock count). */
function BulkNumberField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex w-28 flex-col gap-1 text-sm font-semibold text-slate-800">
      {label}
      <input
        className={fieldClass}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

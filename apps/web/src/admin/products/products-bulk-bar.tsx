import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import type { ProductBulk } from '@shop/contracts';
import { PRODUCT_STATUSES, type ProductStatus } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api-request.ts';
import type { ListSelection } from '../lib/resource-list/use-resource-list.ts';
import { FilterSelect, ListField } from '../layout/list-controls.tsx';
import { bulkBody, NO_BULK, type BulkDraft } from './product-bulk.ts';
import { bulkEditProducts } from './products-api.ts';

/** The bulk bar's number boxes: the draft's field and its label. */
const BULK_BOXES = [
  ['originalPrice', 'MRP (₹)'],
  ['discountPrice', 'Sale price (₹)'],
  ['stock', 'Stock'],
] as const;

/** Sets prices, stock or status on every ticked product; a blank field is left as it is. */
export function ProductsBulkBar({
  list,
  draft,
  onDraft,
}: {
  list: ListSelection;
  draft: BulkDraft;
  onDraft: Dispatch<SetStateAction<BulkDraft>>;
}) {
  const client = useQueryClient();
  const bulk = useMutation({
    mutationFn: (body: ProductBulk) => bulkEditProducts(body),
    onSuccess: async (updated) => {
      list.setNotice(`${String(updated)} ${updated === 1 ? 'product' : 'products'} updated.`);
      list.clearSelection();
      onDraft(NO_BULK);
      await client.invalidateQueries({ queryKey: ['admin-products'] });
    },
    onError: (err) => list.setNotice(errorText(err)),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-lg bg-orange-50 p-3 ring-1 ring-orange-200"
      data-testid="bulk-bar"
      aria-label="Bulk edit"
      onSubmit={(e) => {
        e.preventDefault();
        const body = bulkBody([...list.selected], draft);
        if (typeof body === 'string') list.setNotice(body);
        else bulk.mutate(body);
      }}
    >
      <p className="basis-full text-sm font-semibold text-slate-900">
        {list.selected.size} selected: set (blank leaves a field as it is)
      </p>
      {BULK_BOXES.map(([field, label]) => (
        <ListField
          key={field}
          className="w-28"
          inputMode="decimal"
          label={label}
          value={draft[field]}
          onChange={(v) => onDraft((d) => ({ ...d, [field]: v }))}
        />
      ))}
      <FilterSelect
        label="Set status"
        value={draft.status}
        onChange={(v) => onDraft((d) => ({ ...d, status: v as ProductStatus | '' }))}
        options={[['', 'Unchanged'], ...PRODUCT_STATUSES.map((s) => [s, s] as const)]}
      />
      <Button type="submit" disabled={bulk.isPending}>
        {bulk.isPending ? 'Applying…' : 'Apply to selected'}
      </Button>
      <Button variant="ghost" onClick={list.clearSelection}>
        Clear
      </Button>
    </form>
  );
}

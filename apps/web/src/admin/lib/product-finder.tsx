import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminProductRow } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { searchProducts } from '../products/products-api.ts';

/**
 * Finds products by title or SKU (the admin product list's search) and offers each to add:
 * the grouped items of a product, the products of a new-arrival group.
 */
export function ProductFinder({
  chosen,
  onAdd,
}: {
  /** Ids already chosen: their Add button says Added. */
  chosen: ReadonlySet<string | null>;
  onAdd: (product: AdminProductRow) => void;
}) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<AdminProductRow[] | null>(null);
  const find = useMutation({
    mutationFn: (q: string) => searchProducts(q),
    onSuccess: setFound,
  });
  return (
    <>
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <TextField
            label="Find a product to add"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                find.mutate(search);
              }
            }}
          />
        </div>
        <Button variant="secondary" onClick={() => find.mutate(search)} disabled={find.isPending}>
          Find
        </Button>
      </div>
      {find.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorText(find.error)}
        </p>
      )}
      {found && (
        <ul className="flex flex-col gap-1" aria-label="Products found">
          {found.length === 0 && <li className="text-sm text-slate-700">No product matches.</li>}
          {found.map((p) => (
            <li key={p.product_id} className="flex items-center justify-between gap-2">
              <span className="min-w-0 text-sm break-words text-slate-900">
                {p.title} <span className="text-slate-700">({p.sku})</span>
              </span>
              <Button
                variant="secondary"
                disabled={chosen.has(p.product_id)}
                aria-label={`Add ${p.title}`}
                onClick={() => onAdd(p)}
              >
                {chosen.has(p.product_id) ? 'Added' : 'Add'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

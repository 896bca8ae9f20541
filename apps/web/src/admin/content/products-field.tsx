import { Button } from '../../components/ui/button.tsx';
import { ProductFinder } from '../lib/product-finder.tsx';

/** A chosen product as the group shows it. */
export interface ChosenProduct {
  product_id: string;
  title: string;
  sku: string;
}

/**
 * The products of a new-arrival group, in order: found by title or SKU and added, moved up or
 * down, removed. Shows titles, never ids.
 */
export function ProductsField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: ChosenProduct[];
  onChange: (next: ChosenProduct[]) => void;
  error: string | undefined;
}) {
  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">{label}</legend>
      {value.length === 0 ? (
        <p className="text-sm text-slate-700">No products yet: find them below.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label={label}>
          {value.map((p, i) => (
            <li
              key={p.product_id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200"
            >
              <span className="min-w-0 break-words text-slate-900">
                {p.title} <span className="text-sm text-slate-700">({p.sku})</span>
              </span>
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  aria-label={`Move ${p.title} up`}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  Up
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Move ${p.title} down`}
                  disabled={i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  Down
                </Button>
                <Button
                  variant="ghost"
                  aria-label={`Remove ${p.title}`}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
      <ProductFinder
        chosen={new Set(value.map((p) => p.product_id))}
        onAdd={(p) =>
          onChange([...value, { product_id: p.product_id, title: p.title, sku: p.sku }])
        }
      />
    </fieldset>
  );
}

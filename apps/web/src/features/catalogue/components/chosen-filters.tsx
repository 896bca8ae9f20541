import type { Facets } from '@shop/contracts';
import type { FilterParams } from '../filter-params.ts';
import { attributeLabel, bandLabel, type FilterGroupsProps } from './listing-filters.tsx';

/** The chosen filters as removable chips above the grid. */
export function ChosenFilters({
  value,
  facets,
  withCategory,
  onChange,
}: Omit<FilterGroupsProps, 'facets'> & { facets: Facets | undefined }) {
  const chips: { label: string; next: FilterParams }[] = [];
  if (withCategory && value.category) {
    const name =
      facets?.categories.find((c) => c.category.toLowerCase() === value.category?.toLowerCase())
        ?.name ?? value.category;
    chips.push({ label: name, next: { ...value, category: undefined } });
  }
  if (value.priceMin !== undefined || value.priceMax !== undefined) {
    chips.push({
      label: bandLabel(value.priceMin ?? 0, value.priceMax ?? null),
      next: { ...value, priceMin: undefined, priceMax: undefined },
    });
  }
  if (value.inStock) chips.push({ label: 'In stock', next: { ...value, inStock: false } });
  for (const a of value.attr) {
    const at = a.indexOf(':');
    chips.push({
      label: `${attributeLabel(a.slice(0, at).trim().toLowerCase())}: ${a.slice(at + 1)}`,
      next: { ...value, attr: value.attr.filter((x) => x !== a) },
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Chosen filters" className="mb-3 flex flex-wrap gap-2">
      {chips.map((c) => (
        <li key={c.label}>
          <button
            type="button"
            onClick={() => onChange(c.next)}
            aria-label={`Remove filter ${c.label}`}
            className="flex min-h-11 items-center gap-2 rounded-full bg-orange-50 px-3 text-sm font-medium text-orange-900 ring-1 ring-orange-200 hover:bg-orange-100"
          >
            {c.label}
            <span aria-hidden="true" className="text-lg leading-none">
              ×
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

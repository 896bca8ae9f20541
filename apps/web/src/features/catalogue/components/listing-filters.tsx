import { useId, type ReactNode } from 'react';
import type { Facets } from '@shop/contracts';
import { Drawer } from '../../../components/ui/drawer.tsx';
import { chosenCount, isChosen, toggleAttr, type FilterParams } from '../filter-params.ts';
import { inr } from '../../../lib/format.ts';

/** A facet's heading: "Colour", "Size", else the key with a capital. */
export const attributeLabel = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** A price band's label: "Under ₹500", "₹500 – ₹1,000", "₹2,000 and above". */
export const bandLabel = (min: number, max: number | null) =>
  max === null
    ? `${inr(min)} and above`
    : min === 0
      ? `Under ${inr(max)}`
      : `${inr(min)} – ${inr(max)}`;

export interface FilterGroupsProps {
  facets: Facets | undefined;
  value: FilterParams;
  onChange: (next: FilterParams) => void;
  /** Offer the category as a filter (not on a category's own page). */
  withCategory: boolean;
}

const OPTION =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 hover:bg-slate-100 has-[:disabled]:cursor-default has-[:disabled]:text-slate-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-orange-700';
const INPUT = 'size-5 shrink-0 accent-orange-700';

function Count({ n }: { n: number }) {
  // The space is for the accessible name ("M (3)"); the flex layout drops it on screen.
  return <span className="ml-auto tabular-nums text-slate-600"> ({n})</span>;
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-slate-200 py-3 last:border-b-0">
      <legend className="px-2 pb-1 text-sm font-bold text-slate-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** The filter groups with their counts: category, price, availability, then each attribute. */
export function FilterGroups({ facets, value, onChange, withCategory }: FilterGroupsProps) {
  const name = useId();
  if (!facets) {
    return (
      <p role="status" className="px-2 py-4 text-sm text-slate-600">
        Loading filters...
      </p>
    );
  }
  const anyPrice = value.priceMin === undefined && value.priceMax === undefined;
  return (
    <div>
      {withCategory && facets.categories.length > 0 && (
        <Group legend="Category">
          <label className={OPTION}>
            <input
              type="radio"
              name={`${name}-category`}
              className={INPUT}
              checked={!value.category}
              onChange={() => onChange({ ...value, category: undefined })}
            />
            All categories
          </label>
          {facets.categories.map((c) => (
            <label key={c.category} className={OPTION}>
              <input
                type="radio"
                name={`${name}-category`}
                className={INPUT}
                checked={value.category?.toLowerCase() === c.category.toLowerCase()}
                disabled={c.count === 0 && value.category !== c.category}
                onChange={() => onChange({ ...value, category: c.category })}
              />
              {c.name}
              <Count n={c.count} />
            </label>
          ))}
        </Group>
      )}
      <Group legend="Price">
        <label className={OPTION}>
          <input
            type="radio"
            name={`${name}-price`}
            className={INPUT}
            checked={anyPrice}
            onChange={() => onChange({ ...value, priceMin: undefined, priceMax: undefined })}
          />
          Any price
        </label>
        {facets.price.map((b) => {
          const checked =
            value.priceMin === (b.min === 0 ? undefined : b.min) &&
            value.priceMax === (b.max ?? undefined);
          if (b.count === 0 && !checked) return null;
          return (
            <label key={b.min} className={OPTION}>
              <input
                type="radio"
                name={`${name}-price`}
                className={INPUT}
                checked={checked}
                onChange={() =>
                  onChange({
                    ...value,
                    priceMin: b.min === 0 ? undefined : b.min,
                    priceMax: b.max ?? undefined,
                  })
                }
              />
              {bandLabel(b.min, b.max)}
              <Count n={b.count} />
            </label>
          );
        })}
      </Group>
      <Group legend="Availability">
        <label className={OPTION}>
          <input
            type="checkbox"
            className={INPUT}
            checked={value.inStock}
            disabled={facets.in_stock === 0 && !value.inStock}
            onChange={(e) => onChange({ ...value, inStock: e.target.checked })}
          />
          In stock only
          <Count n={facets.in_stock} />
        </label>
      </Group>
      {facets.attributes.map((a) => (
        <Group key={a.key} legend={attributeLabel(a.key)}>
          <div className={a.values.length > 4 ? 'grid grid-cols-2 gap-x-2' : ''}>
            {a.values.map((v) => {
              const checked = isChosen(value, a.key, v.value);
              return (
                <label key={v.key} className={OPTION}>
                  <input
                    type="checkbox"
                    className={INPUT}
                    checked={checked}
                    disabled={v.count === 0 && !checked}
                    onChange={() => onChange(toggleAttr(value, a.key, v.value))}
                  />
                  <span className="min-w-0 truncate">{v.value}</span>
                  <Count n={v.count} />
                </label>
              );
            })}
          </div>
        </Group>
      ))}
    </div>
  );
}

interface FiltersDrawerProps extends FilterGroupsProps {
  open: boolean;
  onClose: () => void;
  /** Products the current filters give (the "Show N products" button). */
  total: number | undefined;
  onClear: () => void;
}

/**
 * The filters on a phone: a sheet over the page (a native modal <dialog>: focus stays inside,
 * Escape closes it, focus returns to the Filters button). Every choice applies at once; the
 * sheet's button shows how many products they give.
 */
export function FiltersDrawer({ open, onClose, total, onClear, ...groups }: FiltersDrawerProps) {
  const titleId = useId();
  const chosen = chosenCount(groups.value, groups.withCategory);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      side="right"
      width="w-[min(24rem,100%)]"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-1">
          <h2 id={titleId} className="text-lg font-bold text-slate-900">
            Filters
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close filters"
            className="flex size-11 items-center justify-center rounded-lg text-2xl text-slate-700 hover:bg-slate-100"
          >
            ×
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-2">{open && <FilterGroups {...groups} />}</div>
        <div className="flex gap-3 border-t border-slate-200 p-3">
          <button
            type="button"
            onClick={onClear}
            disabled={chosen === 0}
            className="min-h-11 rounded-lg px-4 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 disabled:text-slate-400"
          >
            Clear all
          </button>
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 flex-1 rounded-lg bg-orange-700 px-4 text-sm font-bold text-white hover:bg-orange-800"
          >
            {total === undefined ? 'Show products' : `Show ${total} products`}
          </button>
        </div>
      </div>
    </Drawer>
  );
}

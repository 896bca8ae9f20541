import type { ReactNode } from 'react';
import {
  variantOptions,
  type AttributeGroup,
  type VariantLike,
  type VariantSelection,
} from '@shop/domain';

const SIZE = /size/i;

/** The group a "Size chart" link sits beside: one named like Size, else the last one. */
export function sizeGroupIndex(groups: readonly AttributeGroup[]): number {
  const at = groups.findIndex((g) => SIZE.test(g.name));
  return at >= 0 ? at : groups.length - 1;
}

/**
 * One group of chips per attribute (Colour, then Size): a radio group of native radio buttons, so
 * assistive technology announces "Colour, radio group" and the arrow keys move within it. A value no variation has
 * with the choices above is disabled; a sold-out one stays choosable, struck through and named
 * "(out of stock)". Each chip is at least 44×44 px. The product page and the card's variant sheet
 * both draw it (`id` tells their groups apart); `besideSize` (the "Size chart" link) sits
 * beside the size group's name; `missing` marks the group the shopper is asked to choose.
 */
export function VariantPicker({
  id = 'variant',
  variations,
  groups,
  selection,
  onChoose,
  besideSize,
  missing,
}: {
  id?: string;
  variations: readonly VariantLike[];
  groups: readonly AttributeGroup[];
  selection: VariantSelection;
  onChoose: (name: string, value: string) => void;
  besideSize?: ReactNode;
  missing?: string | undefined;
}) {
  const states = variantOptions(variations, groups, selection);
  const sizeAt = sizeGroupIndex(groups);
  return (
    <div className="flex flex-col gap-3" data-testid="variant-picker">
      {states.map((group, gi) => (
        <fieldset
          key={group.name}
          id={`${id}-${gi}`}
          className="min-w-0"
          role="radiogroup"
          aria-labelledby={`${id}-${gi}-legend`}
          aria-invalid={missing === group.name || undefined}
        >
          <div className="mb-2 flex min-h-11 items-center justify-between gap-2">
            <span
              id={`${id}-${gi}-legend`}
              className={`text-sm font-semibold ${missing === group.name ? 'text-red-800' : 'text-slate-900'}`}
            >
              {group.name}
              {selection[group.name] !== undefined ? (
                <span className="font-normal text-slate-700">: {selection[group.name]}</span>
              ) : (
                <span className="sr-only"> (not chosen)</span>
              )}
            </span>
            {gi === sizeAt && besideSize}
          </div>
          <div className="flex flex-wrap gap-2">
            {group.options.map((option) => {
              const inputId = `${id}-${gi}-${option.value.replace(/[^\w-]/g, '_')}`;
              const soldOut = option.available && !option.inStock;
              return (
                <div key={option.value}>
                  <input
                    id={inputId}
                    type="radio"
                    className="peer sr-only"
                    name={`${id}-${group.name}`}
                    value={option.value}
                    checked={option.selected}
                    disabled={!option.available}
                    onChange={() => onChoose(group.name, option.value)}
                  />
                  <label
                    htmlFor={inputId}
                    className={[
                      'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-3 text-sm font-semibold ring-1 select-none',
                      'peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-orange-700',
                      !option.available
                        ? 'cursor-not-allowed bg-slate-100 text-slate-500 line-through ring-slate-200'
                        : option.selected
                          ? 'cursor-pointer bg-slate-900 text-white ring-slate-900'
                          : 'cursor-pointer bg-white text-slate-900 ring-slate-400 hover:bg-slate-100',
                      soldOut ? 'line-through decoration-2' : '',
                    ].join(' ')}
                  >
                    {option.value}
                    {soldOut && <span className="sr-only"> (out of stock)</span>}
                    {!option.available && <span className="sr-only"> (not available)</span>}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

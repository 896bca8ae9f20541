import {
  variantOptions,
  type AttributeGroup,
  type VariantLike,
  type VariantSelection,
} from '@shop/domain';

/**
 * One group of chips per attribute (Colour, then Size): a radio group of native radio buttons, so
 * assistive technology announces "Colour, radio group" and the arrow keys move within it. A value no variation has
 * with the choices above is disabled; a sold-out one stays choosable, struck through and named
 * "(out of stock)". Each chip is at least 44×44 px.
 */
export function VariantPicker({
  variations,
  groups,
  selection,
  onChoose,
}: {
  variations: readonly VariantLike[];
  groups: readonly AttributeGroup[];
  selection: VariantSelection;
  onChoose: (name: string, value: string) => void;
}) {
  const states = variantOptions(variations, groups, selection);
  return (
    <div className="flex flex-col gap-3" data-testid="variant-picker">
      {states.map((group, gi) => (
        <fieldset
          key={group.name}
          className="min-w-0"
          role="radiogroup"
          aria-labelledby={`variant-${gi}-legend`}
        >
          <legend id={`variant-${gi}-legend`} className="mb-2 text-sm font-semibold text-slate-900">
            {group.name}
            {selection[group.name] !== undefined && (
              <span className="font-normal text-slate-700">: {selection[group.name]}</span>
            )}
          </legend>
          <div className="flex flex-wrap gap-2">
            {group.options.map((option) => {
              const id = `variant-${gi}-${option.value.replace(/[^\w-]/g, '_')}`;
              const soldOut = option.available && !option.inStock;
              return (
                <div key={option.value}>
                  <input
                    id={id}
                    type="radio"
                    className="peer sr-only"
                    name={`variant-${group.name}`}
                    value={option.value}
                    checked={option.selected}
                    disabled={!option.available}
                    onChange={() => onChoose(group.name, option.value)}
                  />
                  <label
                    htmlFor={id}
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

import { useFieldArray } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { ChipsField } from './chips-field.tsx';
import { EditorCard, errorOf, type ProductForm } from './product-editor-parts.tsx';
import {
  NEW_VARIATION_STOCK,
  sameAttribute,
  termList,
  termsLabel,
  withTerms,
} from './product-form.ts';

const SIZE_PRESETS = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', 'Free size'];
const COLOUR_PRESETS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Yellow', 'Pink', 'Maroon'];

/** The option lists the form always offers, and what each's chips suggest. */
const LISTS = [
  { name: 'Size', label: 'Sizes', presets: SIZE_PRESETS, placeholder: 'Type S, M, L, XL' },
  { name: 'Colour', label: 'Colours', presets: COLOUR_PRESETS, placeholder: 'Type Red, Navy blue' },
];

/**
 * A product's sizes and colours (and any other option it already has) as chips; every change
 * makes the variations at once, one row each in a table of price, sale price, stock, photo and
 * SKU. `photos` are the product's own, for a variation's photo.
 */
export function Variations({ form, photos }: { form: ProductForm; photos: readonly string[] }) {
  const rows = useFieldArray({ control: form.control, name: 'variation' });
  const attributes = form.watch('attribute');
  const listError = errorOf(form, 'variation');
  const others = attributes.filter(
    (a) => a.name.trim() !== '' && !LISTS.some((l) => sameAttribute(l.name, a.name)),
  );
  const lists = [
    ...LISTS.map((l) => ({
      ...l,
      name: attributes.find((a) => sameAttribute(a.name, l.name))?.name ?? l.name,
    })),
    ...others.map((a) => ({ name: a.name, label: a.name, presets: [], placeholder: '' })),
  ];
  const setTerms = (name: string, terms: string[]) => {
    const next = withTerms(form.getValues(), name, terms);
    form.setValue('attribute', next.attribute, { shouldDirty: true });
    rows.replace(next.variation);
  };
  return (
    <EditorCard title="Sizes and colours">
      <p className="text-sm text-slate-700">
        Tap or type the sizes and colours you have: each size in each colour becomes a row below,
        where you set its price and how many you have (new rows start at {NEW_VARIATION_STOCK}).
      </p>
      {lists.map((l) => (
        <ChipsField
          key={l.name}
          label={l.label}
          presets={l.presets}
          placeholder={l.placeholder}
          values={termList(attributes.find((a) => sameAttribute(a.name, l.name))?.terms ?? '')}
          onChange={(terms) => setTerms(l.name, terms)}
        />
      ))}
      {listError && <p className="text-sm font-medium text-red-700">{listError}</p>}
      {rows.fields.length > 0 && (
        <div className="relative -mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0">
          <table className="w-full min-w-[36rem] border-separate border-spacing-y-1 text-left text-sm">
            <caption className="sr-only">Variations</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="pr-2">
                  Option
                </th>
                <th scope="col" className="pr-2">
                  MRP (₹)
                </th>
                <th scope="col" className="pr-2">
                  Sale price (₹)
                </th>
                <th scope="col" className="pr-2">
                  Stock
                </th>
                <th scope="col" className="pr-2">
                  Photo
                </th>
                <th scope="col" className="pr-2">
                  SKU
                </th>
                <th scope="col">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.fields.map((f, i) => {
                const name = termsLabel(f.attributes);
                const at = (field: string) => errorOf(form, `variation.${String(i)}.${field}`);
                const cell = (
                  field: 'price' | 'salePrice' | 'stock' | 'sku',
                  label: string,
                  mode?: 'decimal' | 'numeric',
                ) => {
                  const error = at(field);
                  return (
                    <td className="pr-2 align-top">
                      <input
                        className={`${fieldClass} min-w-20`}
                        aria-label={`${name} ${label}`}
                        aria-invalid={error ? true : undefined}
                        inputMode={mode}
                        placeholder={field === 'sku' ? 'Made for you' : undefined}
                        {...form.register(`variation.${i}.${field}`)}
                      />
                      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
                    </td>
                  );
                };
                return (
                  <tr key={f.id} data-testid="variation-row">
                    <th scope="row" className="pr-2 align-top font-semibold text-slate-900">
                      <span className="flex min-h-11 items-center">{name}</span>
                      {at('attributes') && (
                        <p className="text-sm font-medium text-red-700">{at('attributes')}</p>
                      )}
                    </th>
                    {cell('price', 'MRP (₹)', 'decimal')}
                    {cell('salePrice', 'sale price (₹)', 'decimal')}
                    {cell('stock', 'stock', 'numeric')}
                    <td className="pr-2 align-top">
                      <select
                        className={`${fieldClass} min-w-24`}
                        aria-label={`${name} photo`}
                        {...form.register(`variation.${i}.imageUrl`)}
                      >
                        <option value="">
                          {photos.length === 0 ? 'Add photos first' : 'The main photo'}
                        </option>
                        {photos.map((url, n) => (
                          <option key={url} value={url}>
                            Photo {String(n + 1)}
                          </option>
                        ))}
                        {f.imageUrl && !photos.includes(f.imageUrl) && (
                          <option value={f.imageUrl}>Its own photo</option>
                        )}
                      </select>
                    </td>
                    {cell('sku', 'SKU')}
                    <td className="align-top">
                      <Button
                        variant="ghost"
                        aria-label={`Remove variation ${name}`}
                        onClick={() => rows.remove(i)}
                      >
                        ×
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </EditorCard>
  );
}

import { useEffect, useRef } from 'react';
import { PRODUCT_STATUSES, PRODUCT_TYPES, rupeesToPaise, suggestedGstRate } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { typedNumber } from '../lib/typed-number.ts';
import { useItems } from '../content/content-api.ts';
import { CategoryChoice } from './category-choice.tsx';
import { typeLabel } from './product-list-row.tsx';
import {
  EditorCard,
  registerField,
  SelectField,
  type FieldName,
  type ProductForm,
} from './product-editor-parts.tsx';
import type { ProductFormValues } from './product-form.ts';

/** The price of one piece the GST rate is suggested for: the dearest the product sells at. */
export function piecePricePaise(v: ProductFormValues): number | null {
  const effective = (mrp: string, sale: string) => {
    const s = typedNumber(sale, 0);
    const m = typedNumber(mrp, 0);
    const r = s > 0 ? s : m;
    return Number.isFinite(r) && r > 0 ? rupeesToPaise(Math.round(r * 100) / 100) : null;
  };
  const prices =
    v.product_type === 'Variable Product' && v.variation.length > 0
      ? v.variation.map((r) => effective(r.price, r.salePrice))
      : [effective(v.originalPrice, v.discountPrice)];
  const known = prices.filter((p): p is number => p !== null);
  return known.length === 0 ? null : Math.max(...known);
}

/**
 * The product editor's first cards: title, SKU, category, type, status, tags; price, stock and
 * GST (suggested from the category and price while the owner has not typed a rate of a new
 * product; an edited product shows the suggestion with a button to take it).
 */
export function ProductBasicsCards({
  form,
  isNew,
  gstAbove = null,
}: {
  form: ProductForm;
  isNew: boolean;
  /** The stored product's higher rate above a price (the clothing slab): then no suggestion. */
  gstAbove?: { price: number; rate: number } | null;
}) {
  const categories = useItems('categories');
  const reg = (name: FieldName) => registerField(form, name);
  const values = form.watch();
  const chosen = (categories.data ?? []).find((c) => c.category === values.category);
  const price = piecePricePaise(values);
  const suggestion =
    values.category !== '' && price !== null && gstAbove === null
      ? suggestedGstRate(
          `${typeof chosen?.name === 'string' ? chosen.name : ''} ${values.category}`,
          price,
        )
      : null;
  const typedRate = useRef(false);
  const current = typedNumber(values.gst_rate, NaN);
  useEffect(() => {
    if (isNew && !typedRate.current && suggestion && current !== suggestion.ratePercent) {
      form.setValue('gst_rate', String(suggestion.ratePercent));
    }
  }, [isNew, suggestion, current, form]);
  const gst = reg('gst_rate');
  return (
    <>
      <EditorCard title="Basics">
        <TextField label="Title" {...reg('title')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <CategoryChoice form={form} />
          <SelectField label="Type" {...reg('product_type')}>
            {PRODUCT_TYPES.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="SKU"
            autoCapitalize="characters"
            placeholder="Made from the title if left empty"
            {...reg('sku')}
          />
          <SelectField label="Status" {...reg('status')}>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'Active' ? 'Active (on sale)' : s === 'Inactive' ? 'Inactive (hidden)' : s}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label="Tags (comma-separated, e.g. Best Sellers, Trending)"
          {...reg('categorytype')}
        />
      </EditorCard>

      <EditorCard title="Price and stock">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          <TextField label="MRP (₹)" inputMode="decimal" {...reg('originalPrice')} />
          <TextField
            label="Sale price (₹, blank for none)"
            inputMode="decimal"
            {...reg('discountPrice')}
          />
          {values.product_type === 'Variable Product' ? (
            <p className="self-end text-sm text-slate-700">
              Stock: set for each size and colour below.
            </p>
          ) : (
            <TextField label="Stock" inputMode="numeric" {...reg('stock')} />
          )}
          <TextField label="Delivery days" inputMode="numeric" {...reg('delivery_days')} />
          <TextField label="HSN/SAC code" inputMode="numeric" {...reg('hsn_code')} />
          <TextField
            label="GST rate (%)"
            inputMode="decimal"
            {...gst}
            onChange={(e) => {
              typedRate.current = true;
              void gst.onChange(e);
            }}
          />
        </div>
        {gstAbove && (
          <p className="text-sm text-slate-700">
            Pieces sold above ₹{gstAbove.price.toLocaleString('en-IN')} pay {String(gstAbove.rate)}%
            GST.
          </p>
        )}
        {suggestion && (
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700" role="note">
            <p>
              Suggested GST: {String(suggestion.ratePercent)}%. {suggestion.reason}
            </p>
            {current !== suggestion.ratePercent && (
              <Button
                variant="secondary"
                onClick={() =>
                  form.setValue('gst_rate', String(suggestion.ratePercent), {
                    shouldDirty: true,
                    shouldValidate: true,
                  })
                }
              >
                Use {String(suggestion.ratePercent)}%
              </Button>
            )}
          </div>
        )}
      </EditorCard>
    </>
  );
}

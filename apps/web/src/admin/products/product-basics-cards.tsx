import { useQuery } from '@tanstack/react-query';
import { PRODUCT_STATUSES, PRODUCT_TYPES } from '@shop/domain';
import { TextField } from '../../components/ui/text-field.tsx';
import {
  EditorCard,
  registerField,
  SelectField,
  type FieldName,
  type ProductForm,
} from './product-editor-parts.tsx';
import { listCategories } from './products-api.ts';

/** The product editor's first cards: title, SKU, category, type, status, tags; price and stock. */
export function ProductBasicsCards({ form }: { form: ProductForm }) {
  const categories = useQuery({ queryKey: ['admin-categories'], queryFn: listCategories });
  const reg = (name: FieldName) => registerField(form, name);
  return (
    <>
      <EditorCard title="Basics">
        <TextField label="Title" {...reg('title')} />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="SKU" autoCapitalize="characters" {...reg('sku')} />
          <TextField
            label="Category"
            list="product-categories"
            {...reg('category')}
            autoComplete="off"
          />
          <datalist id="product-categories">
            {(categories.data ?? []).map((c) => (
              <option key={c.category} value={c.category}>
                {c.name}
              </option>
            ))}
          </datalist>
          <SelectField label="Type" {...reg('product_type')}>
            {PRODUCT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === 'Simple' ? 'Simple' : t.replace(' Product', '')}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" {...reg('status')}>
            {PRODUCT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
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
          {form.watch('product_type') === 'Variable Product' ? (
            <p className="self-end text-sm text-slate-700">
              Stock: the sum of the variations&apos; stock.
            </p>
          ) : (
            <TextField label="Stock" inputMode="numeric" {...reg('stock')} />
          )}
          <TextField label="Delivery days" inputMode="numeric" {...reg('delivery_days')} />
          <TextField label="HSN/SAC code" inputMode="numeric" {...reg('hsn_code')} />
          <TextField label="GST rate (%)" inputMode="decimal" {...reg('gst_rate')} />
        </div>
      </EditorCard>
    </>
  );
}

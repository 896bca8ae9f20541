import { useFieldArray } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ProductFinder } from '../lib/product-finder.tsx';
import { EditorCard, errorOf, type ProductForm } from './product-editor-parts.tsx';

/** The product's specifications: label and value rows. */
export function Specifications({ form }: { form: ProductForm }) {
  const specs = useFieldArray({ control: form.control, name: 'specifications' });
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-bold text-slate-900">Specifications</h3>
      {specs.fields.map((f, i) => (
        <div key={f.id} className="flex items-end gap-2">
          <div className="grid flex-1 gap-2 sm:grid-cols-2">
            <TextField
              label={`Specification ${String(i + 1)} label`}
              {...form.register(`specifications.${i}.label`)}
              error={errorOf(form, `specifications.${String(i)}.label`)}
            />
            <TextField
              label={`Specification ${String(i + 1)} value`}
              {...form.register(`specifications.${i}.value`)}
              error={errorOf(form, `specifications.${String(i)}.value`)}
            />
          </div>
          <Button
            variant="ghost"
            aria-label={`Remove specification ${String(i + 1)}`}
            onClick={() => specs.remove(i)}
          >
            Remove
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        className="self-start"
        onClick={() => specs.append({ label: '', value: '' })}
      >
        Add specification
      </Button>
    </div>
  );
}

/** A grouped product's items, added through the product finder. */
export function GroupedItems({ form }: { form: ProductForm }) {
  const items = useFieldArray({ control: form.control, name: 'grouped_product' });
  const listError = errorOf(form, 'grouped_product');
  const chosen = new Set(items.fields.map((f) => f.product_id));
  return (
    <EditorCard title="Grouped items">
      {items.fields.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Grouped items">
          {items.fields.map((f, i) => (
            <li
              key={f.id}
              className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 p-2 ring-1 ring-slate-200"
            >
              <span className="min-w-0 break-words text-slate-900">{f.title}</span>
              <Button
                variant="ghost"
                aria-label={`Remove ${f.title}`}
                onClick={() => items.remove(i)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {listError && <p className="text-sm font-medium text-red-700">{listError}</p>}
      <ProductFinder
        chosen={chosen}
        onAdd={(p) => items.append({ title: p.title, image: p.image, product_id: p.product_id })}
      />
    </EditorCard>
  );
}

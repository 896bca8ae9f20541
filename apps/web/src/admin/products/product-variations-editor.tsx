import { useFieldArray } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { EditorCard, errorOf, type ProductForm } from './product-editor-parts.tsx';
import { regenerateVariations, termsLabel } from './product-form.ts';

/** A variable product's attributes and the grid of variations made from their terms. */
export function Variations({ form }: { form: ProductForm }) {
  const attributes = useFieldArray({ control: form.control, name: 'attribute' });
  const rows = useFieldArray({ control: form.control, name: 'variation' });
  const listError = errorOf(form, 'variation');
  return (
    <EditorCard title="Variations">
      <p className="text-sm text-slate-700">
        Name each attribute and list its terms (e.g. Size: S, M, L), then make the grid: one
        variation for each combination. Rows you edited stay as they are.
      </p>
      {attributes.fields.map((f, i) => (
        <div key={f.id} className="flex items-end gap-2" data-testid="attribute-row">
          <div className="grid flex-1 gap-2 sm:grid-cols-[1fr_2fr]">
            <TextField
              label={`Attribute ${String(i + 1)} name`}
              {...form.register(`attribute.${i}.name`)}
              error={errorOf(form, `attribute.${String(i)}.name`)}
            />
            <TextField
              label={`Attribute ${String(i + 1)} terms (comma-separated)`}
              {...form.register(`attribute.${i}.terms`)}
              error={errorOf(form, `attribute.${String(i)}.terms`)}
            />
          </div>
          <Button
            variant="ghost"
            aria-label={`Remove attribute ${String(i + 1)}`}
            onClick={() => attributes.remove(i)}
          >
            Remove
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={attributes.fields.length >= 5}
          onClick={() => attributes.append({ name: '', terms: '' })}
        >
          Add attribute
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            form.setValue('variation', regenerateVariations(form.getValues()), {
              shouldDirty: true,
            })
          }
        >
          Generate variations
        </Button>
      </div>
      {listError && <p className="text-sm font-medium text-red-700">{listError}</p>}
      {rows.fields.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Variations">
          {rows.fields.map((f, i) => {
            const name = termsLabel(f.attributes);
            const at = (field: string) => errorOf(form, `variation.${String(i)}.${field}`);
            return (
              <li
                key={f.id}
                className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
                data-testid="variation-row"
              >
                <div className="mb-2 flex items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{name}</h3>
                  <Button
                    variant="ghost"
                    aria-label={`Remove variation ${name}`}
                    onClick={() => rows.remove(i)}
                  >
                    Remove
                  </Button>
                </div>
                <div className="grid grid-cols-2 gap-2 lg:grid-cols-5">
                  <TextField
                    label={`${name} SKU`}
                    {...form.register(`variation.${i}.sku`)}
                    error={at('sku')}
                  />
                  <TextField
                    label={`${name} MRP (₹)`}
                    inputMode="decimal"
                    {...form.register(`variation.${i}.price`)}
                    error={at('price')}
                  />
                  <TextField
                    label={`${name} sale price (₹)`}
                    inputMode="decimal"
                    {...form.register(`variation.${i}.salePrice`)}
                    error={at('salePrice')}
                  />
                  <TextField
                    label={`${name} stock`}
                    inputMode="numeric"
                    {...form.register(`variation.${i}.stock`)}
                    error={at('stock')}
                  />
                  <div className="col-span-2 lg:col-span-1">
                    <TextField
                      label={`${name} image URL`}
                      type="url"
                      {...form.register(`variation.${i}.imageUrl`)}
                      error={at('imageUrl')}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </EditorCard>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { get, useFieldArray, useForm, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '@shop/contracts';
import { PRODUCT_STATUSES, PRODUCT_TYPES } from '@shop/domain';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { fieldClass, TextAreaField, TextField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { ProductFinder } from '../lib/product-finder.tsx';
import {
  emptyProductForm,
  productToForm,
  regenerateVariations,
  termsLabel,
  toProductFields,
  type ProductFormValues,
} from './product-form.ts';
import { formPath, formProblems, nestErrors } from './product-form-problems.ts';
import {
  createProduct,
  deleteProduct,
  duplicateProduct,
  getProduct,
  listCategories,
  patchProduct,
} from './products-api.ts';

type Form = UseFormReturn<ProductFormValues>;

/** The API's own checks (contracts schema and `productDraftProblem`) before anything is sent. */
const resolver: Resolver<ProductFormValues> = (values) => {
  const problems = formProblems(values);
  return problems.length === 0
    ? { values, errors: {} }
    : { values: {}, errors: nestErrors(problems) };
};

const errorOf = (form: Form, path: string): string | undefined => {
  // react-hook-form's `get` reads a path in its nested errors; it is typed `any`.
  const e: { message?: string } | undefined = get(form.formState.errors, path);
  return e?.message;
};

/** /admin/products/new and /admin/products/:productId: the product editor. */
export function Component() {
  const { productId } = useParams();
  const product = useQuery({
    queryKey: ['admin-product', productId],
    queryFn: () => getProduct(productId ?? ''),
    enabled: productId !== undefined,
  });
  if (productId === undefined) return <Editor key="new" product={null} />;
  if (product.isError) {
    return (
      <AdminPage title="Product">
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {errorText(product.error)}
        </p>
        <Link to="/products" className="text-orange-800 underline">
          Back to products
        </Link>
      </AdminPage>
    );
  }
  if (!product.data) {
    return (
      <AdminPage title="Product">
        <p className="text-slate-700">Loading the product…</p>
      </AdminPage>
    );
  }
  return <Editor key={product.data.product_id} product={product.data} />;
}

function Editor({ product }: { product: AdminProduct | null }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'duplicate' | null>(null);
  const form = useForm<ProductFormValues>({
    defaultValues: product ? productToForm(product) : emptyProductForm(),
    resolver,
    shouldFocusError: true,
  });
  const categories = useQuery({ queryKey: ['admin-categories'], queryFn: listCategories });
  const type = form.watch('product_type');

  const save = useMutation({
    mutationFn: (values: ProductFormValues) => {
      const body = toProductFields(values);
      return product ? patchProduct(product.product_id, body) : createProduct(body);
    },
    onSuccess: async (saved) => {
      setFormError(null);
      await client.invalidateQueries({ queryKey: ['admin-products'] });
      client.setQueryData(['admin-product', saved.product_id], saved);
      if (product) {
        form.reset(productToForm(saved));
        setNotice('Saved.');
      } else {
        await navigate(`/products/${saved.product_id}`, {
          state: { notice: 'Product created.' },
        });
      }
    },
    onError: (err) => {
      setNotice(null);
      if (err instanceof ServerError && err.field) {
        const path = formPath(err.field);
        const message = err.serverMessage ?? errorText(err);
        form.setError(
          path as keyof ProductFormValues,
          { message },
          {
            shouldFocus: true,
          },
        );
        setFormError(`Not saved: ${message}`);
      } else setFormError(errorText(err));
    },
  });
  const duplicate = useMutation({
    mutationFn: () => duplicateProduct(product?.product_id ?? ''),
    onSuccess: async (copy) => {
      setConfirm(null);
      await client.invalidateQueries({ queryKey: ['admin-products'] });
      await navigate(`/products/${copy.product_id}`, {
        state: { notice: `Copied as ${copy.sku} (Inactive until you publish it).` },
      });
    },
    onError: (err) => {
      setConfirm(null);
      setFormError(errorText(err));
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteProduct(product?.product_id ?? ''),
    onSuccess: async (res) => {
      setConfirm(null);
      await client.invalidateQueries({ queryKey: ['admin-products'] });
      await navigate('/products', { state: { notice: res.msg } });
    },
    onError: (err) => {
      setConfirm(null);
      setFormError(errorText(err));
    },
  });

  const arrivedWith = (useLocation().state as { notice?: string } | null)?.notice;
  const shownNotice = notice ?? (form.formState.isDirty ? null : (arrivedWith ?? null));
  const reg = (name: Parameters<Form['register']>[0]) => ({
    ...form.register(name),
    error: errorOf(form, name),
  });

  return (
    <AdminPage
      title={product ? `Edit ${product.title}` : 'New product'}
      actions={
        product && (
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/products/${product.product_id}/photos`}
              className={buttonClass('secondary')}
            >
              Photos
            </Link>
            <Button variant="secondary" onClick={() => setConfirm('duplicate')}>
              Duplicate
            </Button>
            <Button variant="secondary" onClick={() => setConfirm('delete')}>
              Delete
            </Button>
          </div>
        )
      }
    >
      <Link to="/products" className="tap text-sm text-orange-800 underline">
        ← All products
      </Link>
      {shownNotice && (
        <p
          role="status"
          className="rounded-lg bg-green-50 p-3 text-sm font-medium text-green-900 ring-1 ring-green-200"
        >
          {shownNotice}
        </p>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          setNotice(null);
          void form.handleSubmit((values) => save.mutate(values))(e);
        }}
      >
        <Card title="Basics">
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
        </Card>

        <Card title="Price and stock">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <TextField label="MRP (₹)" inputMode="decimal" {...reg('originalPrice')} />
            <TextField
              label="Sale price (₹, blank for none)"
              inputMode="decimal"
              {...reg('discountPrice')}
            />
            {type === 'Variable Product' ? (
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
        </Card>

        {type === 'Variable Product' && <Variations form={form} />}
        {type === 'Grouped Product' && <GroupedItems form={form} />}

        <Card title="Descriptions">
          <TextAreaField label="Short description" rows={3} {...reg('short_description')} />
          <TextAreaField label="Description" rows={6} {...reg('description')} />
          <TextAreaField label="Key features (one a line)" rows={4} {...reg('key_features')} />
          <Specifications form={form} />
        </Card>

        {formError && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
            {formError}
          </p>
        )}
        <div className="flex gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
          </Button>
          <Link to="/products" className={buttonClass('ghost')}>
            Cancel
          </Link>
        </div>
      </form>

      <Modal
        title={confirm === 'delete' ? 'Delete this product?' : 'Duplicate this product?'}
        open={confirm !== null}
        onClose={() => setConfirm(null)}
      >
        <p className="text-slate-800">
          {confirm === 'delete'
            ? 'A product that orders name is archived instead (hidden from the shop, kept for the orders). Otherwise it is deleted for good.'
            : 'A copy is made with a new SKU, Inactive until you publish it.'}
        </p>
        <div className="mt-4 flex gap-2">
          <Button
            onClick={() => (confirm === 'delete' ? remove.mutate() : duplicate.mutate())}
            disabled={remove.isPending || duplicate.isPending}
          >
            {confirm === 'delete' ? 'Yes, delete' : 'Yes, duplicate'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirm(null)}>
            Keep it
          </Button>
        </div>
      </Modal>
    </AdminPage>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4">
      <legend className="float-left mb-1 w-full text-base font-bold text-slate-900">{title}</legend>
      {children}
    </fieldset>
  );
}

function SelectField({
  label,
  error,
  children,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | undefined;
  ref?: React.Ref<HTMLSelectElement>;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
      {label}
      <select className={fieldClass} aria-invalid={error ? true : undefined} {...select}>
        {children}
      </select>
      {error && <span className="text-sm font-medium text-red-700">{error}</span>}
    </label>
  );
}

function Specifications({ form }: { form: Form }) {
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

function Variations({ form }: { form: Form }) {
  const attributes = useFieldArray({ control: form.control, name: 'attribute' });
  const rows = useFieldArray({ control: form.control, name: 'variation' });
  const listError = errorOf(form, 'variation');
  return (
    <Card title="Variations">
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
    </Card>
  );
}

function GroupedItems({ form }: { form: Form }) {
  const items = useFieldArray({ control: form.control, name: 'grouped_product' });
  const listError = errorOf(form, 'grouped_product');
  const chosen = new Set(items.fields.map((f) => f.product_id));
  return (
    <Card title="Grouped items">
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
    </Card>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '@shop/contracts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { TextAreaField } from '../../components/ui/text-field.tsx';
import { errorText, ServerError } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import {
  emptyProductForm,
  productToForm,
  toProductFields,
  type ProductFormValues,
} from './product-form.ts';
import { formPath, formProblems, nestErrors } from './product-form-problems.ts';
import {
  createProduct,
  deleteProduct,
  duplicateProduct,
  getProduct,
  patchProduct,
} from './products-api.ts';
import { EditorCard, registerField, type FieldName } from './product-editor-parts.tsx';
import { ProductBasicsCards } from './product-basics-cards.tsx';
import { GroupedItems, Specifications } from './product-editor-lists.tsx';
import { Variations } from './product-variations-editor.tsx';
import { imagesPath, ProductPhotos } from './photos/photos-page.tsx';
import { uploadImages } from '../lib/image-upload.ts';
import { NewPhotos } from './new-photos.tsx';
import { SizeChartEditor } from './size-chart-editor.tsx';
import { CourseDetailsCard } from '../courses/course-details-form.tsx';

/** The API's own checks (contracts schema and `productDraftProblem`) before anything is sent. */
const resolver: Resolver<ProductFormValues> = (values) => {
  const problems = formProblems(values);
  return problems.length === 0
    ? { values, errors: {} }
    : { values: {}, errors: nestErrors(problems) };
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
  /** Photos chosen for a new product: uploaded once it is created. */
  const [newPhotos, setNewPhotos] = useState<File[]>([]);
  const form = useForm<ProductFormValues>({
    defaultValues: product ? productToForm(product) : emptyProductForm(),
    resolver,
    shouldFocusError: true,
  });
  const type = form.watch('product_type');

  const save = useMutation({
    mutationFn: async (values: ProductFormValues) => {
      const body = toProductFields(values);
      if (product) return { saved: await patchProduct(product.product_id, body), photos: null };
      const saved = await createProduct(body);
      if (newPhotos.length === 0) return { saved, photos: null };
      // The product is made: a photo refused now is said on its page, where it can be added.
      const photos = await uploadImages(imagesPath(saved.product_id), newPhotos).then(
        () => null,
        (err: unknown) => errorText(err),
      );
      return { saved, photos };
    },
    onSuccess: async ({ saved, photos }) => {
      setFormError(null);
      await client.invalidateQueries({ queryKey: ['admin-products'] });
      client.setQueryData(['admin-product', saved.product_id], saved);
      if (product) {
        form.reset(productToForm(saved));
        setNotice('Saved.');
      } else {
        await navigate(`/products/${saved.product_id}`, {
          state: {
            notice: photos
              ? `Product created, but its photos were not added: ${photos} Add them below.`
              : 'Product created.',
          },
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
  const reg = (name: FieldName) => registerField(form, name);
  const photos = product ? [product.image, ...product.gallery].filter((u) => u !== '') : [];

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
      {product && (
        <section
          aria-label="Photos"
          className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
        >
          <h2 className="text-base font-bold text-slate-900">Photos</h2>
          <ProductPhotos productId={product.product_id} />
        </section>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          setNotice(null);
          void form.handleSubmit((values) => save.mutate(values))(e);
        }}
      >
        <ProductBasicsCards
          form={form}
          isNew={product === null}
          gstAbove={product?.gst_above ?? null}
        />
        {!product && <NewPhotos files={newPhotos} onChange={setNewPhotos} />}

        {type === 'Variable Product' && <Variations form={form} photos={photos} />}
        {type === 'Grouped Product' && <GroupedItems form={form} />}

        <EditorCard title="Descriptions">
          <TextAreaField label="Short description" rows={3} {...reg('short_description')} />
          <TextAreaField label="Description" rows={6} {...reg('description')} />
          <TextAreaField label="Key features (one a line)" rows={4} {...reg('key_features')} />
          <Specifications form={form} />
        </EditorCard>

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

      {product && type === 'Variable Product' && (
        <section
          aria-label="Size chart"
          className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4"
        >
          <h2 className="text-base font-bold text-slate-900">Size chart</h2>
          <SizeChartEditor
            target={{ kind: 'product', id: product.product_id }}
            hint="This product's own chart, shown instead of its category's. Leave it blank to show the category's."
          />
        </section>
      )}

      {product && <CourseDetailsCard product={product} />}

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

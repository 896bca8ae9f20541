import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { AdminPage } from '../layout/admin-page.tsx';
import { ResourceList } from '../lib/resource-list/resource-list.tsx';
import { useResourceList } from '../lib/resource-list/use-resource-list.ts';
import { NO_BULK, type BulkDraft } from './product-bulk.ts';
import { ProductFilterControls } from './product-filters.tsx';
import { PRODUCT_COLUMNS, ProductCard, ProductCells } from './product-list-row.tsx';
import { listProducts, NO_PRODUCT_FILTERS, PRODUCTS_PAGE_SIZE } from './products-api.ts';
import { ProductsBulkBar } from './products-bulk-bar.tsx';

/** /admin/products: the catalogue. */
export function Component() {
  const location = useLocation();
  const list = useResourceList({
    queryKey: 'admin-products',
    initialFilters: NO_PRODUCT_FILTERS,
    fetchPage: listProducts,
    rowId: (p) => p.product_id,
    pageSize: PRODUCTS_PAGE_SIZE,
    initialNotice: (location.state as { notice?: string } | null)?.notice ?? null,
  });
  const [draft, setDraft] = useState<BulkDraft>(NO_BULK);
  const unfiltered = JSON.stringify(list.filters) === JSON.stringify(NO_PRODUCT_FILTERS);

  return (
    <AdminPage
      title="Products"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/products/categories" className={buttonClass('secondary')}>
            Categories
          </Link>
          <Link to="/products/import" className={buttonClass('secondary')}>
            Import
          </Link>
          <Link to="/products/new" className={buttonClass('primary')}>
            New product
          </Link>
        </div>
      }
    >
      {list.total === 0 && !list.query.isPending && !list.query.isError && unfiltered ? (
        <>
          {list.notice && (
            <p
              role="status"
              className="rounded-lg bg-white p-3 text-sm text-slate-800 ring-1 ring-slate-200"
            >
              {list.notice}
            </p>
          )}
          <FirstProduct />
        </>
      ) : (
        <ResourceList
          list={list}
          noun={{ one: 'product', many: 'products' }}
          search={{
            id: 'product-search',
            label: 'Search products',
            placeholder: 'Title or SKU',
            onSearch: (search) => list.filter({ search }),
          }}
          filters={<ProductFilterControls filters={list.filters} onFilter={list.filter} />}
          bulkBar={<ProductsBulkBar list={list} draft={draft} onDraft={setDraft} />}
          rowLabel={(p) => `Select ${p.title}`}
          card={(p) => <ProductCard product={p} />}
          columns={PRODUCT_COLUMNS}
          cells={(p) => <ProductCells product={p} />}
        />
      )}
    </AdminPage>
  );
}

/** What a shop with no products yet sees: what to do first, and the button to do it. */
function FirstProduct() {
  return (
    <section className="flex flex-col items-start gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-lg font-bold text-slate-900">Add your first product</h2>
      <p className="text-slate-700">
        Give it a name, a price and a photo (your phone&apos;s camera works); add sizes and colours
        if it has them. It goes on sale as soon as you create it.
      </p>
      <Link to="/products/new" className={buttonClass('primary')}>
        Add your first product
      </Link>
      <p className="text-sm text-slate-700">
        Have a list already?{' '}
        <Link to="/products/import" className="underline">
          Import a CSV file
        </Link>
        .
      </p>
    </section>
  );
}

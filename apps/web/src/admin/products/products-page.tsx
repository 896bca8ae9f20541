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

  return (
    <AdminPage
      title="Products"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to="/products/import" className={buttonClass('secondary')}>
            Import
          </Link>
          <Link to="/products/new" className={buttonClass('primary')}>
            New product
          </Link>
        </div>
      }
    >
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
    </AdminPage>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { AdminProductRow, ProductBulk } from '@shop/contracts';
import {
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  STOCK_LEVELS,
  formatInr,
  rupeesToPaise,
  type ProductStatus,
  type ProductType,
  type StockLevel,
} from '@shop/domain';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { FilterSelect, Pager } from '../layout/list-controls.tsx';
import {
  bulkEditProducts,
  listCategories,
  listProducts,
  NO_PRODUCT_FILTERS,
  PRODUCTS_PAGE_SIZE,
  type ProductFilters,
} from './products-api.ts';
import { bulkBody, NO_BULK, type BulkDraft } from './product-form.ts';

const rupees = (r: number) => formatInr(rupeesToPaise(r));

const SORTS: [string, string][] = [
  ['updated:desc', 'Recently changed'],
  ['created:desc', 'Newest first'],
  ['title:asc', 'Title A–Z'],
  ['sku:asc', 'SKU A–Z'],
  ['price:asc', 'Price: low to high'],
  ['price:desc', 'Price: high to low'],
  ['stock:asc', 'Stock: lowest first'],
  ['stock:desc', 'Stock: highest first'],
];
const STOCK_LABELS: Record<StockLevel, string> = { in: 'In stock', low: 'Low', out: 'Out' };
const typeLabel = (t: string) => (t === 'Simple' ? 'Simple' : t.replace(' Product', ''));

/** /admin/products: the catalogue. */
export function Component() {
  const location = useLocation();
  const [filters, setFilters] = useState<ProductFilters>(NO_PRODUCT_FILTERS);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [draft, setDraft] = useState<BulkDraft>(NO_BULK);
  const [notice, setNotice] = useState<string | null>(
    (location.state as { notice?: string } | null)?.notice ?? null,
  );
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['admin-products', filters],
    queryFn: () => listProducts(filters),
    placeholderData: (previous) => previous,
  });
  const categories = useQuery({ queryKey: ['admin-categories'], queryFn: listCategories });
  const set = (patch: Partial<ProductFilters>) => {
    setFilters((f) => ({ ...f, page: 1, ...patch }));
    setSelected(new Set());
  };
  const bulk = useMutation({
    mutationFn: (body: ProductBulk) => bulkEditProducts(body),
    onSuccess: async (updated) => {
      setNotice(`${String(updated)} ${updated === 1 ? 'product' : 'products'} updated.`);
      setSelected(new Set());
      setDraft(NO_BULK);
      await client.invalidateQueries({ queryKey: ['admin-products'] });
    },
    onError: (err) => setNotice(errorText(err)),
  });

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PAGE_SIZE));
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.product_id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          set({ search });
        }}
      >
        <label htmlFor="product-search" className="sr-only">
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          className={fieldClass}
          placeholder="Title or SKU"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>

      <div className="grid grid-cols-2 gap-2 md:grid-cols-5">
        <FilterSelect
          label="Category"
          value={filters.category}
          onChange={(category) => set({ category })}
          options={[
            ['', 'All categories'],
            ...(categories.data ?? []).map((c) => [c.category, c.name] as const),
          ]}
        />
        <FilterSelect
          label="Status"
          value={filters.status}
          onChange={(v) => set({ status: v as ProductStatus | '' })}
          options={[['', 'Any status'], ...PRODUCT_STATUSES.map((s) => [s, s] as const)]}
        />
        <FilterSelect
          label="Stock"
          value={filters.stock}
          onChange={(v) => set({ stock: v as StockLevel | '' })}
          options={[['', 'Any stock'], ...STOCK_LEVELS.map((s) => [s, STOCK_LABELS[s]] as const)]}
        />
        <FilterSelect
          label="Type"
          value={filters.type}
          onChange={(v) => set({ type: v as ProductType | '' })}
          options={[['', 'Any type'], ...PRODUCT_TYPES.map((t) => [t, typeLabel(t)] as const)]}
        />
        <div className="col-span-2 md:col-span-1">
          <FilterSelect
            label="Sort"
            value={`${filters.sort}:${filters.order}`}
            onChange={(v) => {
              const [sort, order] = v.split(':') as [
                ProductFilters['sort'],
                ProductFilters['order'],
              ];
              set({ sort, order });
            }}
            options={SORTS}
          />
        </div>
      </div>

      {selected.size > 0 && (
        <form
          className="flex flex-wrap items-end gap-2 rounded-lg bg-orange-50 p-3 ring-1 ring-orange-200"
          data-testid="bulk-bar"
          aria-label="Bulk edit"
          onSubmit={(e) => {
            e.preventDefault();
            const body = bulkBody([...selected], draft);
            if (typeof body === 'string') setNotice(body);
            else bulk.mutate(body);
          }}
        >
          <p className="basis-full text-sm font-semibold text-slate-900">
            {selected.size} selected: set (blank leaves a field as it is)
          </p>
          <Box
            label="MRP (₹)"
            value={draft.originalPrice}
            onChange={(originalPrice) => setDraft((d) => ({ ...d, originalPrice }))}
          />
          <Box
            label="Sale price (₹)"
            value={draft.discountPrice}
            onChange={(discountPrice) => setDraft((d) => ({ ...d, discountPrice }))}
          />
          <Box
            label="Stock"
            value={draft.stock}
            onChange={(stock) => setDraft((d) => ({ ...d, stock }))}
          />
          <FilterSelect
            label="Set status"
            value={draft.status}
            onChange={(v) => setDraft((d) => ({ ...d, status: v as ProductStatus | '' }))}
            options={[['', 'Unchanged'], ...PRODUCT_STATUSES.map((s) => [s, s] as const)]}
          />
          <Button type="submit" disabled={bulk.isPending}>
            {bulk.isPending ? 'Applying…' : 'Apply to selected'}
          </Button>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </form>
      )}
      {notice && (
        <p
          role="status"
          className="rounded-lg bg-white p-3 text-sm text-slate-800 ring-1 ring-slate-200"
        >
          {notice}
        </p>
      )}

      {list.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {errorText(list.error)}
        </p>
      ) : list.isPending ? (
        <p className="text-slate-700">Loading products…</p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          No products match these filters.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {total} {total === 1 ? 'product' : 'products'}
          </p>
          {/* Phones: cards. */}
          <ul className="flex flex-col gap-2 md:hidden" aria-label="Products">
            {rows.map((p) => (
              <li
                key={p.product_id}
                className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
                data-testid="product-card"
              >
                <Pick row={p} checked={selected.has(p.product_id)} onChange={toggle} />
                <Thumb row={p} />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <Link
                    to={`/products/${p.product_id}`}
                    className="tap font-semibold break-words text-orange-800 underline"
                  >
                    {p.title}
                  </Link>
                  <p className="text-sm break-all text-slate-700">
                    {p.sku} · {typeLabel(p.product_type)} · {p.category}
                  </p>
                  <p className="text-sm text-slate-900">
                    <Prices row={p} /> · {stockText(p)} · <StatusText status={p.status} />
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {/* 768 px and up: a table. */}
          <div className="hidden overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="p-2">
                    <input
                      type="checkbox"
                      className="size-5"
                      aria-label="Select all products on this page"
                      checked={allOnPage}
                      onChange={() =>
                        setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.product_id)))
                      }
                    />
                  </th>
                  <th scope="col" className="p-2">
                    <span className="sr-only">Image</span>
                  </th>
                  <th scope="col" className="p-2">
                    Product
                  </th>
                  <th scope="col" className="p-2">
                    Category
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Price
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Stock
                  </th>
                  <th scope="col" className="p-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr
                    key={p.product_id}
                    className="border-t border-slate-200"
                    data-testid="product-row"
                  >
                    <td className="p-2">
                      <Pick row={p} checked={selected.has(p.product_id)} onChange={toggle} />
                    </td>
                    <td className="p-2">
                      <Thumb row={p} />
                    </td>
                    <td className="p-2">
                      <Link
                        to={`/products/${p.product_id}`}
                        className="font-semibold text-orange-800 underline"
                      >
                        {p.title}
                      </Link>
                      <span className="block text-xs text-slate-700">
                        {p.sku} · {typeLabel(p.product_type)}
                        {p.variations > 0 && ` · ${String(p.variations)} variations`}
                      </span>
                    </td>
                    <td className="p-2">{p.category}</td>
                    <td className="p-2 text-right whitespace-nowrap">
                      <Prices row={p} />
                    </td>
                    <td className="p-2 text-right whitespace-nowrap">{stockText(p)}</td>
                    <td className="p-2">
                      <StatusText status={p.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={filters.page}
            pages={pages}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </AdminPage>
  );
}

const stockText = (p: AdminProductRow) => `${String(p.stock)} (${STOCK_LABELS[p.stock_level]})`;

function Prices({ row }: { row: AdminProductRow }) {
  if (row.discountPrice > 0 && row.discountPrice < row.originalPrice) {
    return (
      <>
        <span className="font-semibold">{rupees(row.discountPrice)}</span>{' '}
        <s className="text-xs text-slate-700">{rupees(row.originalPrice)}</s>
      </>
    );
  }
  return <span className="font-semibold">{rupees(row.originalPrice)}</span>;
}

function StatusText({ status }: { status: string }) {
  const tone =
    status === 'Active'
      ? 'bg-green-100 text-green-900'
      : status === 'Archived'
        ? 'bg-slate-200 text-slate-800'
        : 'bg-amber-100 text-amber-900';
  return (
    <span
      className={`inline-block rounded-full px-2 text-xs font-semibold ${tone}`}
      data-testid="product-status"
    >
      {status}
    </span>
  );
}

function Thumb({ row }: { row: AdminProductRow }) {
  return row.image ? (
    <img src={row.image} alt="" className="size-12 shrink-0 rounded object-cover" loading="lazy" />
  ) : (
    <span className="size-12 shrink-0 rounded bg-slate-100" aria-hidden="true" />
  );
}

function Pick({
  row,
  checked,
  onChange,
}: {
  row: AdminProductRow;
  checked: boolean;
  onChange: (id: string) => void;
}) {
  // The label is the 44 px tap area around the 20 px box; its negative margin keeps the layout.
  return (
    <label className="-mx-3 -mt-2 -mb-3 shrink-0 self-start justify-center">
      <input
        type="checkbox"
        className="size-5"
        aria-label={`Select ${row.title}`}
        checked={checked}
        onChange={() => onChange(row.product_id)}
      />
    </label>
  );
}

function Box({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex w-28 flex-col gap-1 text-sm font-semibold text-slate-800">
      {label}
      <input
        className={fieldClass}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

import { useQuery } from '@tanstack/react-query';
import {
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  STOCK_LEVELS,
  type ProductStatus,
  type ProductType,
  type StockLevel,
} from '@shop/domain';
import { FilterSelect } from '../layout/list-controls.tsx';
import { STOCK_LABELS, typeLabel } from './product-list-row.tsx';
import { listCategories, type ProductFilters } from './products-api.ts';

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

/** The catalogue's filters: category, status, stock level, type and sort. */
export function ProductFilterControls({
  filters,
  onFilter,
}: {
  filters: ProductFilters;
  onFilter: (patch: Partial<ProductFilters>) => void;
}) {
  const categories = useQuery({ queryKey: ['admin-categories'], queryFn: listCategories });
  return (
    <div className="grid grid-cols-2 gap-2 md:grid-cols-5">
      <FilterSelect
        label="Category"
        value={filters.category}
        onChange={(category) => onFilter({ category })}
        options={[
          ['', 'All categories'],
          ...(categories.data ?? []).map((c) => [c.category, c.name] as const),
        ]}
      />
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(v) => onFilter({ status: v as ProductStatus | '' })}
        options={[['', 'Any status'], ...PRODUCT_STATUSES.map((s) => [s, s] as const)]}
      />
      <FilterSelect
        label="Stock"
        value={filters.stock}
        onChange={(v) => onFilter({ stock: v as StockLevel | '' })}
        options={[['', 'Any stock'], ...STOCK_LEVELS.map((s) => [s, STOCK_LABELS[s]] as const)]}
      />
      <FilterSelect
        label="Type"
        value={filters.type}
        onChange={(v) => onFilter({ type: v as ProductType | '' })}
        options={[['', 'Any type'], ...PRODUCT_TYPES.map((t) => [t, typeLabel(t)] as const)]}
      />
      <div className="col-span-2 md:col-span-1">
        <FilterSelect
          label="Sort"
          value={`${filters.sort}:${filters.order}`}
          onChange={(v) => {
            const [sort, order] = v.split(':') as [ProductFilters['sort'], ProductFilters['order']];
            onFilter({ sort, order });
          }}
          options={SORTS}
        />
      </div>
    </div>
  );
}

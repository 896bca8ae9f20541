import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { isSortOption } from '@shop/domain';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { ProductGridSkeleton } from '../../../components/product/product-card-skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCartMode } from '../../../lib/store-queries.ts';
import { useFacets, useProductPages, type ListingFilter } from '../api/catalogue-queries.ts';
import {
  chosenCount,
  readFilterParams,
  writeFilterParams,
  type FilterParams,
} from '../filter-params.ts';
import { ChosenFilters } from './chosen-filters.tsx';
import { FilterGroups, FiltersDrawer } from './listing-filters.tsx';
import { useCardModals } from './card-actions.tsx';
import { NoSearchResults, SearchSummary } from './search-outcome.tsx';
import { SortSelect } from './sort-select.tsx';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

interface ProductListingProps {
  heading: string;
  /** Show "Discover Our Products (N)" style item count. */
  showCount?: boolean;
  filter: Omit<ListingFilter, 'sort' | 'filters'>;
  /**
   * Offer the filters (price, in stock, attributes; with `category`, the category too), kept in
   * the page URL with the counts the server gives.
   */
  filters?: { category: boolean };
}

const GRID_WITH_FILTERS = 'grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4';

/** A server-sorted product grid that loads 10 at a time as the shopper scrolls. */
export function ProductListing({
  heading,
  showCount,
  filter: baseFilter,
  filters: offered,
}: ProductListingProps) {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort = isSortOption(sortParam) ? sortParam : 'recommended';
  const mode = useCartMode();
  const { actions, modals } = useCardModals(mode);
  const url = params.toString();
  /**
   * A choice shows at once: the router applies the new URL in a transition, and a controlled
   * checkbox would spring back until then. Dropped as soon as the URL moves.
   */
  const [pending, setPending] = useState<{ from: string; value: FilterParams } | null>(null);
  const chosen = !offered
    ? undefined
    : pending?.from === url
      ? pending.value
      : readFilterParams(params);
  const withCategory = offered?.category === true;
  const filter: Omit<ListingFilter, 'sort'> = {
    ...baseFilter,
    ...(withCategory && chosen?.category ? { category: chosen.category } : {}),
    ...(chosen ? { filters: chosen } : {}),
  };
  const query = useProductPages({ ...filter, sort });
  const facets = useFacets(filter, offered !== undefined);
  const [drawerOpen, setDrawerOpen] = useState(false);
  /** A filter change is a new history entry: the back button steps back through them. */
  const applyFilters = (next: FilterParams) => {
    setPending({ from: url, value: next });
    setParams((prev) => writeFilterParams(prev, next));
  };
  const clearFilters = () => applyFilters({ inStock: false, attr: [] });
  const filtered = chosen !== undefined && chosenCount(chosen, withCategory) > 0;
  const products = query.data?.pages.flatMap((p) => p.data) ?? [];
  const total = query.data?.pages[0]?.total;
  const searched = query.data?.pages[0]?.search;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;

  useEffect(() => {
    if (isError) toast.error('Failed to load products');
  }, [isError]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section aria-labelledby="listing-heading" className="mx-auto max-w-6xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="listing-heading" className="text-xl font-bold sm:text-2xl">
          {heading}
          {showCount && total !== undefined && (
            <>
              {' '}
              <span className="text-base font-medium text-slate-600">({total} items)</span>
            </>
          )}
        </h1>
        {chosen && (
          <button
            type="button"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
            className="flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 lg:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5 fill-none stroke-current stroke-2"
            >
              <path d="M4 6h16M7 12h10M10 18h4" />
            </svg>
            Filters
            {chosenCount(chosen, withCategory) > 0 && (
              <span className="rounded-full bg-orange-700 px-2 text-xs text-white">
                {chosenCount(chosen, withCategory)}
                <span className="sr-only"> chosen</span>
              </span>
            )}
          </button>
        )}
        <SortSelect
          value={sort}
          onChange={(s) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('sort', s);
                return next;
              },
              { replace: true },
            )
          }
        />
      </div>
      {filter.search && total !== undefined && total > 0 && (
        <SearchSummary text={filter.search} total={total} outcome={searched} />
      )}
      <div className={chosen ? 'lg:grid lg:grid-cols-[15rem_1fr] lg:items-start lg:gap-6' : ''}>
        {chosen && (
          <aside
            aria-label="Filters"
            className="hidden rounded-2xl bg-white px-2 ring-1 ring-slate-200 lg:block"
          >
            <FilterGroups
              facets={facets.data}
              value={chosen}
              onChange={applyFilters}
              withCategory={withCategory}
            />
          </aside>
        )}
        <div>
          {chosen && (
            <ChosenFilters
              value={chosen}
              facets={facets.data}
              onChange={applyFilters}
              withCategory={withCategory}
            />
          )}
          {products.length === 0 &&
            query.isSuccess &&
            (filtered ? (
              <div className="py-10 text-center text-slate-700">
                <p>No products match these filters.</p>
                <Button variant="secondary" className="mt-3" onClick={clearFilters}>
                  Clear filters
                </Button>
              </div>
            ) : filter.search ? (
              <NoSearchResults
                text={filter.search}
                outcome={searched}
                mode={mode}
                actions={actions}
              />
            ) : (
              <p className="py-10 text-center text-slate-700">No products found.</p>
            ))}
          {products.length === 0 && !query.isSuccess && (
            <>
              <p className="sr-only" role="status">
                Loading products...
              </p>
              <ProductGridSkeleton count={10} className={chosen ? GRID_WITH_FILTERS : GRID} />
            </>
          )}
          {products.length > 0 && (
            <ul aria-label="Products" className={chosen ? GRID_WITH_FILTERS : GRID}>
              {products.map((p) => (
                <ProductCard
                  key={p.product_id}
                  product={p}
                  mode={mode}
                  headingLevel={2}
                  {...actions}
                />
              ))}
            </ul>
          )}
        </div>
      </div>
      <div ref={sentinel} className="flex justify-center py-6">
        {hasNextPage && (
          <Button
            variant="secondary"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </div>
      {chosen && (
        <FiltersDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          total={total}
          onClear={clearFilters}
          facets={facets.data}
          value={chosen}
          onChange={applyFilters}
          withCategory={withCategory}
        />
      )}
      {modals}
    </section>
  );
}

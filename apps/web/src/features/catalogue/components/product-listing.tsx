import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { isSortOption } from '@shop/domain';
import { ProductCard } from '../../../components/product/product-card.tsx';
import { ProductGridSkeleton } from '../../../components/product/product-card-skeleton.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCartMode } from '../../../lib/store-queries.ts';
import { useProductPages, type ListingFilter } from '../api/catalogue-queries.ts';
import { useCardModals } from './card-actions.tsx';
import { NoSearchResults, SearchSummary } from './search-outcome.tsx';
import { SortSelect } from './sort-select.tsx';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5';

interface ProductListingProps {
  heading: string;
  /** Show "Discover Our Products (N)" style item count. */
  showCount?: boolean;
  filter: Omit<ListingFilter, 'sort'>;
}

/** A server-sorted product grid that loads 10 at a time as the shopper scrolls. */
export function ProductListing({ heading, showCount, filter }: ProductListingProps) {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort = isSortOption(sortParam) ? sortParam : 'recommended';
  const mode = useCartMode();
  const { actions, modals } = useCardModals(mode);
  const query = useProductPages({ ...filter, sort });
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
      {products.length === 0 &&
        query.isSuccess &&
        (filter.search ? (
          <NoSearchResults text={filter.search} outcome={searched} mode={mode} actions={actions} />
        ) : (
          <p className="py-10 text-center text-slate-700">No products found.</p>
        ))}
      {products.length === 0 && !query.isSuccess && (
        <>
          <p className="sr-only" role="status">
            Loading products...
          </p>
          <ProductGridSkeleton count={10} className={GRID} />
        </>
      )}
      {products.length > 0 && (
        <ul
          aria-label="Products"
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
        >
          {products.map((p) => (
            <ProductCard key={p.product_id} product={p} mode={mode} headingLevel={2} {...actions} />
          ))}
        </ul>
      )}
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
      {modals}
    </section>
  );
}

import { useEffect } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { CartMode } from '@shop/domain';
import { ProductCard, type ProductCardActions } from '../../../components/product/product-card.tsx';
import { ProductCardSkeleton } from '../../../components/product/product-card-skeleton.tsx';
import { Scroller } from '../../../components/ui/scroller.tsx';
import { useNewArrivals } from '../api/catalogue-queries.ts';

export const PRODUCT_ROW_STEP = 260;

export function NewArrivals({
  mode,
  actions,
}: {
  mode: CartMode | undefined;
  actions: ProductCardActions;
}) {
  const { data: groups, isError } = useNewArrivals();
  useEffect(() => {
    if (isError) toast.error('Failed to load New Arrivals');
  }, [isError]);
  if (!groups) {
    return (
      <section className="mx-auto max-w-6xl px-4 py-4 sm:py-6" aria-hidden="true">
        <div className="h-7 w-48 rounded bg-slate-200" />
        <div className="mb-2 h-5 w-72 max-w-full rounded bg-slate-200 sm:mb-3 sm:h-6" />
        <ul className="flex gap-3 overflow-hidden">
          {Array.from({ length: 5 }, (_, i) => (
            <ProductCardSkeleton key={i} inRow />
          ))}
        </ul>
      </section>
    );
  }
  return (
    <>
      {groups.map((g) => (
        <section
          key={g.category_name}
          className="mx-auto max-w-6xl px-4 py-4 sm:py-6"
          aria-label={g.category_name}
        >
          <h2 className="text-xl font-bold">{g.category_name}</h2>
          <p className="mb-2 truncate text-sm text-slate-700 sm:mb-3 sm:text-base">
            {g.description}
          </p>
          <Scroller label={`${g.category_name} products`} step={PRODUCT_ROW_STEP}>
            {g.product.map((p) => (
              <ProductCard key={p.product_id} product={p} mode={mode} inRow {...actions} />
            ))}
          </Scroller>
        </section>
      ))}
    </>
  );
}

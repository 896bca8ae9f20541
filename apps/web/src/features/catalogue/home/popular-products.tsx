import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Product } from '@shop/contracts';
import type { CartMode } from '@shop/domain';
import { ProductCard, type ProductCardActions } from '../../../components/product/product-card.tsx';
import { ProductGridSkeleton } from '../../../components/product/product-card-skeleton.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useNewArrivals, useProductSample } from '../api/catalogue-queries.ts';

const TABS = ['All Products', 'New Arrivals', 'Best Sellers', 'Trending'] as const;
type Tab = (typeof TABS)[number];
export const ALL_PRODUCTS_SHOWN = 20;
const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5';

/** Popular Products: All (first 20, then Show More), New Arrivals, Best Sellers, Trending. */
export function PopularProducts({
  mode,
  actions,
}: {
  mode: CartMode | undefined;
  actions: ProductCardActions;
}) {
  const [tab, setTab] = useState<Tab>('All Products');
  const id = useId();
  const all = useProductSample({ sort: 'recommended', courses: 'exclude' }, ALL_PRODUCTS_SHOWN);
  const tagged = useProductSample(
    { sort: 'recommended', courses: 'exclude', categorytype: tab },
    ALL_PRODUCTS_SHOWN,
    tab === 'Best Sellers' || tab === 'Trending',
  );
  const arrivals = useNewArrivals();

  const byTab: Record<Tab, Product[]> = {
    'All Products': all.data?.data ?? [],
    'New Arrivals': [
      ...new Map(
        (arrivals.data ?? []).flatMap((g) => g.product).map((p) => [p.product_id, p]),
      ).values(),
    ],
    'Best Sellers': tagged.data?.data ?? [],
    Trending: tagged.data?.data ?? [],
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-bold">
        Popular Products
      </h2>
      <Tabs
        label="Popular products"
        tabs={TABS.map((t) => ({ key: t, label: t }))}
        active={tab}
        onChange={setTab}
        listClass="mb-4 flex gap-2 overflow-x-auto"
        tabClass={(selected) =>
          `min-h-tap shrink-0 rounded-full px-4 text-sm font-semibold ${
            selected ? 'bg-slate-900 text-white' : 'bg-white text-slate-800 ring-1 ring-slate-300'
          }`
        }
      >
        {all.isPending || (tab !== 'All Products' && tab !== 'New Arrivals' && tagged.isPending) ? (
          <ProductGridSkeleton count={10} className={GRID} />
        ) : (
          <ul aria-label={tab} className={GRID}>
            {byTab[tab].map((p) => (
              <ProductCard key={p.product_id} product={p} mode={mode} {...actions} />
            ))}
          </ul>
        )}
        {tab === 'All Products' && (
          <div className="mt-4 flex justify-center">
            <Link to="/products" className={buttonClass('secondary', 'px-6')}>
              Show More Products
            </Link>
          </div>
        )}
      </Tabs>
    </section>
  );
}

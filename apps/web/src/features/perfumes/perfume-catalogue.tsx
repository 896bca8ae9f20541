import { useEffect, useRef, useState } from 'react';
import { SORT_OPTIONS, effectivePricePaise, sortProducts, type SortOption } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Price } from '../../components/ui/price.tsx';
import {
  LOAD_MORE_DELAY_MS,
  PERFUME_CATEGORIES,
  PERFUMES,
  PERFUMES_FIRST_PAGE,
  PERFUMES_PER_LOAD,
  PRICE_RANGES,
} from './perfume-data.ts';

type Open = 'sort' | 'category' | 'price' | null;

/** The demo perfume page: static data with sort, category and price modals and Load More. */
export function PerfumeCatalogue() {
  const [sort, setSort] = useState<SortOption>('recommended');
  const [category, setCategory] = useState<string | null>(null);
  const [range, setRange] = useState<number | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [shown, setShown] = useState(PERFUMES_FIRST_PAGE);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const priceRange = range === null ? null : PRICE_RANGES[range];
  const filtered = sortProducts(PERFUMES, sort).filter((p) => {
    const price = effectivePricePaise(p.originalPricePaise, p.discountPricePaise);
    return (
      (category === null || p.category === category) &&
      (priceRange == null || (price >= priceRange.min && price < priceRange.max))
    );
  });
  const visible = filtered.slice(0, shown);

  const loadMore = () => {
    setLoading(true);
    timer.current = setTimeout(() => {
      setShown((n) => n + PERFUMES_PER_LOAD);
      setLoading(false);
    }, LOAD_MORE_DELAY_MS);
  };
  const choice = (label: string, selected: boolean, onPick: () => void) => (
    <li key={label}>
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => {
          onPick();
          setOpen(null);
        }}
        className={`min-h-tap w-full rounded-lg px-3 text-left ${selected ? 'bg-orange-100 font-semibold' : 'hover:bg-slate-100'}`}
      >
        {label}
      </button>
    </li>
  );

  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="perfumes-heading">
      <h1 id="perfumes-heading" className="text-2xl font-bold">
        Perfumes
      </h1>
      <div className="my-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setOpen('sort')}>
          Sort: {SORT_OPTIONS.find((o) => o.value === sort)?.label}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('category')}>
          Category: {category ?? 'All'}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('price')}>
          Price: {priceRange?.label ?? 'Any'}
        </Button>
      </div>
      <ul aria-label="Perfumes" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {visible.map((p) => (
          <li key={p.id} className="rounded-2xl bg-white p-3 ring-1 ring-slate-200">
            <div
              aria-hidden="true"
              className="mb-2 aspect-square rounded-xl"
              style={{ background: `linear-gradient(135deg, ${p.color}, #f8fafc)` }}
            />
            <h2 className="text-sm font-semibold">{p.title}</h2>
            <p className="text-xs text-slate-700">{p.category}</p>
            <Price
              pricePaise={effectivePricePaise(p.originalPricePaise, p.discountPricePaise)}
              originalPaise={p.discountPricePaise > 0 ? p.originalPricePaise : null}
            />
          </li>
        ))}
      </ul>
      {visible.length === 0 && <p className="py-6 text-center">No perfumes match these filters.</p>}
      {shown < filtered.length && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" disabled={loading} onClick={loadMore}>
            {loading ? 'Loading...' : 'Load More'}
          </Button>
        </div>
      )}
      <Modal title="Sort by" open={open === 'sort'} onClose={() => setOpen(null)}>
        <ul>
          {SORT_OPTIONS.map((o) => choice(o.label, sort === o.value, () => setSort(o.value)))}
        </ul>
      </Modal>
      <Modal title="Category" open={open === 'category'} onClose={() => setOpen(null)}>
        <ul>
          {choice('All', category === null, () => setCategory(null))}
          {PERFUME_CATEGORIES.map((c) => choice(c, category === c, () => setCategory(c)))}
        </ul>
      </Modal>
      <Modal title="Price" open={open === 'price'} onClose={() => setOpen(null)}>
        <ul>
          {choice('Any', range === null, () => setRange(null))}
          {PRICE_RANGES.map((r, i) => choice(r.label, range === i, () => setRange(i)))}
        </ul>
      </Modal>
    </section>
  );
}

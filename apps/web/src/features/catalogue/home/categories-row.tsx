import { useEffect } from 'react';
import { Link } from 'react-router';
import { Scroller } from '../../../components/ui/scroller.tsx';
import { useCategories } from '../api/catalogue-queries.ts';

export const CATEGORY_ROW_STEP = 150;

export function CategoriesRow() {
  const { data, error } = useCategories();
  useEffect(() => {
    if (error) console.error('Failed to load categories', error);
  }, [error]);
  if (!data?.length) return null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6" aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="text-xl font-bold">
        Discover Our Categories
      </h2>
      <p className="mb-3 text-slate-700">Handpicked selections to elevate your lifestyle</p>
      <Scroller label="Categories" step={CATEGORY_ROW_STEP}>
        {data.map((c) => (
          <li key={c.category} className="w-32 shrink-0 snap-start">
            <Link
              to={`/category-detail/${encodeURIComponent(c.category)}`}
              className="flex flex-col items-center gap-2 rounded-2xl bg-white p-3 text-center text-sm font-semibold ring-1 ring-slate-200 hover:ring-orange-700"
            >
              <img
                src={c.icon}
                alt=""
                width={96}
                height={96}
                loading="lazy"
                className="size-20 rounded-xl"
              />
              {c.name}
            </Link>
          </li>
        ))}
      </Scroller>
    </section>
  );
}

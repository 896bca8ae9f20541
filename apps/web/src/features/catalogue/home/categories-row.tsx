import { Link } from 'react-router';
import { useCategories } from '../api/catalogue-queries.ts';
import { HomeRow } from './home-row.tsx';

export const CATEGORY_ROW_STEP = 150;

export function CategoriesRow() {
  return (
    <HomeRow
      query={useCategories()}
      what="categories"
      heading="Discover Our Categories"
      subtitle="Handpicked selections to elevate your lifestyle"
      label="Categories"
      step={CATEGORY_ROW_STEP}
    >
      {(categories) =>
        categories.map((c) => (
          <li key={c.category} className="w-32 shrink-0">
            <Link
              to={`/category-detail/${encodeURIComponent(c.category)}`}
              className="flex flex-col items-center gap-2 rounded-2xl bg-white p-3 text-center text-sm font-semibold ring-1 ring-slate-200 hover:ring-orange-700"
            >
              {c.icon ? (
                <img
                  src={c.icon}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  className="size-20 rounded-xl"
                />
              ) : (
                // A category the shop gave no icon: its initial, not an empty frame.
                <span
                  aria-hidden="true"
                  data-testid="category-initial"
                  className="flex size-20 items-center justify-center rounded-xl bg-orange-50 text-3xl font-bold text-orange-800"
                >
                  {c.name.trim().charAt(0).toUpperCase()}
                </span>
              )}
              {c.name}
            </Link>
          </li>
        ))
      }
    </HomeRow>
  );
}

import { Link } from 'react-router';
import type { ProductListResponse } from '@shop/contracts';
import type { CartMode } from '@shop/domain';
import { ProductCard, type ProductCardActions } from '../../../components/product/product-card.tsx';
import { useCategories, useProductSample } from '../api/catalogue-queries.ts';

type Outcome = ProductListResponse['search'];

const searchHref = (text: string) => `/product?search=${encodeURIComponent(text)}`;
const chip =
  'inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-100';

/** What was searched and how many were found ("14 results for 'hoody'"), and close words used. */
export function SearchSummary({
  text,
  total,
  outcome,
}: {
  text: string;
  total: number;
  outcome: Outcome;
}) {
  return (
    <div className="mb-4 flex flex-col gap-1" data-testid="search-summary">
      <p role="status" className="text-base font-semibold text-slate-900">
        {total} {total === 1 ? 'result' : 'results'} for &lsquo;{text}&rsquo;
      </p>
      {outcome?.match === 'close' && outcome.terms.length > 0 && (
        <p className="text-sm text-slate-700">
          No exact match, so we looked for close words: {outcome.terms.join(', ')}.
        </p>
      )}
    </div>
  );
}

const POPULAR_SHOWN = 4;

/**
 * A search that found nothing: the nearest words of the shop to try instead, its categories, and
 * its popular products, so the shopper is never at a dead end.
 */
export function NoSearchResults({
  text,
  outcome,
  mode,
  actions,
}: {
  text: string;
  outcome: Outcome;
  mode: CartMode | undefined;
  actions: ProductCardActions;
}) {
  const categories = useCategories().data ?? [];
  const popular = useProductSample({ sort: 'popular', courses: 'exclude' }, POPULAR_SHOWN).data;
  const nearest = outcome?.terms ?? [];
  return (
    <div className="flex flex-col gap-6 py-4" data-testid="no-results">
      <div>
        <h2 className="text-lg font-bold text-slate-900">Nothing matched &lsquo;{text}&rsquo;</h2>
        <p className="text-sm text-slate-700">Check the spelling, or try one of these.</p>
      </div>
      {nearest.length > 0 && (
        <section aria-labelledby="nearest-heading">
          <h3 id="nearest-heading" className="mb-2 font-semibold">
            Did you mean
          </h3>
          <ul className="flex flex-wrap gap-2">
            {nearest.map((word) => (
              <li key={word}>
                <Link to={searchHref(word)} className={chip}>
                  {word}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {categories.length > 0 && (
        <section aria-labelledby="categories-heading">
          <h3 id="categories-heading" className="mb-2 font-semibold">
            Browse categories
          </h3>
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.category}>
                <Link to={`/category-detail/${encodeURIComponent(c.category)}`} className={chip}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {popular && popular.data.length > 0 && (
        <section aria-labelledby="popular-heading">
          <h3 id="popular-heading" className="mb-2 font-semibold">
            Popular products
          </h3>
          <ul
            aria-label="Popular products"
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          >
            {popular.data.map((p) => (
              <ProductCard
                key={p.product_id}
                product={p}
                mode={mode}
                headingLevel={3}
                {...actions}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

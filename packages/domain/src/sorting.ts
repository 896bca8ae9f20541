/** The listing sort options of catalogue-and-cart §2 and §4. */
export type SortOption = 'recommended' | 'newest' | 'popular' | 'price_desc' | 'price_asc';

/** The sort dropdown, in the order the spec lists it. */
export const SORT_OPTIONS: readonly { value: SortOption; label: string }[] = [
  { value: 'recommended', label: 'Recommended' },
  { value: 'newest', label: 'Newest First' },
  { value: 'popular', label: 'Popular' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'price_asc', label: 'Price: Low to High' },
];

const SORT_VALUES: ReadonlySet<unknown> = new Set(SORT_OPTIONS.map((o) => o.value));

export function isSortOption(v: unknown): v is SortOption {
  return SORT_VALUES.has(v);
}

type Sortable = {
  createdAt: string | Date;
  totalSold: number;
  originalPricePaise: number;
  discountPricePaise: number;
};

/** The price a listing sorts by: the sale (discount) price when present (> 0), else the original. */
function sortPrice(p: Sortable): number {
  return p.discountPricePaise > 0 ? p.discountPricePaise : p.originalPricePaise;
}

function timeOf(p: Sortable): number {
  return (p.createdAt instanceof Date ? p.createdAt : new Date(p.createdAt)).getTime();
}

/** Compares numbers in the given direction; values that are not numbers (NaN) always go last. */
function compareNumbers(a: number, b: number, direction: 1 | -1): number {
  const aBad = Number.isNaN(a);
  const bBad = Number.isNaN(b);
  if (aBad || bBad) return aBad === bBad ? 0 : aBad ? 1 : -1;
  return a === b ? 0 : a < b ? -direction : direction;
}

/**
 * Sorts a listing (catalogue-and-cart §4) into a new array; the input is not changed and ties keep
 * their original order (stable):
 * - recommended: the original order;
 * - newest: createdAt descending (unparseable dates last);
 * - popular: totalSold descending;
 * - price_desc / price_asc: by the sale price when present (discountPricePaise > 0), else the
 *   original price.
 */
export function sortProducts<T extends Sortable>(items: readonly T[], sort: SortOption): T[] {
  const copy = [...items];
  switch (sort) {
    case 'recommended':
      return copy;
    case 'newest': {
      const keyed = copy.map((item) => ({ item, key: timeOf(item) }));
      keyed.sort((a, b) => compareNumbers(a.key, b.key, -1));
      return keyed.map((k) => k.item);
    }
    case 'popular':
      return copy.sort((a, b) => compareNumbers(a.totalSold, b.totalSold, -1));
    case 'price_desc':
      return copy.sort((a, b) => compareNumbers(sortPrice(a), sortPrice(b), -1));
    case 'price_asc':
      return copy.sort((a, b) => compareNumbers(sortPrice(a), sortPrice(b), 1));
  }
}

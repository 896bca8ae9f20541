import { COURSES_CATEGORY, type SortOption } from '@shop/domain';

/*
 * The storefront listing's orders and filter as the in-process indexes apply them (the search
 * index and the filter index), in the order PostgreSQL's listing gives.
 */

/** A listing's category, tag and course choice. */
export interface SearchFilter {
  /** Lower-cased. */
  category?: string | undefined;
  categorytype?: string | undefined;
  courses: 'include' | 'exclude' | 'only';
}

/** The listing's sort keys of a product (the SQL listing's ORDER BY reads the same). */
export interface ListingKeys {
  id: string;
  position: number;
  createdAtMicros: number;
  totalSold: number;
  sortPricePaise: number;
}

/** Products in the listing's order without a search text (sorted in place). */
export function sortedAsListing<T extends ListingKeys>(docs: T[], sort: SortOption): T[] {
  switch (sort) {
    case 'newest':
      return docs.sort((a, b) => b.createdAtMicros - a.createdAtMicros || byEntry(a, b));
    case 'popular':
      return docs.sort((a, b) => b.totalSold - a.totalSold || byEntry(a, b));
    case 'price_desc':
      return docs.sort((a, b) => b.sortPricePaise - a.sortPricePaise || byEntry(a, b));
    case 'price_asc':
      return docs.sort((a, b) => a.sortPricePaise - b.sortPricePaise || byEntry(a, b));
    case 'recommended':
      return docs.sort(byEntry);
  }
}

/** Whether a product is in the filter's category, tag and course choice. */
export function passes(
  doc: { categoryKey: string; categorytype: readonly string[] },
  filter: SearchFilter,
): boolean {
  if (filter.category !== undefined && doc.categoryKey !== filter.category) return false;
  if (filter.categorytype !== undefined && !doc.categorytype.includes(filter.categorytype)) {
    return false;
  }
  const course = doc.categoryKey === COURSES_CATEGORY;
  if (filter.courses === 'exclude' && course) return false;
  return !(filter.courses === 'only' && !course);
}

/** The shop's own order: position, then id (as PostgreSQL orders uuids: by their hex text). */
export function byEntry(a: ListingKeys, b: ListingKeys): number {
  return a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

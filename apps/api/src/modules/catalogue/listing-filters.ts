import type { FacetsQuery } from '@shop/contracts';
import {
  attributeKey,
  normalizeCategory,
  rupeesToPaise,
  valueKey,
  type FacetSelection,
} from '@shop/domain';
import type { ProductFilter } from './catalogue-repository.ts';

/*
 * A listing's query read as filters: the spec's (search text, category, tag, courses), which
 * PostgreSQL or the search index answer, and the ones beyond it (price, in stock, attributes),
 * which the store's filter data answers.
 */

/** The listing's filters the spec has (search text, category, tag, courses). */
export function filterOf(query: FacetsQuery): ProductFilter {
  return {
    search: query.search || undefined,
    category: query.category || undefined,
    categorytype: query.categorytype || undefined,
    courses: query.courses,
  };
}

/** The search index's and filter data's form of a filter (the category lower-cased). */
export const indexFilterOf = (filter: ProductFilter) => ({
  category: filter.category === undefined ? undefined : normalizeCategory(filter.category),
  categorytype: filter.categorytype,
  courses: filter.courses,
});

/** The filters beyond the spec's, in paise and keys (`attr` is "name:value"). */
export function selectionOf(query: FacetsQuery): FacetSelection {
  const attributes: Record<string, string[]> = {};
  for (const choice of query.attr) {
    const at = choice.indexOf(':');
    const key = attributeKey(choice.slice(0, at));
    const value = valueKey(choice.slice(at + 1));
    const values = (attributes[key] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  return {
    minPaise: query.price_min === undefined ? undefined : rupeesToPaise(query.price_min),
    maxPaise: query.price_max === undefined ? undefined : rupeesToPaise(query.price_max),
    inStock: query.in_stock,
    attributes,
  };
}

/** Whether any filter beyond the spec's is asked (else the listing answers as before). */
export function hasSelection(s: FacetSelection): boolean {
  return (
    s.minPaise !== undefined ||
    s.maxPaise !== undefined ||
    s.inStock === true ||
    Object.keys(s.attributes ?? {}).length > 0
  );
}

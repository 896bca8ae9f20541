import {
  effectivePricePaise,
  facetCounts,
  isVariableProduct,
  facetMatcher,
  minVariationPricePaise,
  variantAttributesByKey,
  type FacetCounts,
  type FacetProduct,
  type FacetSelection,
  type SortOption,
} from '@shop/domain';
import type { FacetRow } from './catalogue-repository.ts';
import { passes, sortedAsListing, type SearchFilter } from './listing-order.ts';

/** A product as the filters and the listing's sorts read it. */
interface Doc {
  id: string;
  categoryKey: string;
  categorytype: string[];
  position: number;
  createdAtMicros: number;
  totalSold: number;
  /** The price sorts' key, as the SQL listing orders: the sale price when set, else the list price. */
  sortPricePaise: number;
  facet: FacetProduct;
}

const stringMap = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    : {};

/** The product as the filters read it: the card's price, its stock, its variations by key. */
export function facetProductOf(row: FacetRow): FacetProduct {
  const variants = row.variations.map(([attributes, stock, pricePaise, salePricePaise]) => ({
    attributes: variantAttributesByKey(stringMap(attributes)),
    inStock: stock > 0,
    pricePaise,
    salePricePaise,
  }));
  const variable = isVariableProduct({ product_type: row.productType }) && variants.length > 0;
  const cardPrice = effectivePricePaise(row.originalPricePaise, row.discountPricePaise);
  return {
    category: row.categoryKey,
    // A Variable product's card shows its lowest variation price (catalogue-and-cart §5).
    pricePaise: (variable ? minVariationPricePaise(variants) : null) ?? cardPrice,
    inStock: variable ? variants.some((v) => v.inStock) : row.totalStock > 0,
    variants: variants.map((v) => ({ attributes: v.attributes, inStock: v.inStock })),
  };
}

/**
 * A store's active products as the listing's filters read them, held per
 * process while the catalogue and stock versions stay the same: a filtered listing or a
 * facets answer is a pass over these in memory, not a query per request.
 */
export class FacetIndex {
  private readonly docs: Doc[];
  private readonly byId: Map<string, Doc>;

  constructor(
    rows: readonly FacetRow[],
    /** The store's active categories in its order (key and name). */
    readonly categories: readonly { category: string; name: string }[],
  ) {
    this.docs = rows.map((row) => ({
      id: row.id,
      categoryKey: row.categoryKey,
      categorytype: row.categorytype,
      position: row.position,
      createdAtMicros: row.createdAtMicros,
      totalSold: row.totalSold,
      sortPricePaise: row.discountPricePaise > 0 ? row.discountPricePaise : row.originalPricePaise,
      facet: facetProductOf(row),
    }));
    this.byId = new Map(this.docs.map((d) => [d.id, d]));
  }

  get size(): number {
    return this.docs.length;
  }

  /** The products of the listing's filter (tag, courses, category) that pass the selection. */
  list(filter: SearchFilter, selection: FacetSelection, sort: SortOption): string[] {
    const matches = facetMatcher(selection);
    const found = this.docs.filter((d) => passes(d, filter) && matches(d.facet));
    return sortedAsListing(found, sort).map((d) => d.id);
  }

  /** Of the given ids (a search's, in its order), those that pass the selection. */
  keep(ids: readonly string[], selection: FacetSelection): string[] {
    const matches = facetMatcher(selection);
    return ids.filter((id) => {
      const doc = this.byId.get(id);
      return doc !== undefined && matches(doc.facet);
    });
  }

  /**
   * The counts of every filter option over the listing's products (`filter` without its
   * category: the category is one of the options), or over the given ids (a search's).
   */
  counts(filter: SearchFilter, selection: FacetSelection, ids?: readonly string[]): FacetCounts {
    const scope = ids
      ? ids.flatMap((id) => this.byId.get(id) ?? [])
      : this.docs.filter((d) => passes(d, { ...filter, category: undefined }));
    return facetCounts(
      scope.map((d) => d.facet),
      selection,
    );
  }
}

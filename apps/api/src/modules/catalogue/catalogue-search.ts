import type { Facets, FacetsQuery, ProductListQuery, ProductListResponse } from '@shop/contracts';
import { normalizeCategory, paiseToRupees, type FacetSelection } from '@shop/domain';
import { LRUCache } from 'lru-cache';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { CatalogueRepository, ProductFilter } from './catalogue-repository.ts';
import type { ListedProduct } from './product-relations-repository.ts';
import { FacetIndex } from './facet-index.ts';
import { filterOf, indexFilterOf, selectionOf } from './listing-filters.ts';
import type { SearchIndex } from './search-index.ts';
import { SearchIndexes } from './search-indexes.ts';
import {
  parseTsQuery,
  plainWebSearchQuery,
  UnsupportedQuery,
  type TsQuery,
} from './text-search.ts';

/** Nearest words offered when a search finds nothing. */
const NEAREST_WORDS = 5;
/** Stores whose search index is kept at once. */
const MAX_INDEXED_STORES = 20;
const MAX_PARSED_QUERIES = 2000;
/** How stale "popular" may be in search results (units sold do not move the search version). */
const SEARCH_INDEX_MAX_AGE_MS = 60_000;

export type SearchOutcome = NonNullable<ProductListResponse['search']>;

/**
 * Finding a listing's products in process: each store's search index (rebuilt when the search
 * version moves, decision 0029) and filter data (kept behind the catalogue and stock versions,
 * decision 0041); PostgreSQL then reads only the page's rows by id.
 */
export class CatalogueSearch {
  /** Each store's products as the listing's filters read them. */
  private readonly facetIndexes: VersionedCache<FacetIndex>;
  /** Each store's search index, rebuilt when the search version moves (decision 0029). */
  private readonly searchIndexes: SearchIndexes;

  constructor(
    private readonly repo: CatalogueRepository,
    /** Throws 404 for an unknown store id. */
    private readonly requireStore: (storeId: string) => Promise<void>,
    caching: { cacheCheckMs: number; stockStaleMs?: number },
  ) {
    // Filters read stock: the same versions and staleness as the answer cache (decision 0031).
    this.facetIndexes = new VersionedCache<FacetIndex>({
      readVersion: async () => {
        const versions = await repo.catalogueVersions();
        this.noteSearchVersion(versions.search);
        return versions;
      },
      laxStaleMs: caching.stockStaleMs ?? 0,
      checkEveryMs: caching.cacheCheckMs,
      maxEntries: MAX_INDEXED_STORES,
    });
    this.searchIndexes = new SearchIndexes({
      readVersion: () => repo.searchVersion(),
      maxAgeMs: SEARCH_INDEX_MAX_AGE_MS,
      notedFreshMs: caching.cacheCheckMs,
      readEntries: (storeId) => repo.searchEntries(storeId),
      maxStores: MAX_INDEXED_STORES,
    });
  }

  /** The search version as a catalogue cache's check read it (SearchIndexes.noteVersion). */
  noteSearchVersion(version: number): void {
    this.searchIndexes.noteVersion(version);
  }

  /** The store's search index (current, or being rebuilt in the background). */
  searchIndex(storeId: string): Promise<SearchIndex> {
    return this.searchIndexes.get(storeId);
  }

  /**
   * The store's filter data, built once per catalogue (or stock) version. A store with no
   * products is checked to exist, so a made-up store id answers 404 and keeps nothing.
   */
  private facetIndex(storeId: string): Promise<FacetIndex> {
    return this.facetIndexes.get(storeId, async () => {
      const [rows, categories] = await Promise.all([
        this.repo.facetEntries(storeId),
        this.repo.lists.activeCategories(storeId),
      ]);
      if (rows.length === 0) await this.requireStore(storeId);
      return new FacetIndex(rows, categories);
    });
  }

  /** Search texts as PostgreSQL's web-search parser reads them (they never change). */
  private readonly parsedQueries = new LRUCache<string, { parsed: TsQuery | null | 'unsupported' }>(
    { max: MAX_PARSED_QUERIES },
  );

  private async parsedQuery(text: string): Promise<TsQuery | null | 'unsupported'> {
    const known = this.parsedQueries.get(text);
    if (known) return known.parsed;
    let parsed: TsQuery | null | 'unsupported';
    try {
      // Plain words are read here; anything else by PostgreSQL's own parser (one statement).
      parsed = parseTsQuery(plainWebSearchQuery(text) ?? (await this.repo.webSearchQuery(text)));
    } catch (error) {
      if (!(error instanceof UnsupportedQuery)) throw error;
      parsed = 'unsupported';
    }
    this.parsedQueries.set(text, { parsed });
    return parsed;
  }

  /**
   * The ids a search matches in the store's index, in the sort's order, with how it matched;
   * undefined for a query the index cannot evaluate exactly (PostgreSQL answers it then).
   */
  private async searchIds(
    storeId: string,
    search: string,
    filter: ProductFilter,
    sort: ProductListQuery['sort'],
  ): Promise<{ ids: readonly string[]; search: SearchOutcome } | undefined> {
    const [parsed, index] = await Promise.all([
      this.parsedQuery(search),
      this.searchIndexes.get(storeId),
    ]);
    if (parsed === 'unsupported') return undefined;
    const indexFilter = { ...filter, category: filter.category?.toLowerCase() };
    let ids = index.search(search, parsed, indexFilter, sort);
    let outcome: SearchOutcome = { match: 'exact', terms: [] };
    // Only a search that found nothing looks for close words: the usual path is unchanged.
    if (ids.length === 0 && parsed) {
      const close = index.closeSearch(search, parsed, indexFilter, sort);
      ids = close.ids;
      outcome =
        ids.length > 0
          ? { match: 'close', terms: close.terms }
          : { match: 'none', terms: index.nearestWords(parsed, NEAREST_WORDS) };
    } else if (ids.length === 0) {
      outcome = { match: 'none', terms: [] };
    }
    return { ids, search: outcome };
  }

  /**
   * A page of a search from the store's index, with the count of every match; undefined for a
   * query the index cannot evaluate exactly (PostgreSQL answers it then).
   */
  async searchPage(
    storeId: string,
    search: string,
    filter: ProductFilter,
    query: ProductListQuery,
  ): Promise<{ rows: ListedProduct[]; total: number; search: SearchOutcome } | undefined> {
    const found = await this.searchIds(storeId, search, filter, query.sort);
    if (!found) return undefined;
    const rows = await this.pageOf(found.ids, query);
    return { rows, total: found.ids.length, search: found.search };
  }

  /**
   * A page of a listing without a search text from the store's index (its filter and order as
   * PostgreSQL's listing; "popular" as of the index's build, at most SEARCH_INDEX_MAX_AGE_MS
   * old), with the count of every product it lists.
   */
  async listingPage(
    storeId: string,
    filter: ProductFilter,
    query: ProductListQuery,
  ): Promise<{ rows: ListedProduct[]; total: number; search?: undefined }> {
    const index = await this.searchIndexes.get(storeId);
    const { ids, total } = index.listPage(
      { ...filter, category: filter.category?.toLowerCase() },
      query.sort,
      (query.page - 1) * query.limit,
      query.limit,
    );
    return { rows: await this.repo.relations.activeListedByIds(ids), total };
  }

  /** The rows of one page of ids (read fresh: a product switched off since is left out). */
  private pageOf(ids: readonly string[], query: { page: number; limit: number }) {
    const start = (query.page - 1) * query.limit;
    return this.repo.relations.activeListedByIds(ids.slice(start, start + query.limit));
  }

  /**
   * Every id a search matches, in the sort's order, with its outcome. A query the index cannot
   * evaluate (none today, decision 0029) is read from PostgreSQL whole.
   */
  private async allSearchIds(
    storeId: string,
    search: string,
    filter: ProductFilter,
    sort: ProductListQuery['sort'],
  ): Promise<{ ids: readonly string[]; search: SearchOutcome }> {
    const found = await this.searchIds(storeId, search, filter, sort);
    if (found) return found;
    const rows = await this.repo.listProducts(storeId, filter, sort, 1, Number.MAX_SAFE_INTEGER);
    const ids = rows.map((r) => r.id);
    return { ids, search: { match: ids.length > 0 ? 'exact' : 'none', terms: [] } };
  }

  /**
   * A listing with the filters beyond the spec's (price, in stock, attributes): the matching ids
   * from the store's filter data (after the search index, for a search), then the page's rows.
   */
  async filteredListing(
    storeId: string,
    filter: ProductFilter,
    selection: FacetSelection,
    query: ProductListQuery,
  ): Promise<{ rows: ListedProduct[]; total: number; search?: SearchOutcome }> {
    const index = await this.facetIndex(storeId);
    if (filter.search === undefined) {
      const ids = index.list(indexFilterOf(filter), selection, query.sort);
      return { rows: await this.pageOf(ids, query), total: ids.length };
    }
    const found = await this.allSearchIds(storeId, filter.search, filter, query.sort);
    const ids = index.keep(found.ids, selection);
    return { rows: await this.pageOf(ids, query), total: ids.length, search: found.search };
  }

  /**
   * The counts of every filter option for a listing, a category or a search:
   * answered from the store's filter data and search index, no query of its own per request.
   */
  async facets(storeId: string, query: FacetsQuery): Promise<Facets> {
    const filter = filterOf(query);
    const selection = {
      ...selectionOf(query),
      category: filter.category === undefined ? undefined : normalizeCategory(filter.category),
    };
    const index = await this.facetIndex(storeId);
    const ids =
      filter.search === undefined
        ? undefined
        : // The category is an option here: the search's matches of every category.
          (
            await this.allSearchIds(
              storeId,
              filter.search,
              { ...filter, category: undefined },
              'recommended',
            )
          ).ids;
    const counts = index.counts(indexFilterOf(filter), selection, ids);
    return {
      total: counts.total,
      categories: index.categories.flatMap((c) => {
        const count = counts.categories.get(normalizeCategory(c.category)) ?? 0;
        const chosen = selection.category === normalizeCategory(c.category);
        return count > 0 || chosen ? [{ category: c.category, name: c.name, count }] : [];
      }),
      price: counts.priceBands.map((b) => ({
        min: paiseToRupees(b.minPaise),
        max: b.maxPaise === undefined ? null : paiseToRupees(b.maxPaise),
        count: b.count,
      })),
      in_stock: counts.inStock,
      attributes: counts.attributes,
    };
  }
}

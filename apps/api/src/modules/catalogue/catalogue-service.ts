import type {
  CartButton,
  Category,
  Facets,
  FacetsQuery,
  NewArrivalGroup,
  Offer,
  PageMeta,
  PayButton,
  Product,
  ProductListQuery,
  ProductListResponse,
  Slider,
} from '@shop/contracts';
import {
  attributeKey,
  normalizeCategory,
  paiseToRupees,
  rupeesToPaise,
  suggestTitles,
  valueKey,
  type FacetSelection,
} from '@shop/domain';
import { NotFound } from '../../lib/errors.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { CatalogueRepository, ProductFilter, ProductRow } from './catalogue-repository.ts';
import { FacetIndex } from './facet-index.ts';
import { toProductDto } from './product-mapper.ts';
import { SearchIndexes } from './search-indexes.ts';
import { parseTsQuery, UnsupportedQuery, type TsQuery } from './text-search.ts';

const SUGGESTION_LIMIT = 8;
/** Nearest words offered when a search finds nothing. */
const NEAREST_WORDS = 5;
/** Candidates read for suggestions before de-duplication cuts them to 8. */
const SUGGESTION_CANDIDATES = 40;
/** Stores whose search index is kept at once. */
const MAX_INDEXED_STORES = 20;
const MAX_PARSED_QUERIES = 2000;
/** How stale "popular" may be in search results (units sold do not move the search version). */
const SEARCH_INDEX_MAX_AGE_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SearchOutcome = NonNullable<ProductListResponse['search']>;

/** Read use-cases of the catalogue: what the storefront shows, only what is active. */
export class CatalogueService {
  /**
   * How many products match a filter, kept while the catalogue's version stays the same: every
   * sort and page of one filter shares it, so paging reads only its page.
   */
  private readonly counts: VersionedCache<number>;

  constructor(
    private readonly repo: CatalogueRepository,
    o: { cacheCheckMs: number; stockStaleMs?: number } = { cacheCheckMs: 0 },
    /** The content module's pages, listed in the page meta (the footer's links). */
    private readonly pages: {
      list(storeId: string): Promise<{ slug: string; title: string }[]>;
    } = { list: () => Promise.resolve([]) },
  ) {
    this.counts = new VersionedCache<number>({
      readVersion: () => repo.catalogueVersion(),
      checkEveryMs: o.cacheCheckMs,
      maxEntries: 5000,
    });
    // Filters read stock: the same versions and staleness as the answer cache (decision 0031).
    this.facetIndexes = new VersionedCache<FacetIndex>({
      readVersion: () => repo.catalogueVersions(),
      laxStaleMs: o.stockStaleMs ?? 0,
      checkEveryMs: o.cacheCheckMs,
      maxEntries: MAX_INDEXED_STORES,
    });
    this.searchIndexes = new SearchIndexes({
      readVersion: () => repo.searchVersion(),
      maxAgeMs: SEARCH_INDEX_MAX_AGE_MS,
      readEntries: (storeId) => repo.searchEntries(storeId),
      maxStores: MAX_INDEXED_STORES,
    });
  }

  /** Each store's products as the listing's filters read them (issue 29 item 2). */
  private readonly facetIndexes: VersionedCache<FacetIndex>;

  /**
   * The store's filter data, built once per catalogue (or stock) version. A store with no
   * products is checked to exist, so a made-up store id answers 404 and keeps nothing.
   */
  private facetIndex(storeId: string): Promise<FacetIndex> {
    return this.facetIndexes.get(storeId, async () => {
      const [rows, categories] = await Promise.all([
        this.repo.facetEntries(storeId),
        this.repo.activeCategories(storeId),
      ]);
      if (rows.length === 0) await this.requireStore(storeId);
      return new FacetIndex(rows, categories);
    });
  }

  /** Each store's search index, rebuilt when the search version moves (decision 0029). */
  private readonly searchIndexes: SearchIndexes;
  /** Search texts as PostgreSQL's web-search parser reads them (they never change). */
  private readonly parsedQueries = new Map<string, TsQuery | null | 'unsupported'>();

  private async parsedQuery(text: string): Promise<TsQuery | null | 'unsupported'> {
    const known = this.parsedQueries.get(text);
    if (known !== undefined) return known;
    let parsed: TsQuery | null | 'unsupported';
    try {
      parsed = parseTsQuery(await this.repo.webSearchQuery(text));
    } catch (error) {
      if (!(error instanceof UnsupportedQuery)) throw error;
      parsed = 'unsupported';
    }
    if (this.parsedQueries.size >= MAX_PARSED_QUERIES) {
      this.parsedQueries.delete(this.parsedQueries.keys().next().value!);
    }
    this.parsedQueries.set(text, parsed);
    return parsed;
  }

  /**
   * A page of a search from the store's index, with the count of every match; undefined for a
   * query the index cannot evaluate exactly (PostgreSQL answers it then).
   */
  private async searchIds(
    storeId: string,
    search: string,
    filter: ProductFilter,
    sort: ProductListQuery['sort'],
  ): Promise<{ ids: string[]; search: SearchOutcome } | undefined> {
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
  private async searchPage(
    storeId: string,
    search: string,
    filter: ProductFilter,
    query: ProductListQuery,
  ): Promise<{ rows: ProductRow[]; total: number; search: SearchOutcome } | undefined> {
    const found = await this.searchIds(storeId, search, filter, query.sort);
    if (!found) return undefined;
    const rows = await this.pageOf(found.ids, query);
    return { rows, total: found.ids.length, search: found.search };
  }

  /** The rows of one page of ids (read fresh: a product switched off since is left out). */
  private pageOf(ids: readonly string[], query: { page: number; limit: number }) {
    const start = (query.page - 1) * query.limit;
    return this.repo.activeProductsByIds(ids.slice(start, start + query.limit));
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
  ): Promise<{ ids: string[]; search: SearchOutcome }> {
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
  private async filteredListing(
    storeId: string,
    filter: ProductFilter,
    selection: FacetSelection,
    query: ProductListQuery,
  ): Promise<{ rows: ProductRow[]; total: number; search?: SearchOutcome }> {
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
   * The counts of every filter option (issue 29 item 2) for a listing, a category or a search:
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

  /** Throws 404 for an unknown store id. */
  async requireStore(storeId: string): Promise<void> {
    if (!(await this.repo.storeExists(storeId))) throw new NotFound(`Store ${storeId} not found`);
  }

  async catalogueVersion(): Promise<number> {
    return this.repo.catalogueVersion();
  }

  /** Products with their variations and grouped items: a fixed number of queries per page. */
  /** Products with their variations and grouped items: one more statement per page. */
  private async withRelations(rows: ProductRow[]): Promise<Product[]> {
    const relations = await this.repo.relationsOf(rows.map((r) => r.id));
    return rows.map((row) =>
      toProductDto(row, relations.get(row.id) ?? { variations: [], groupedItems: [] }),
    );
  }

  async listProducts(storeId: string, query: ProductListQuery): Promise<ProductListResponse> {
    const filter = filterOf(query);
    const selection = selectionOf(query);
    if (hasSelection(selection)) {
      const found = await this.filteredListing(storeId, filter, selection, query);
      return {
        isError: false,
        data: await this.withRelations(found.rows),
        page: query.page,
        limit: query.limit,
        total: found.total,
        ...(found.search ? { search: found.search } : {}),
      };
    }
    const countKey = JSON.stringify([
      storeId,
      filter.search,
      filter.category?.toLowerCase(),
      filter.categorytype,
      filter.courses,
    ]);
    // Independent reads together. A page with products proves the store exists (products
    // belong to a store); only an empty one asks, so an unknown store still answers 404.
    const searched =
      filter.search === undefined
        ? undefined
        : await this.searchPage(storeId, filter.search, filter, query);
    const [rows, total] = searched
      ? ([searched.rows, searched.total] as const)
      : await Promise.all([
          this.repo.listProducts(storeId, filter, query.sort, query.page, query.limit),
          this.counts.get(countKey, () => this.repo.countProducts(storeId, filter)),
        ]);
    if (rows.length === 0) await this.requireStore(storeId);
    return {
      isError: false,
      data: await this.withRelations(rows),
      page: query.page,
      limit: query.limit,
      total,
      ...(filter.search === undefined
        ? {}
        : { search: searched?.search ?? { match: total > 0 ? 'exact' : 'none', terms: [] } }),
    };
  }

  async suggestions(storeId: string, text: string): Promise<string[]> {
    await this.requireStore(storeId);
    if (!text) return [];
    const index = await this.searchIndexes.get(storeId);
    const titles = index.suggestionTitles(text, SUGGESTION_CANDIDATES);
    return suggestTitles(titles, text, SUGGESTION_LIMIT);
  }

  async product(productId: string): Promise<Product> {
    const found = UUID.test(productId) ? await this.repo.findActiveProduct(productId) : undefined;
    if (!found) throw new NotFound('Product not found');
    const { product, ...relations } = found;
    return toProductDto(product, relations);
  }

  async newArrivals(storeId: string): Promise<NewArrivalGroup[]> {
    await this.requireStore(storeId);
    const groups = await this.repo.newArrivalGroups(storeId);
    const links = await this.repo.newArrivalProducts(groups.map((g) => g.id));
    const unique = [...new Map(links.map((l) => [l.product.id, l.product])).values()];
    const dtos = new Map((await this.withRelations(unique)).map((p) => [p.product_id, p]));
    return groups.map((g) => ({
      category_name: g.categoryName,
      description: g.description,
      product: links.filter((l) => l.groupId === g.id).flatMap((l) => dtos.get(l.product.id) ?? []),
    }));
  }

  async offers(storeId: string): Promise<Offer[]> {
    await this.requireStore(storeId);
    return (await this.repo.offers(storeId)).map((o) => ({
      image: o.image,
      title: o.title,
      description: o.description,
      link: o.link,
    }));
  }

  async categories(storeId: string): Promise<Category[]> {
    await this.requireStore(storeId);
    return (await this.repo.activeCategories(storeId)).map((c) => ({
      category: c.category,
      name: c.name,
      icon: c.icon,
      status: c.status,
      position: c.position,
    }));
  }

  /** Every category of the store, hidden ones too (key and name), for the admin's checks. */
  allCategoryNames(storeId: string): Promise<{ category: string; name: string }[]> {
    return this.repo.allCategoryNames(storeId);
  }

  async sliders(storeId: string): Promise<Slider[]> {
    await this.requireStore(storeId);
    return (await this.repo.sliders(storeId)).map(({ slider, productTitle, productStatus }) => ({
      offer_name: slider.offerName,
      slider_name: slider.sliderName,
      description: slider.description,
      image: slider.image,
      price: paiseToRupees(slider.pricePaise),
      cutOffPrice: paiseToRupees(slider.cutOffPricePaise),
      background_image: slider.backgroundImage,
      product:
        slider.productId && productTitle !== null && productStatus === 'Active'
          ? { product_id: slider.productId, title: productTitle }
          : null,
    }));
  }

  async marquees(storeId: string): Promise<{ heading: string }[]> {
    await this.requireStore(storeId);
    return (await this.repo.marquees(storeId)).map((m) => ({ heading: m.heading }));
  }

  async cartButtons(storeId: string): Promise<CartButton[]> {
    await this.requireStore(storeId);
    return (await this.repo.cartButtons(storeId)).map((b) => ({
      button_id: b.buttonId,
      default: b.isDefault,
      status: b.status,
    }));
  }

  async payButtons(storeId: string): Promise<PayButton[]> {
    await this.requireStore(storeId);
    return (await this.repo.payButtons(storeId)).map((b) => ({
      button_id: b.buttonId,
      label: b.label,
      default: b.isDefault,
      status: b.status,
    }));
  }

  /** The site's head; a store whose owner has not set it yet gets its name as the title. */
  async pageMeta(storeId: string): Promise<PageMeta> {
    const [row, pages] = await Promise.all([this.repo.pageMeta(storeId), this.pages.list(storeId)]);
    if (!row) throw new NotFound(`Store ${storeId} not found`);
    const { meta, storeName, logo } = row;
    return {
      store_name: storeName,
      store_logo: logo,
      title: meta?.title ?? storeName,
      description: meta?.description ?? '',
      keywords: meta?.keywords ?? '',
      author: meta?.author ?? '',
      icon: meta?.icon ?? '',
      scripts: meta?.scripts ?? [],
      pages,
    };
  }

  async pincodes(storeId: string): Promise<{ pincode: string; status: string }[]> {
    await this.requireStore(storeId);
    return this.repo.activePincodes(storeId);
  }

  /** Low-stock products and variations of the store (the admin dashboard), fewest first. */
  lowStock(storeId: string, limit = 20) {
    return this.repo.lowStock(storeId, limit);
  }
}

/** The listing's filters the spec has (search text, category, tag, courses). */
function filterOf(query: FacetsQuery): ProductFilter {
  return {
    search: query.search || undefined,
    category: query.category || undefined,
    categorytype: query.categorytype || undefined,
    courses: query.courses,
  };
}

/** The search index's and filter data's form of a filter (the category lower-cased). */
const indexFilterOf = (filter: ProductFilter) => ({
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
function hasSelection(s: FacetSelection): boolean {
  return (
    s.minPaise !== undefined ||
    s.maxPaise !== undefined ||
    s.inStock === true ||
    Object.keys(s.attributes ?? {}).length > 0
  );
}

import type {
  CartButton,
  Category,
  NewArrivalGroup,
  Offer,
  PageMeta,
  PayButton,
  Product,
  ProductListQuery,
  ProductListResponse,
  Slider,
} from '@shop/contracts';
import { paiseToRupees, suggestTitles } from '@shop/domain';
import { NotFound } from '../../lib/errors.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { CatalogueRepository, ProductFilter, ProductRow } from './catalogue-repository.ts';
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
    o: { cacheCheckMs: number } = { cacheCheckMs: 0 },
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
    this.searchIndexes = new SearchIndexes({
      readVersion: () => repo.searchVersion(),
      maxAgeMs: SEARCH_INDEX_MAX_AGE_MS,
      readEntries: (storeId) => repo.searchEntries(storeId),
      maxStores: MAX_INDEXED_STORES,
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
  private async searchPage(
    storeId: string,
    search: string,
    filter: ProductFilter,
    query: ProductListQuery,
  ): Promise<{ rows: ProductRow[]; total: number; search: SearchOutcome } | undefined> {
    const [parsed, index] = await Promise.all([
      this.parsedQuery(search),
      this.searchIndexes.get(storeId),
    ]);
    if (parsed === 'unsupported') return undefined;
    const indexFilter = { ...filter, category: filter.category?.toLowerCase() };
    let ids = index.search(search, parsed, indexFilter, query.sort);
    let outcome: SearchOutcome = { match: 'exact', terms: [] };
    // Only a search that found nothing looks for close words: the usual path is unchanged.
    if (ids.length === 0 && parsed) {
      const close = index.closeSearch(search, parsed, indexFilter, query.sort);
      ids = close.ids;
      outcome =
        ids.length > 0
          ? { match: 'close', terms: close.terms }
          : { match: 'none', terms: index.nearestWords(parsed, NEAREST_WORDS) };
    } else if (ids.length === 0) {
      outcome = { match: 'none', terms: [] };
    }
    const start = (query.page - 1) * query.limit;
    const rows = await this.repo.activeProductsByIds(ids.slice(start, start + query.limit));
    return { rows, total: ids.length, search: outcome };
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
    const filter: ProductFilter = {
      search: query.search || undefined,
      category: query.category || undefined,
      categorytype: query.categorytype || undefined,
      courses: query.courses,
    };
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

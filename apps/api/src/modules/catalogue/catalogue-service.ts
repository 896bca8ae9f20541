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
import { paiseToRupees, parseSizeChart, suggestTitles } from '@shop/domain';
import { NotFound } from '../../lib/errors.ts';
import { VersionedCache } from '../../lib/versioned-cache.ts';
import type { CatalogueRepository, ProductFilter } from './catalogue-repository.ts';
import type { ProductRow } from './catalogue-rows.ts';
import { CatalogueSearch, type SearchOutcome } from './catalogue-search.ts';
import { filterOf, hasSelection, selectionOf } from './listing-filters.ts';
import { toProductDto } from './product-mapper.ts';
import type { ListedProduct } from './product-relations-repository.ts';

const SUGGESTION_LIMIT = 8;
/** Candidates read for suggestions before de-duplication cuts them to 8. */
const SUGGESTION_CANDIDATES = 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Read use-cases of the catalogue: what the storefront shows, only what is active. */
export class CatalogueService {
  /**
   * How many products match a filter, kept while the catalogue's version stays the same: every
   * sort and page of one filter shares it, so paging reads only its page.
   */
  private readonly counts: VersionedCache<number>;

  /** Search and filters: each store's search index and filter data. */
  private readonly search: CatalogueSearch;

  /** Stores found to exist, and when (only real ones: a made-up id is never kept). */
  private readonly knownStores = new Map<string, number>();
  private readonly storeCheckMs: number;

  constructor(
    private readonly repo: CatalogueRepository,
    caching: { cacheCheckMs: number; stockStaleMs?: number } = { cacheCheckMs: 0 },
    /** The content module's pages, listed in the page meta (the footer's links). */
    private readonly pages: {
      list(storeId: string): Promise<{ slug: string; title: string }[]>;
    } = { list: () => Promise.resolve([]) },
  ) {
    this.counts = new VersionedCache<number>({
      readVersion: () => repo.catalogueVersion(),
      checkEveryMs: caching.cacheCheckMs,
      maxEntries: 5000,
    });
    this.search = new CatalogueSearch(repo, (storeId) => this.requireStore(storeId), caching);
    this.storeCheckMs = caching.cacheCheckMs;
  }

  /** The search version as the answer cache's check read it (SearchIndexes.noteVersion). */
  noteSearchVersion(version: number): void {
    this.search.noteSearchVersion(version);
  }

  /**
   * The counts of every filter option for a listing, a category or a search: answered from the
   * store's filter data and search index, no query of its own per request.
   */
  facets(storeId: string, query: FacetsQuery): Promise<Facets> {
    return this.search.facets(storeId, query);
  }

  /**
   * Throws 404 for an unknown store id. A store found is believed for the cache's check interval
   * (CATALOGUE_CACHE_CHECK_MS), like every other cached catalogue fact: home rows and listings
   * stop reading the stores table on every request.
   */
  async requireStore(storeId: string): Promise<void> {
    const checkedAt = this.knownStores.get(storeId);
    if (checkedAt !== undefined && Date.now() - checkedAt < this.storeCheckMs) return;
    if (!(await this.repo.storeExists(storeId))) {
      this.knownStores.delete(storeId);
      throw new NotFound(`Store ${storeId} not found`);
    }
    this.knownStores.set(storeId, Date.now());
  }

  async catalogueVersion(): Promise<number> {
    return this.repo.catalogueVersion();
  }

  /** Products with their variations and grouped items: one more statement per page. */
  private async withRelations(rows: ProductRow[]): Promise<ListedProduct[]> {
    const relations = await this.repo.relations.relationsOf(rows.map((r) => r.id));
    return rows.map((product) => ({
      product,
      ...(relations.get(product.id) ?? { variations: [], groupedItems: [] }),
    }));
  }

  async listProducts(storeId: string, query: ProductListQuery): Promise<ProductListResponse> {
    const filter = filterOf(query);
    const selection = selectionOf(query);
    // From the store's indexes (decisions 0029, 0041): a listing with filters beyond the spec's
    // from the filter index, a listing walks a sort's order, a search its matches. A page with
    // products proves the store exists (products belong to a store); only an empty one asks, so
    // an unknown store still answers 404.
    const found = hasSelection(selection)
      ? await this.search.filteredListing(storeId, filter, selection, query)
      : filter.search === undefined
        ? await this.search.listingPage(storeId, filter, query)
        : ((await this.search.searchPage(storeId, filter.search, filter, query)) ??
          (await this.searchedBySql(storeId, filter, query)));
    if (found.rows.length === 0) await this.requireStore(storeId);
    return {
      isError: false,
      data: found.rows.map((r) => toProductDto(r.product, r)),
      page: query.page,
      limit: query.limit,
      total: found.total,
      ...(found.search ? { search: found.search } : {}),
    };
  }

  /** A search the index cannot evaluate (none today): PostgreSQL's page, and its count. */
  private async searchedBySql(storeId: string, filter: ProductFilter, query: ProductListQuery) {
    const countKey = JSON.stringify([
      storeId,
      filter.search,
      filter.category?.toLowerCase(),
      filter.categorytype,
      filter.courses,
    ]);
    const [rows, total] = await Promise.all([
      this.repo.listProducts(storeId, filter, query.sort, query.page, query.limit),
      this.counts.get(countKey, () => this.repo.countProducts(storeId, filter)),
    ]);
    const search: SearchOutcome = { match: total > 0 ? 'exact' : 'none', terms: [] };
    return { rows: await this.withRelations(rows), total, search };
  }

  async suggestions(storeId: string, text: string): Promise<string[]> {
    await this.requireStore(storeId);
    if (!text) return [];
    const index = await this.search.searchIndex(storeId);
    const titles = index.suggestionTitles(text, SUGGESTION_CANDIDATES);
    return suggestTitles(titles, text, SUGGESTION_LIMIT);
  }

  async product(productId: string): Promise<Product> {
    const found = UUID.test(productId)
      ? await this.repo.relations.findActiveProduct(productId)
      : undefined;
    if (!found) throw new NotFound('Product not found');
    const { product, sizeChart, ...relations } = found;
    const chart = sizeChart ? parseSizeChart(sizeChart) : undefined;
    return { ...toProductDto(product, relations), size_chart: chart?.ok ? chart.chart : null };
  }

  async newArrivals(storeId: string): Promise<NewArrivalGroup[]> {
    await this.requireStore(storeId);
    const groups = await this.repo.lists.newArrivalGroups(storeId);
    const links = await this.repo.lists.newArrivalProducts(groups.map((g) => g.id));
    const unique = [...new Map(links.map((l) => [l.product.id, l.product])).values()];
    const dtos = new Map(
      (await this.withRelations(unique)).map((r) => [r.product.id, toProductDto(r.product, r)]),
    );
    return groups.map((g) => ({
      category_name: g.categoryName,
      description: g.description,
      product: links.filter((l) => l.groupId === g.id).flatMap((l) => dtos.get(l.product.id) ?? []),
    }));
  }

  async offers(storeId: string): Promise<Offer[]> {
    await this.requireStore(storeId);
    return (await this.repo.lists.offers(storeId)).map((o) => ({
      image: o.image,
      title: o.title,
      description: o.description,
      link: o.link,
    }));
  }

  async categories(storeId: string): Promise<Category[]> {
    await this.requireStore(storeId);
    return (await this.repo.lists.activeCategories(storeId)).map((c) => ({
      category: c.category,
      name: c.name,
      icon: c.icon,
      status: c.status,
      position: c.position,
    }));
  }

  /** Every category of the store, hidden ones too (key and name), for the admin's checks. */
  allCategoryNames(storeId: string): Promise<{ category: string; name: string }[]> {
    return this.repo.lists.allCategoryNames(storeId);
  }

  async sliders(storeId: string): Promise<Slider[]> {
    await this.requireStore(storeId);
    return (await this.repo.lists.sliders(storeId)).map(
      ({ slider, productTitle, productStatus }) => ({
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
      }),
    );
  }

  async marquees(storeId: string): Promise<{ heading: string }[]> {
    await this.requireStore(storeId);
    return (await this.repo.lists.marquees(storeId)).map((m) => ({ heading: m.heading }));
  }

  async cartButtons(storeId: string): Promise<CartButton[]> {
    await this.requireStore(storeId);
    return (await this.repo.lists.cartButtons(storeId)).map((b) => ({
      button_id: b.buttonId,
      default: b.isDefault,
      status: b.status,
    }));
  }

  async payButtons(storeId: string): Promise<PayButton[]> {
    await this.requireStore(storeId);
    return (await this.repo.lists.payButtons(storeId)).map((b) => ({
      button_id: b.buttonId,
      label: b.label,
      default: b.isDefault,
      status: b.status,
    }));
  }

  /** The site's head; a store whose owner has not set it yet gets its name as the title. */
  async pageMeta(storeId: string): Promise<PageMeta> {
    const [row, pages] = await Promise.all([
      this.repo.lists.pageMeta(storeId),
      this.pages.list(storeId),
    ]);
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
    return this.repo.lists.activePincodes(storeId);
  }

  /** Low-stock products and variations of the store (the admin dashboard), fewest first. */
  lowStock(storeId: string, limit = 20) {
    return this.repo.lowStock(storeId, limit);
  }
}

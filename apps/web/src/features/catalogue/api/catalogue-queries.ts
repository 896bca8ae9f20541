import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  Category,
  Facets,
  NewArrivalGroup,
  Offer,
  Product,
  ProductListResponse,
  Slider,
} from '@shop/contracts';
import { COURSES_CATEGORY, normalizeCategory, type SortOption } from '@shop/domain';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';
import { firstScreenLoadedAt, takeFirstScreenAnswer } from '../../../lib/first-screen.ts';
import { useStoreRead } from '../../../lib/store-queries.ts';
import { appendFilterQuery, type FilterParams } from '../filter-params.ts';

export const PAGE_SIZE = 10;
const store = encodeURIComponent(STORE_ID);

export interface ListingFilter {
  sort: SortOption;
  search?: string;
  category?: string;
  /** Only products with this tag ("Best Sellers", "Trending"). */
  categorytype?: string;
  courses: 'include' | 'exclude' | 'only';
  /** The listing's filters: price, in stock and attributes. */
  filters?: FilterParams;
}

function listUrl(filter: ListingFilter, page: number, limit: number) {
  const params = new URLSearchParams({
    page: String(page),
    limit: String(limit),
    sort: filter.sort,
    courses: filter.courses,
  });
  if (filter.search) params.set('search', filter.search);
  if (filter.category) params.set('category', filter.category);
  if (filter.categorytype) params.set('categorytype', filter.categorytype);
  appendFilterQuery(params, filter.filters);
  return `/grouped-product/search-all-products/${store}?${params}`;
}

/** The counts of every filter option for a listing (the server counts them). */
export function useFacets(filter: Omit<ListingFilter, 'sort'>, enabled = true) {
  const params = new URLSearchParams({ courses: filter.courses });
  if (filter.search) params.set('search', filter.search);
  if (filter.category) params.set('category', filter.category);
  if (filter.categorytype) params.set('categorytype', filter.categorytype);
  appendFilterQuery(params, filter.filters);
  return useQuery<Facets>({
    queryKey: ['facets', STORE_ID, params.toString()],
    enabled,
    queryFn: ({ signal }) =>
      getJson<{ data: Facets }>(`/grouped-product/facets/${store}?${params}`, signal).then(
        (r) => r.data,
      ),
    // The last counts stay on screen while the next ones load (no flash of empty groups).
    placeholderData: keepPreviousData,
  });
}

/** Pages of 10; there is a next page until a page comes back with fewer than 10. */
export function useProductPages(filter: ListingFilter) {
  return useInfiniteQuery({
    queryKey: ['products', STORE_ID, filter],
    queryFn: ({ pageParam, signal }) =>
      getJson<ProductListResponse>(listUrl(filter, pageParam, PAGE_SIZE), signal),
    initialData: () => {
      const first = takeFirstScreenAnswer<ProductListResponse>(listUrl(filter, 1, PAGE_SIZE));
      return first && { pages: [first], pageParams: [1] };
    },
    initialDataUpdatedAt: firstScreenLoadedAt,
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      last.data.length < PAGE_SIZE ? undefined : pages.length + 1,
  });
}

/** One page of `limit` products (the home page's All Products tab shows 20). */
export function useProductSample(filter: ListingFilter, limit: number, enabled = true) {
  return useQuery({
    queryKey: ['products-sample', STORE_ID, filter, limit],
    enabled,
    queryFn: ({ signal }) => getJson<ProductListResponse>(listUrl(filter, 1, limit), signal),
    initialData: () =>
      enabled ? takeFirstScreenAnswer<ProductListResponse>(listUrl(filter, 1, limit)) : undefined,
    initialDataUpdatedAt: firstScreenLoadedAt,
  });
}

export function useProduct(productId: string | null) {
  const url = `/grouped-product/single/${encodeURIComponent(productId ?? '')}`;
  return useQuery({
    queryKey: ['product', productId],
    enabled: productId !== null,
    queryFn: ({ signal }) => getJson<{ data: Product }>(url, signal).then((r) => r.data),
    initialData: () =>
      productId === null ? undefined : takeFirstScreenAnswer<{ data: Product }>(url)?.data,
    initialDataUpdatedAt: firstScreenLoadedAt,
  });
}

export function useSuggestions(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ['suggestions', STORE_ID, q.toLowerCase()],
    enabled: q.length > 0,
    queryFn: ({ signal }) =>
      getJson<{ data: string[] }>(
        `/grouped-product/suggestions/${store}?q=${encodeURIComponent(q)}`,
        signal,
      ).then((r) => r.data),
    staleTime: 60_000,
  });
}

export const useSliders = () => useStoreRead<Slider[]>('sliders', '/slider/all');
export const useOffers = () => useStoreRead<Offer[]>('offers', '/offer/all');
export const useCategories = () =>
  useStoreRead<Category[]>('categories', '/category/getdata/category');
/**
 * Whether the store sells courses (it has the category courses): the footer and the about page
 * link to /course only then. Undefined until the categories are read.
 */
export function useSellsCourses(): boolean | undefined {
  const { data } = useCategories();
  return data?.some((c) => normalizeCategory(c.category) === COURSES_CATEGORY);
}
export const useNewArrivals = () =>
  useStoreRead<NewArrivalGroup[]>('new-arrivals', '/newarrival/all');
type PincodesResponse = { pincodesData: { pincode: string }[] };
const pincodesUrl = `/pincode/getall/${store}`;
const pincodeList = (r: PincodesResponse) => r.pincodesData.map((p) => p.pincode);
export const usePincodes = () =>
  useQuery({
    queryKey: ['pincodes', STORE_ID],
    queryFn: ({ signal }) => getJson<PincodesResponse>(pincodesUrl, signal).then(pincodeList),
    initialData: () => {
      const answer = takeFirstScreenAnswer<PincodesResponse>(pincodesUrl);
      return answer && pincodeList(answer);
    },
    initialDataUpdatedAt: firstScreenLoadedAt,
    staleTime: 5 * 60_000,
  });

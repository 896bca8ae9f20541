import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cartButtonsResponseSchema,
  categoriesResponseSchema,
  errorResponseSchema,
  facetsQuerySchema,
  facetsResponseSchema,
  marqueesResponseSchema,
  newArrivalsResponseSchema,
  offersResponseSchema,
  pageMetaResponseSchema,
  payButtonsResponseSchema,
  pincodesResponseSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  slidersResponseSchema,
  storeIdParamsSchema,
  suggestionsQuerySchema,
  suggestionsResponseSchema,
} from '@shop/contracts';
import type { z } from 'zod';
import { compressBody, sendCompressed } from '../../lib/compressed-body.ts';
import type { VersionedCache } from '../../lib/versioned-cache.ts';
import type { CatalogueService } from './catalogue-service.ts';
import { selectionOf } from './listing-filters.ts';
import { stockViewsOf, type CachedAnswer } from './stock-views.ts';

export interface CatalogueRoutesOptions {
  service: CatalogueService;
  /** Serialized responses, dropped whenever the catalogue changes. */
  cache: VersionedCache<CachedAnswer>;
}

const tags = ['catalogue'];

/** Search text as the search treats it (case-insensitive, spaces collapsed); empty is none. */
export const normalizeSearch = (search: string | undefined) =>
  search?.toLowerCase().replace(/\s+/g, ' ').trim() || undefined;
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/**
 * The filters beyond the spec's as part of a cache key: empty without them (the spec's listing
 * keys are unchanged), else one key for "size:M&size:m" and "size:m".
 */
function selectionKey(q: Parameters<typeof selectionOf>[0]): string {
  const s = selectionOf(q);
  const attrs = Object.entries(s.attributes ?? {})
    .map(([k, values]) => [k, [...values].sort()] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (s.minPaise === undefined && s.maxPaise === undefined && !s.inStock && attrs.length === 0) {
    return '';
  }
  return `:${JSON.stringify([s.minPaise, s.maxPaise, s.inStock, attrs])}`;
}
/**
 * Browsers and CDNs may keep catalogue reads briefly; prices are recomputed at order time.
 * Ten seconds: an owner's price change reaches a shopper's open cart within about 11 s (this
 * process's cache check, CATALOGUE_CACHE_CHECK_MS, plus this), while a burst of page views still
 * reads each answer once. It was 60 s: a browser that read a product in the second after a
 * change kept the old price for a minute.
 */
const CACHE_CONTROL = 'public, max-age=10';

export function catalogueRoutes(app: FastifyInstance, { service, cache }: CatalogueRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Answers from the cache, computing, validating and serializing the body on a miss, with the
   * stock of the products it shows (or `'all'`: it depends on stock it does not show).
   */
  async function sendCached<T extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    schema: T,
    key: string,
    load: () => Promise<z.input<T>>,
    stock: 'shown' | 'all' = 'shown',
  ) {
    const { body } = await cache.get(key, async () => {
      const answer = schema.parse(await load());
      return {
        body: compressBody(JSON.stringify(answer)),
        stock: stock === 'all' ? 'all' : stockViewsOf(answer),
      };
    });
    reply.header('cache-control', CACHE_CONTROL).type('application/json; charset=utf-8');
    return sendCompressed(request, reply, body);
  }

  r.get(
    '/grouped-product/search-all-products/:storeId',
    {
      schema: {
        tags,
        summary: 'One page of active products, filtered and sorted',
        params: storeIdParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { storeId } = req.params;
      // One cache entry (and one query) for "Red  Hoodie", "red hoodie" and " RED HOODIE ".
      const q = { ...req.query, search: normalizeSearch(req.query.search) };
      const key = `list:${storeId}:${q.page}:${q.limit}:${q.sort}:${q.courses}:${q.category?.toLowerCase() ?? ''}:${q.categorytype ?? ''}:${q.search ?? ''}${selectionKey(q)}`;
      // Sorted by units sold or filtered (in stock, a size in stock): stock it does not show.
      const allStock = q.sort === 'popular' || selectionKey(q) !== '';
      return sendCached(
        req,
        reply,
        productListResponseSchema,
        key,
        () => service.listProducts(storeId, q),
        allStock ? 'all' : 'shown',
      );
    },
  );

  r.get(
    '/grouped-product/facets/:storeId',
    {
      schema: {
        tags,
        summary:
          'The counts of every listing filter option (category, price band, in stock, attributes)',
        params: storeIdParamsSchema,
        querystring: facetsQuerySchema,
        response: { 200: facetsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { storeId } = req.params;
      const q = { ...req.query, search: normalizeSearch(req.query.search) };
      const key = `facets:${storeId}:${q.courses}:${q.category?.toLowerCase() ?? ''}:${q.categorytype ?? ''}:${q.search ?? ''}${selectionKey(q)}`;
      return sendCached(
        req,
        reply,
        facetsResponseSchema,
        key,
        async () => ({ isError: false as const, data: await service.facets(storeId, q) }),
        'all', // the "in stock" counts
      );
    },
  );

  r.get(
    '/grouped-product/suggestions/:storeId',
    {
      schema: {
        tags,
        summary: 'Up to 8 product titles containing the text (search box suggestions)',
        params: storeIdParamsSchema,
        querystring: suggestionsQuerySchema,
        response: { 200: suggestionsResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { storeId } = req.params;
      const text = req.query.q;
      return sendCached(
        req,
        reply,
        suggestionsResponseSchema,
        `suggest:${storeId}:${text.toLowerCase()}`,
        async () => ({ isError: false as const, data: await service.suggestions(storeId, text) }),
      );
    },
  );

  r.get(
    '/grouped-product/single/:product_id',
    {
      schema: {
        tags,
        summary: 'One active product with variations, grouped items and reviews',
        params: productIdParamsSchema,
        response: { 200: productResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const id = req.params.product_id;
      return sendCached(req, reply, productResponseSchema, `product:${id}`, async () => ({
        isError: false as const,
        data: await service.product(id),
      }));
    },
  );

  /** The simple per-store reads: `{ isError: false, data }` with the spec's fields. */
  const perStore = <T extends z.ZodType>(
    url: string,
    summary: string,
    schema: T,
    load: (storeId: string) => Promise<z.input<T>>,
  ) => {
    // Widened on purpose: fastify cannot resolve a reply type from a generic schema.
    const okSchema: z.ZodType = schema;
    r.get(
      url,
      {
        schema: {
          tags,
          summary,
          params: storeIdParamsSchema,
          response: { 200: okSchema, ...errors },
        },
      },
      async (req, reply) => {
        await sendCached(req, reply, schema, `${url}:${req.params.storeId}`, () =>
          load(req.params.storeId),
        );
      },
    );
  };

  const data = <D>(promise: Promise<D>) =>
    promise.then((d) => ({ isError: false as const, data: d }));

  perStore('/newarrival/all/:storeId', 'New-arrival groups', newArrivalsResponseSchema, (id) =>
    data(service.newArrivals(id)),
  );
  perStore('/offer/all/:storeId', 'Offers', offersResponseSchema, (id) => data(service.offers(id)));
  perStore(
    '/category/getdata/category/:storeId',
    'Active categories by position',
    categoriesResponseSchema,
    (id) => data(service.categories(id)),
  );
  perStore('/slider/all/:storeId', 'Hero slider slides', slidersResponseSchema, (id) =>
    data(service.sliders(id)),
  );
  perStore('/marquee/all/:storeId', 'Marquee texts', marqueesResponseSchema, (id) =>
    data(service.marquees(id)),
  );
  perStore('/button/:storeId', 'Cart button configuration', cartButtonsResponseSchema, (id) =>
    data(service.cartButtons(id)),
  );
  perStore('/paybutton/:storeId', 'Payment buttons', payButtonsResponseSchema, (id) =>
    data(service.payButtons(id)),
  );
  perStore('/meta/:storeId', 'Page meta', pageMetaResponseSchema, (id) =>
    data(service.pageMeta(id)),
  );
  perStore('/pincode/getall/:storeId', 'Active delivery pincodes', pincodesResponseSchema, (id) =>
    service.pincodes(id).then((list) => ({ isError: false as const, pincodesData: list })),
  );
}

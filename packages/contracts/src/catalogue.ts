import { MAX_ATTRIBUTE_CHOICES, SORT_OPTIONS, type SortOption } from '@shop/domain';
import { z } from 'zod';
import { okEnvelope, rupeesSchema } from './common.ts';
import { sizeChartTableSchema } from './size-charts.ts';

export const MAX_PAGE_LIMIT = 50;
export const DEFAULT_PAGE_LIMIT = 10;

const sortValues = SORT_OPTIONS.map((o) => o.value) as [SortOption, ...SortOption[]];

export const variationSchema = z.object({
  sku: z.string(),
  price: rupeesSchema,
  salePrice: rupeesSchema,
  stock: z.number().int(),
  imageUrl: z.string(),
  galleryImages: z.array(z.string()),
  attributes: z.record(z.string(), z.string()),
});
export type Variation = z.infer<typeof variationSchema>;

export const groupedItemSchema = z.object({
  title: z.string(),
  image: z.string(),
  product_id: z.string().nullable(),
});
export type GroupedItem = z.infer<typeof groupedItemSchema>;

export const specificationSchema = z.object({ label: z.string(), value: z.string() });
export const attributeSchema = z.object({
  name: z.string(),
  slug: z.string(),
  selectedTerms: z.array(z.object({ id: z.union([z.string(), z.number()]), name: z.string() })),
});
export const reviewSchema = z.object({
  user: z.string(),
  comment: z.string(),
  rating: z.number().int().nullable(),
  createdAt: z.string(),
});

export const productSchema = z
  .object({
    product_id: z.string(),
    title: z.string(),
    sku: z.string(),
    image: z.string(),
    gallery: z.array(z.string()),
    description: z.string(),
    short_description: z.string(),
    product_type: z.string().describe('Simple, Variable Product or Grouped Product'),
    status: z.string(),
    category: z.string(),
    categorytype: z.array(z.string()),
    createdAt: z.string(),
    originalPrice: rupeesSchema,
    discountPrice: rupeesSchema.describe('0 when there is no sale price'),
    stock: z.number().int(),
    totalStock: z.number().int(),
    totalSold: z.number().int(),
    key_features: z.array(z.string()),
    specifications: z.array(specificationSchema),
    attribute: z.array(attributeSchema),
    downloadable_files: z.array(z.unknown()),
    delivery_days: z.number().int(),
    variation: z.array(variationSchema),
    grouped_product: z.array(groupedItemSchema),
    reviews: z.array(reviewSchema).describe('Filled on the single-product call; empty in lists'),
    size_chart: sizeChartTableSchema
      .nullable()
      .optional()
      .describe(
        "The single-product call's size chart: the product's own, else its category's; null when neither has one, absent in lists",
      ),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** A price filter in rupees (whole or with paise), as a query parameter. */
const queryRupees = (what: string) =>
  z.coerce
    .number({ error: `Enter the ${what} price in rupees` })
    .min(0, `The ${what} price cannot be below 0`)
    .max(10_000_000, `The ${what} price is too large`)
    .optional();

/**
 * The listing's filters beyond the spec's: a price range, in stock, and chosen
 * attribute values. The same on the listing and on the facets call; absent means no filter.
 */
export const facetFilterQueryShape = {
  price_min: queryRupees('lowest').describe('Rupees; products priced at or above it'),
  price_max: queryRupees('highest').describe('Rupees; products priced below it'),
  in_stock: z
    .enum(['true', 'false', '1', '0'], { error: 'Use true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1')
    .describe('Only products (with chosen attributes: variations) that have stock'),
  attr: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : [v].flat()))
    .pipe(
      z
        .array(
          z
            .string()
            .trim()
            .max(100, 'An attribute choice is at most 100 characters')
            .regex(
              /^[^:]*[^\s:][^:]*:.*\S/,
              'Write an attribute choice as name:value, e.g. size:M',
            ),
        )
        .max(MAX_ATTRIBUTE_CHOICES, `At most ${MAX_ATTRIBUTE_CHOICES} attribute choices`),
    )
    .describe(
      'Repeatable name:value (e.g. attr=size:M&attr=size:L&attr=colour:Black): values of one attribute are alternatives, attributes must all hold on one variation',
    ),
};

/** The price range must not end before it starts. */
const priceRangeInOrder = (q: { price_min?: number | undefined; price_max?: number | undefined }) =>
  q.price_min === undefined || q.price_max === undefined || q.price_min < q.price_max;
const priceRangeIssue = {
  message: 'The highest price must be above the lowest',
  path: ['price_max'],
};

const productListQueryObject = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(DEFAULT_PAGE_LIMIT)
    .transform((n) => Math.min(n, MAX_PAGE_LIMIT))
    .describe(`Page size, at most ${MAX_PAGE_LIMIT} (larger values are capped)`),
  sort: z.enum(sortValues).default('recommended'),
  search: z.string().trim().max(100).optional().describe('Case-insensitive text in the title'),
  category: z.string().trim().max(100).optional().describe('Category key, case-insensitive'),
  categorytype: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('Only products carrying this tag, e.g. "Best Sellers" or "Trending"'),
  courses: z
    .enum(['include', 'exclude', 'only'])
    .default('include')
    .describe('Whether products of the category courses are listed'),
  ...facetFilterQueryShape,
});
export const productListQuerySchema = productListQueryObject.refine(
  priceRangeInOrder,
  priceRangeIssue,
);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** The facets call: the listing's filters, without paging and sort. */
export const facetsQuerySchema = productListQueryObject
  .omit({ page: true, limit: true, sort: true })
  .refine(priceRangeInOrder, priceRangeIssue);
export type FacetsQuery = z.infer<typeof facetsQuerySchema>;

const countSchema = z.number().int().nonnegative();
export const facetsSchema = z.object({
  total: countSchema.describe('Products matching every filter'),
  categories: z
    .array(z.object({ category: z.string(), name: z.string(), count: countSchema }))
    .describe('Active categories in the store order, with the products each would give'),
  price: z
    .array(
      z.object({
        min: rupeesSchema,
        max: rupeesSchema.nullable().describe('Below this; null for the top band'),
        count: countSchema,
      }),
    )
    .describe('Price bands in rupees'),
  in_stock: countSchema.describe('Products "in stock" would give'),
  attributes: z.array(
    z.object({
      key: z.string().describe('e.g. size, colour (Color and Colour are one)'),
      values: z.array(z.object({ value: z.string(), key: z.string(), count: countSchema })),
    }),
  ),
});
export type Facets = z.infer<typeof facetsSchema>;
export const facetsResponseSchema = okEnvelope(facetsSchema);

export const productListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(productSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int().describe('Products matching the filters, over all pages'),
  search: z
    .object({
      match: z.enum(['exact', 'close', 'none']),
      terms: z.array(z.string()),
    })
    .optional()
    .describe(
      "Only with a search: 'exact' when the text's own words found the products; 'close' when it found nothing and the store's nearest words did (a typo, a plural, a hyphen: terms are those words); 'none' when neither found anything (terms are the nearest words to offer)",
    ),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

export const productIdParamsSchema = z.object({ product_id: z.string().max(100) });
export const productResponseSchema = okEnvelope(productSchema);

export const suggestionsQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
});
export const suggestionsResponseSchema = okEnvelope(z.array(z.string()));

export const newArrivalGroupSchema = z.object({
  category_name: z.string(),
  description: z.string(),
  product: z.array(productSchema),
});
export const newArrivalsResponseSchema = okEnvelope(z.array(newArrivalGroupSchema));
export type NewArrivalGroup = z.infer<typeof newArrivalGroupSchema>;

export const offerSchema = z.object({
  image: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
});
export const offersResponseSchema = okEnvelope(z.array(offerSchema));
export type Offer = z.infer<typeof offerSchema>;

export const categorySchema = z.object({
  category: z.string(),
  name: z.string(),
  icon: z.string(),
  status: z.string(),
  position: z.number().int(),
});
export const categoriesResponseSchema = okEnvelope(z.array(categorySchema));
export type Category = z.infer<typeof categorySchema>;

export const sliderSchema = z.object({
  offer_name: z.string(),
  slider_name: z.string(),
  description: z.string(),
  image: z.string(),
  price: rupeesSchema,
  cutOffPrice: rupeesSchema,
  background_image: z.string(),
  product: z.object({ product_id: z.string(), title: z.string() }).nullable(),
});
export const slidersResponseSchema = okEnvelope(z.array(sliderSchema));
export type Slider = z.infer<typeof sliderSchema>;

export const marqueeSchema = z.object({ heading: z.string() });
export const marqueesResponseSchema = okEnvelope(z.array(marqueeSchema));

export const cartButtonSchema = z.object({
  button_id: z.string().describe('getquote, addtocart or buynow'),
  default: z.boolean(),
  status: z.string(),
});
export const cartButtonsResponseSchema = okEnvelope(z.array(cartButtonSchema));
export type CartButton = z.infer<typeof cartButtonSchema>;

export const payButtonSchema = z.object({
  button_id: z.string().describe('paymanual, paynow or payondelivery'),
  label: z.string(),
  default: z.boolean(),
  status: z.string(),
});
export const payButtonsResponseSchema = okEnvelope(z.array(payButtonSchema));
export type PayButton = z.infer<typeof payButtonSchema>;

export const pageMetaSchema = z.object({
  store_name: z.string().describe("The shop's name, for its logo and page titles"),
  store_logo: z.string().describe("The shop's logo image (empty: the name is the word mark)"),
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  author: z.string(),
  icon: z.string(),
  scripts: z.array(z.string()),
  /** The store's content pages (slug, title): the footer links only to pages that exist. */
  pages: z.array(z.object({ slug: z.string(), title: z.string() })),
});
export const pageMetaResponseSchema = okEnvelope(pageMetaSchema);
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const pincodeSchema = z.object({ pincode: z.string(), status: z.string() });
export const pincodesResponseSchema = z.object({
  isError: z.literal(false),
  pincodesData: z.array(pincodeSchema),
});

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  storeId: z.string(),
});

/** GET /health/live: the process answers (a load balancer restarts it when this fails). */
export const liveResponseSchema = z.object({ status: z.literal('ok') });

/** GET /health/ready: the database answers and every shipped migration is applied. */
export const readyResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  pendingMigrations: z.number().int().nullable(),
});

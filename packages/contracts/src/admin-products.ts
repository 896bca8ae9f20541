import { z } from 'zod';
import {
  MAX_STORED_PAISE,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  STOCK_LEVELS,
  firstRepeated,
  hsnCodeProblem,
  assertGstRateRule,
  rupeesToPaise,
  salePriceProblem,
  variationCombinationProblem,
} from '@shop/domain';
import { rupeesSchema } from './common.ts';
import { attributeSchema, productSchema, specificationSchema } from './catalogue.ts';

/** A price as the admin types it: rupees, at most 2 decimals, within what a column holds. */
export const priceInputSchema = z
  .number({ message: 'Enter an amount in rupees, like 499.' })
  .nonnegative('A price cannot be negative.')
  .refine((r) => Math.abs(Math.round(r * 100) - r * 100) < 1e-6, 'At most 2 decimals (paise).')
  .refine((r) => r * 100 <= MAX_STORED_PAISE, 'This price is too large.');

export const skuInputSchema = z
  .string()
  .trim()
  .min(1, 'Enter a SKU.')
  .max(64, 'At most 64 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/, 'Letters, digits, dot, dash, underscore or slash.');

/**
 * A SKU as the admin form sends it: blank (or left out) when the shop leaves it to the API,
 * which makes one from the title and the variation's options, unique in the store.
 */
export const skuOrBlankSchema = z
  .string()
  .trim()
  .max(64, 'At most 64 characters.')
  .regex(
    /^([A-Za-z0-9][A-Za-z0-9._\-/]*)?$/,
    'Letters, digits, dot, dash, underscore or slash (or leave it empty to have one made).',
  );

const stockInputSchema = z
  .number()
  .int('Whole pieces.')
  .min(0, 'Stock cannot be negative.')
  .max(10_000_000);
const gstPercentSchema = z.number().refine((p) => {
  try {
    assertGstRateRule({ ratePercent: p });
    return true;
  } catch {
    return false;
  }
}, 'A GST rate is a percentage from 0 to 100 with at most 2 decimals.');
const url = z.string().trim().max(500);

export const variationInputSchema = z.strictObject({
  sku: skuOrBlankSchema.default(''),
  price: priceInputSchema,
  salePrice: priceInputSchema.default(0),
  stock: stockInputSchema.default(0),
  imageUrl: url.default(''),
  attributes: z.record(z.string().trim().min(1).max(60), z.string().trim().min(1).max(60)),
});
export type VariationInput = z.input<typeof variationInputSchema>;

export const groupedItemInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter the item title.').max(200),
  image: url.default(''),
  product_id: z.uuid().nullable().default(null),
});

/**
 * Every field of a product the admin writes (catalogue-and-cart §3). PATCH sends any of them;
 * POST needs title and category (the rest take their defaults; a blank or missing sku, of the
 * product or a variation, is made by the API). The checks across fields are
 * `productDraftProblem`, run on the whole product after a PATCH is merged in.
 */
export const productFieldsSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter a title.').max(200),
  sku: skuOrBlankSchema,
  product_type: z.enum(PRODUCT_TYPES),
  status: z.enum(PRODUCT_STATUSES),
  category: z.string().trim().min(1, 'Choose a category.').max(100),
  categorytype: z.array(z.string().trim().min(1).max(60)).max(20),
  image: url,
  gallery: z.array(url).max(30),
  description: z.string().max(50_000),
  short_description: z.string().max(5_000),
  originalPrice: priceInputSchema.describe('MRP in rupees'),
  discountPrice: priceInputSchema.describe('Sale price in rupees; 0 for none'),
  stock: stockInputSchema,
  key_features: z.array(z.string().trim().min(1).max(300)).max(50),
  specifications: z
    .array(
      specificationSchema.extend({
        label: z.string().trim().min(1).max(100),
        value: z.string().max(500),
      }),
    )
    .max(100),
  attribute: z
    .array(
      attributeSchema.extend({
        name: z.string().trim().min(1).max(60),
        slug: z.string().trim().max(60),
        selectedTerms: z
          .array(
            z.object({
              id: z.union([z.string(), z.number()]),
              name: z.string().trim().min(1).max(60),
            }),
          )
          .max(50),
      }),
    )
    .max(5),
  delivery_days: z.number().int().min(0).max(365),
  hsn_code: z
    .string()
    .trim()
    .refine((c) => hsnCodeProblem(c) === null, 'The HSN/SAC code must be 4, 6 or 8 digits.'),
  gst_rate: gstPercentSchema.describe('GST rate in percent (prices include it)'),
  gst_above: z
    .strictObject({ price: priceInputSchema, rate: gstPercentSchema })
    .nullable()
    .describe('A piece sold above `price` rupees pays `rate` percent instead (apparel slab)'),
  variation: z.array(variationInputSchema).max(300),
  grouped_product: z.array(groupedItemInputSchema).max(50),
});
export type ProductFields = z.output<typeof productFieldsSchema>;

export const productPatchSchema = productFieldsSchema.partial();
export type ProductPatch = z.input<typeof productPatchSchema>;

export const productCreateSchema = productFieldsSchema
  .partial()
  .required({ title: true, category: true });
export type ProductCreate = z.input<typeof productCreateSchema>;

/** What a new product has where POST leaves a field out. */
export const PRODUCT_DEFAULTS: Omit<ProductFields, 'title' | 'category'> = {
  sku: '',
  product_type: 'Simple',
  status: 'Active',
  categorytype: [],
  image: '',
  gallery: [],
  description: '',
  short_description: '',
  originalPrice: 0,
  discountPrice: 0,
  stock: 0,
  key_features: [],
  specifications: [],
  attribute: [],
  delivery_days: 5,
  hsn_code: '',
  gst_rate: 18,
  gst_above: null,
  variation: [],
  grouped_product: [],
};

/** A field and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * The checks across fields of a whole product, the same for create, edit and the admin form:
 * sale ≤ MRP (product and each variation), a Variable product's variations are distinct
 * combinations of its attribute terms, a Grouped product has items, skus are not repeated.
 */
export function productDraftProblem(p: ProductFields): FieldProblem | null {
  const sale = salePriceProblem(rupeesToPaise(p.originalPrice), rupeesToPaise(p.discountPrice));
  if (sale) return { field: 'discountPrice', message: sale };
  if (p.gst_above && p.gst_above.rate < p.gst_rate) {
    return { field: 'gst_above.rate', message: 'The rate above the threshold must not be lower.' };
  }
  if (p.product_type !== 'Variable Product' && p.variation.length > 0) {
    return { field: 'variation', message: 'Only a Variable product has variations.' };
  }
  if (p.product_type !== 'Grouped Product' && p.grouped_product.length > 0) {
    return { field: 'grouped_product', message: 'Only a Grouped product has grouped items.' };
  }
  if (p.product_type === 'Grouped Product' && p.grouped_product.length === 0) {
    return { field: 'grouped_product', message: 'A Grouped product needs at least one item.' };
  }
  if (p.product_type === 'Variable Product') {
    if (p.variation.length === 0) {
      return { field: 'variation', message: 'A Variable product needs at least one variation.' };
    }
    const earlier: Record<string, string>[] = [];
    for (const [i, v] of p.variation.entries()) {
      const combination = variationCombinationProblem(p.attribute, v.attributes, earlier);
      if (combination) return { field: `variation.${String(i)}.attributes`, message: combination };
      earlier.push(v.attributes);
      const vSale = salePriceProblem(rupeesToPaise(v.price), rupeesToPaise(v.salePrice));
      if (vSale) return { field: `variation.${String(i)}.salePrice`, message: vSale };
    }
  }
  const skus = [p.sku, ...p.variation.map((v) => v.sku)];
  // Blank skus are made by the API, each its own.
  const repeated = firstRepeated(skus.filter((s) => s.trim() !== ''));
  if (repeated !== null) {
    const i = skus.findLastIndex((s) => s.trim().toLowerCase() === repeated.trim().toLowerCase());
    return {
      field: `variation.${String(i - 1)}.sku`,
      message: `The SKU ${repeated} is used twice.`,
    };
  }
  return null;
}

/** An admin view of a product: the storefront's fields and the tax and stock ones. */
export const adminProductSchema = productSchema
  .extend({
    hsn_code: z.string(),
    gst_rate: z.number(),
    gst_above: z.object({ price: rupeesSchema, rate: z.number() }).nullable(),
    stock_level: z.enum(STOCK_LEVELS),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProduct' });
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const adminProductResponseSchema = z.object({
  isError: z.literal(false),
  data: adminProductSchema,
});
export type AdminProductResponse = z.infer<typeof adminProductResponseSchema>;

export const ADMIN_PRODUCT_SORTS = [
  'updated',
  'created',
  'title',
  'sku',
  'price',
  'stock',
] as const;
export const ADMIN_PRODUCT_PAGE_MAX = 100;

export const adminProductListQuerySchema = z.object({
  search: z.string().trim().max(100).optional().describe('Part of the title or sku'),
  category: z.string().trim().max(100).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  stock: z.enum(STOCK_LEVELS).optional(),
  type: z.enum(PRODUCT_TYPES).optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).default('updated'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_PRODUCT_PAGE_MAX).default(20),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

export const adminProductRowSchema = z.object({
  product_id: z.string(),
  title: z.string(),
  sku: z.string(),
  image: z.string(),
  product_type: z.string(),
  status: z.string(),
  category: z.string(),
  originalPrice: rupeesSchema,
  discountPrice: rupeesSchema,
  stock: z.number().int(),
  stock_level: z.enum(STOCK_LEVELS),
  variations: z.number().int(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.infer<typeof adminProductRowSchema>;

export const adminProductListResponseSchema = z.object({
  isError: z.literal(false),
  data: z.array(adminProductRowSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponseSchema>;

export const adminProductParamsSchema = z.object({ id: z.uuid('Not a product id.') });

export const adminProductDeleteResponseSchema = z.object({
  isError: z.literal(false),
  result: z.enum(['deleted', 'archived']),
  msg: z.string(),
});

export const productBulkSchema = z
  .strictObject({
    ids: z.array(z.uuid('Not a product id.')).min(1, 'Pick at least one product.').max(200),
    originalPrice: priceInputSchema.optional(),
    discountPrice: priceInputSchema.optional(),
    stock: stockInputSchema.optional(),
    status: z.enum(PRODUCT_STATUSES).optional(),
  })
  .refine(
    (b) =>
      b.originalPrice !== undefined ||
      b.discountPrice !== undefined ||
      b.stock !== undefined ||
      b.status !== undefined,
    { message: 'Choose a price, sale price, stock or status to change.', path: ['ids'] },
  );
export type ProductBulk = z.input<typeof productBulkSchema>;

export const productBulkResponseSchema = z.object({
  isError: z.literal(false),
  updated: z.number().int(),
});

import { z } from 'zod';
import { contentSlugProblem, pageScriptProblem } from '@shop/domain';
import { priceInputSchema } from './admin-products.ts';
import { categorySchema, offerSchema, pageMetaSchema, sliderSchema } from './catalogue.ts';

/**
 * The admin's content under /api/admin/content: categories, new-arrival
 * groups, sliders, offers, marquee texts (each listed, created, edited, deleted and reordered),
 * the page meta, and the Markdown content pages. Every write answers the item as it is stored.
 */

/** An image or link as the admin types it: a path on this site or an http(s) address. */
export const urlInputSchema = z
  .string()
  .trim()
  .max(500, 'At most 500 characters.')
  .refine(
    (u) => u === '' || u.startsWith('/') || /^https?:\/\/[^\s]+$/i.test(u),
    'A path starting with / or an http(s):// address.',
  );

export const CONTENT_STATUSES = ['Active', 'Inactive'] as const;

/**
 * A patch schema from a create schema: every field optional and without its default (zod's
 * `.partial()` keeps defaults, which would reset the fields a patch leaves out).
 */
function patchOf<S extends z.ZodRawShape>(create: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(create.shape).map(([k, v]) => [
      k,
      (v instanceof z.ZodDefault ? (v.unwrap() as z.ZodType) : (v as z.ZodType)).optional(),
    ]),
  );
  return z.strictObject(shape) as unknown as z.ZodObject<{
    [K in keyof S]: z.ZodOptional<S[K] extends z.ZodDefault<infer I> ? I : S[K]>;
  }>;
}

export const contentIdParamsSchema = z.object({ id: z.uuid('Not an id.') });
export const reorderSchema = z.strictObject({
  ids: z.array(z.uuid('Not an id.')).max(500).describe('Every id of the list, in the new order'),
  was: z
    .array(z.uuid('Not an id.'))
    .max(500)
    .optional()
    .describe(
      'The order the screen showed before the move: when the list has changed since (another window or person), nothing moves (409)',
    ),
});
export type Reorder = z.infer<typeof reorderSchema>;

// Categories ---------------------------------------------------------------------------------

export const categoryFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the name.').max(100, 'At most 100 characters.'),
  category: z
    .string()
    .trim()
    .min(1, 'Enter the key products carry.')
    .max(100, 'At most 100 characters.')
    .refine((k) => !/[/?#%\\]/.test(k), 'No /, ?, #, % or \\ in a key (it is part of the URL).')
    .describe('The key products carry in their category and the URL uses'),
  icon: urlInputSchema.default(''),
  status: z.enum(CONTENT_STATUSES).default('Active'),
});
export const categoryCreateSchema = categoryFieldsSchema;
export const categoryPatchSchema = patchOf(categoryFieldsSchema);
export type CategoryCreate = z.input<typeof categoryCreateSchema>;
export type CategoryPatch = z.infer<typeof categoryPatchSchema>;
/** A category as the storefront reads it, with its id. */
export const adminCategorySchema = categorySchema.extend({ id: z.string() });
export type AdminCategory = z.infer<typeof adminCategorySchema>;

// New-arrival groups ------------------------------------------------------------------------

export const newArrivalFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the group name.').max(100, 'At most 100 characters.'),
  description: z.string().trim().max(1000, 'At most 1000 characters.').default(''),
  product_ids: z
    .array(z.uuid('Not a product id.'))
    .max(50, 'At most 50 products in a group.')
    .refine((ids) => new Set(ids).size === ids.length, 'A product is listed twice.')
    .default([])
    .describe('The products of the group, in order'),
});
export const newArrivalCreateSchema = newArrivalFieldsSchema;
export const newArrivalPatchSchema = patchOf(newArrivalFieldsSchema);
export type NewArrivalCreate = z.input<typeof newArrivalCreateSchema>;
export type NewArrivalPatch = z.infer<typeof newArrivalPatchSchema>;
export const adminNewArrivalSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  products: z.array(z.object({ product_id: z.string(), title: z.string(), sku: z.string() })),
});
export type AdminNewArrival = z.infer<typeof adminNewArrivalSchema>;

// Sliders -----------------------------------------------------------------------------------

export const sliderFieldsSchema = z.strictObject({
  slider_name: z.string().trim().min(1, 'Enter the slider heading.').max(200),
  offer_name: z.string().trim().max(200).default(''),
  description: z.string().trim().max(2000).default(''),
  image: urlInputSchema.default(''),
  background_image: urlInputSchema.default(''),
  price: priceInputSchema.default(0),
  cutOffPrice: priceInputSchema.default(0).describe('The struck-through price; 0 for none'),
  product_id: z.uuid('Not a product id.').nullable().default(null),
});
export const sliderCreateSchema = sliderFieldsSchema;
export const sliderPatchSchema = patchOf(sliderFieldsSchema);
export type SliderCreate = z.input<typeof sliderCreateSchema>;
export type SliderPatch = z.infer<typeof sliderPatchSchema>;
export const adminSliderSchema = sliderSchema.omit({ product: true }).extend({
  id: z.string(),
  product_id: z.string().nullable(),
  position: z.number().int(),
});
export type AdminSlider = z.infer<typeof adminSliderSchema>;

// Offers ------------------------------------------------------------------------------------

export const offerFieldsSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter the offer title.').max(200),
  description: z.string().trim().max(2000).default(''),
  image: urlInputSchema.default(''),
  link: urlInputSchema
    .nullable()
    .transform((l) => (l === '' ? null : l))
    .default(null)
    .describe('The Claim Your Offer link; null for none'),
});
export const offerCreateSchema = offerFieldsSchema;
export const offerPatchSchema = patchOf(offerFieldsSchema);
export type OfferCreate = z.input<typeof offerCreateSchema>;
export type OfferPatch = z.infer<typeof offerPatchSchema>;
export const adminOfferSchema = offerSchema.extend({
  id: z.string(),
  position: z.number().int(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;

// Marquee texts -----------------------------------------------------------------------------

export const marqueeFieldsSchema = z.strictObject({
  heading: z.string().trim().min(1, 'Enter the text.').max(200, 'At most 200 characters.'),
});
export const marqueeCreateSchema = marqueeFieldsSchema;
export const marqueePatchSchema = patchOf(marqueeFieldsSchema);
export type MarqueeCreate = z.input<typeof marqueeCreateSchema>;
export type MarqueePatch = z.infer<typeof marqueePatchSchema>;
export const adminMarqueeSchema = z.object({
  id: z.string(),
  heading: z.string(),
  position: z.number().int(),
});
export type AdminMarquee = z.infer<typeof adminMarqueeSchema>;

// Page meta ---------------------------------------------------------------------------------

const scriptSrc = z
  .string()
  .trim()
  .max(500)
  .superRefine((s, ctx) => {
    const problem = pageScriptProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The store's head: title, description, keywords, author, icon and script addresses. */
export const pageMetaInputSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter the site title.').max(200),
  description: z.string().trim().max(1000).default(''),
  keywords: z.string().trim().max(1000).default(''),
  author: z.string().trim().max(200).default(''),
  icon: urlInputSchema.default(''),
  scripts: z
    .array(scriptSrc)
    .max(10, 'At most 10 scripts.')
    .default([])
    .describe('https addresses of scripts the storefront loads (owner only)'),
});
export type PageMetaInput = z.input<typeof pageMetaInputSchema>;
export const adminPageMetaSchema = pageMetaSchema.omit({
  store_name: true,
  store_logo: true,
  pages: true,
});
export type AdminPageMeta = z.infer<typeof adminPageMetaSchema>;

// Content pages -----------------------------------------------------------------------------

export const contentSlugSchema = z
  .string()
  .trim()
  .superRefine((s, ctx) => {
    const problem = contentSlugProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export const contentPageSlugParamsSchema = z.object({ slug: contentSlugSchema });

const pageFields = {
  title: z.string().trim().min(1, 'Enter the page title.').max(200),
  description: z
    .string()
    .trim()
    .min(1, 'Enter a description (search results show it).')
    .max(500, 'At most 500 characters.'),
  body_markdown: z.string().max(200_000, 'At most 200,000 characters.'),
};
export const contentPageCreateSchema = z.strictObject({ slug: contentSlugSchema, ...pageFields });
export const contentPagePatchSchema = z.strictObject(pageFields).partial();
export type ContentPageCreate = z.infer<typeof contentPageCreateSchema>;
export type ContentPagePatch = z.infer<typeof contentPagePatchSchema>;
export const contentPreviewSchema = z.strictObject({ body_markdown: pageFields.body_markdown });
export const contentPreviewResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({ html: z.string() }),
});

export const adminContentPageRowSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  path: z.string().describe('Where the storefront shows it'),
  updatedAt: z.string(),
});
export type AdminContentPageRow = z.infer<typeof adminContentPageRowSchema>;
export const adminContentPageSchema = adminContentPageRowSchema.extend({
  body_markdown: z.string(),
});
export type AdminContentPage = z.infer<typeof adminContentPageSchema>;

/**
 * POST /api/admin/content/pages/policies: the policy pages (privacy, refund, terms, shipping)
 * the store lacked, made from templates filled with its settings; pages it had are kept as they
 * are, never overwritten.
 */
export const policyPagesResultSchema = z.object({
  isError: z.literal(false),
  data: z.object({
    created: z.array(adminContentPageRowSchema),
    /** The slugs of the policy pages the store had already (left untouched). */
    kept: z.array(z.string()),
  }),
});
export type PolicyPagesResult = z.infer<typeof policyPagesResultSchema>;

export const contentDeleteResponseSchema = z.object({
  isError: z.literal(false),
  msg: z.string(),
});

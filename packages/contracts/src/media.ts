import { z } from 'zod';
import { adminProductParamsSchema } from './admin-products.ts';

/** An image as the admin shows it: the stored URL and, for an upload, its renditions' widths. */
export const storedImageSchema = z.object({
  url: z.string(),
  /** The widths of the WebP renditions (decision 0021); [] for a plain URL (seeded artwork). */
  widths: z.array(z.number().int()),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

/** A product's photos, the main one first (`image`, then `gallery`). */
export const productImagesResponseSchema = z.object({
  isError: z.literal(false),
  data: z.object({ product_id: z.string(), images: z.array(storedImageSchema) }),
});
export type ProductImagesResponse = z.infer<typeof productImagesResponseSchema>;

export const productImagesParamsSchema = adminProductParamsSchema;

/** PATCH: the product's photos in their new order; the first is the main one. */
export const productImagesArrangeSchema = z.object({
  images: z
    .array(z.string().trim().min(1).max(500))
    .min(1, 'Name every photo of the product.')
    .max(31),
});
export type ProductImagesArrange = z.infer<typeof productImagesArrangeSchema>;

/** DELETE: the photo to remove, by its stored URL. */
export const productImageDeleteQuerySchema = z.object({
  url: z.string().trim().min(1, 'Name the photo to remove (url).').max(500),
});

/** POST /api/admin/media/images: one stored image (icons, sliders, logos). */
export const mediaImageResponseSchema = z.object({
  isError: z.literal(false),
  data: storedImageSchema,
});
export type MediaImageResponse = z.infer<typeof mediaImageResponseSchema>;

/** The multipart field the admin sends photos in. */
export const IMAGE_UPLOAD_FIELD = 'images';

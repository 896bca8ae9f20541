import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  productImageDeleteQuerySchema,
  productImagesArrangeSchema,
  productImagesParamsSchema,
  productImagesResponseSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import { readImageUploads } from '../media/index.ts';
import type { ImagesService } from '../media/images-service.ts';
import type { ProductImagesService } from './product-images-service.ts';
import { actorOf, tags } from './products-routes.ts';

export interface ProductImagesRoutesOptions {
  productImages: ProductImagesService;
  images: ImagesService;
}

/** A product's photos: staff and the owner (decision 0020); another store's product is a 404. */
export function productImagesRoutes(
  app: FastifyInstance,
  { images, productImages }: ProductImagesRoutesOptions,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { config: needs.staff() };
  const answer = { 200: productImagesResponseSchema };

  r.get(
    '/admin/products/:id/images',
    {
      ...staff,
      schema: {
        tags,
        summary: "The product's photos, the main one first, with their renditions' widths",
        security: bearerSecurity,
        params: productImagesParamsSchema,
        response: { ...answer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await productImages.list(callerOf(req).storeId, req.params.id),
    }),
  );

  r.post(
    '/admin/products/:id/images',
    {
      ...staff,
      schema: {
        tags,
        summary:
          'Upload photos (multipart field "images", one or several): JPEG, PNG, WebP or AVIF, checked by content; stored as WebP renditions',
        security: bearerSecurity,
        params: productImagesParamsSchema,
        response: { 201: productImagesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const files = await readImageUploads(req, images.maxBytes, images.tooLarge());
      const data = await productImages.add(actorOf(req), req.params.id, files);
      return reply.code(201).send({ isError: false as const, data });
    },
  );

  r.patch(
    '/admin/products/:id/images',
    {
      ...staff,
      schema: {
        tags,
        summary: "Reorder the product's photos; the first becomes the main one",
        security: bearerSecurity,
        params: productImagesParamsSchema,
        body: productImagesArrangeSchema,
        response: { ...answer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await productImages.arrange(actorOf(req), req.params.id, req.body.images),
    }),
  );

  r.delete(
    '/admin/products/:id/images',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Remove one photo (by its URL); its files are deleted once no product shows them',
        security: bearerSecurity,
        params: productImagesParamsSchema,
        querystring: productImageDeleteQuerySchema,
        response: { ...answer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await productImages.remove(actorOf(req), req.params.id, req.query.url),
    }),
  );
}

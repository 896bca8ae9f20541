import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mediaImageResponseSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import { readImageUploads } from './image-uploads.ts';
import type { ImagesService } from './images-service.ts';
import type { MediaService } from './media-service.ts';

export interface MediaRoutesOptions {
  media: MediaService;
  images: ImagesService;
}

/** POST /api/admin/media/images: one image for a content or settings screen (staff, owner). */
export function mediaRoutes(app: FastifyInstance, { images, media }: MediaRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  r.post(
    '/admin/media/images',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin media'],
        summary:
          'Upload one image (multipart field "images"): checked by content, stored as WebP renditions; answers its URL and widths',
        security: bearerSecurity,
        response: { 201: mediaImageResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const [file] = await readImageUploads(req, images.maxBytes, images.tooLarge(), 1);
      const { storeId, id: userId } = callerOf(req);
      const data = await media.upload({ storeId, userId }, file!);
      return reply.code(201).send({ isError: false as const, data });
    },
  );
}

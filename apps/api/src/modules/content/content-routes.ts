import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentPageParamsSchema, contentPageResponseSchema } from '@shop/contracts';
import { errorResponses } from '../../plugins/private-routes.ts';
import type { ContentService } from './content-service.ts';

/** GET /pages/{storeId}/{slug}: a content page of the store (public). */
export function contentRoutes(app: FastifyInstance, { service }: { service: ContentService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/pages/:storeId/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'A content page (about, centres, policies, rules) rendered from its Markdown',
        params: contentPageParamsSchema,
        response: { 200: contentPageResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (req, reply) => {
      const page = await service.page(req.params.storeId, req.params.slug);
      // Shared caches may keep it a minute; an edit in the admin shows within that.
      reply.header('cache-control', 'public, max-age=60');
      return { isError: false as const, data: page };
    },
  );
}

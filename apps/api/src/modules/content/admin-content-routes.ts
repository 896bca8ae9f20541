import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCategorySchema,
  adminContentPageRowSchema,
  adminContentPageSchema,
  adminMarqueeSchema,
  adminNewArrivalSchema,
  adminOfferSchema,
  adminPageMetaSchema,
  adminSliderSchema,
  categoryCreateSchema,
  categoryPatchSchema,
  contentDeleteResponseSchema,
  contentIdParamsSchema,
  contentPageCreateSchema,
  contentPagePatchSchema,
  contentPageSlugParamsSchema,
  contentPreviewResponseSchema,
  contentPreviewSchema,
  marqueeCreateSchema,
  marqueePatchSchema,
  newArrivalCreateSchema,
  newArrivalPatchSchema,
  offerCreateSchema,
  offerPatchSchema,
  pageMetaInputSchema,
  policyPagesResultSchema,
  reorderSchema,
  sliderCreateSchema,
  sliderPatchSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AuditActor } from '../audit/audit-service.ts';
import type { ContentKind } from './admin-content-repository.ts';
import type { AdminContentService } from './admin-content-service.ts';
import { createPolicyPages, type PolicySources } from './policy-pages.ts';

const tags = ['admin content'];
const actorOf = (req: FastifyRequest): AuditActor => {
  const user = callerOf(req);
  return { storeId: user.storeId, userId: user.id };
};
const ok = <T extends z.ZodType>(data: T) => z.object({ isError: z.literal(false), data });

/** The schemas of each ordered list: what a create and a patch send, what an item reads. */
const KINDS: {
  kind: ContentKind;
  label: string;
  item: z.ZodType;
  create: z.ZodType;
  patch: z.ZodType;
}[] = [
  {
    kind: 'categories',
    label: 'categories',
    item: adminCategorySchema,
    create: categoryCreateSchema,
    patch: categoryPatchSchema,
  },
  {
    kind: 'new-arrivals',
    label: 'new-arrival groups',
    item: adminNewArrivalSchema,
    create: newArrivalCreateSchema,
    patch: newArrivalPatchSchema,
  },
  {
    kind: 'sliders',
    label: 'home sliders',
    item: adminSliderSchema,
    create: sliderCreateSchema,
    patch: sliderPatchSchema,
  },
  {
    kind: 'offers',
    label: 'offers',
    item: adminOfferSchema,
    create: offerCreateSchema,
    patch: offerPatchSchema,
  },
  {
    kind: 'marquees',
    label: 'marquee texts',
    item: adminMarqueeSchema,
    create: marqueeCreateSchema,
    patch: marqueePatchSchema,
  },
];

/**
 * The admin's content under /admin/content (decision 0023). Staff and the owner may edit every
 * list and page; the page meta, which names scripts the storefront loads, only the owner may
 * change. Another store's item is a 404.
 */
export function adminContentRoutes(
  app: FastifyInstance,
  { admin: service, policySources }: { admin: AdminContentService; policySources: PolicySources },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const staff = { config: needs.staff() };
  const owner = { config: needs.storeOwner() };

  for (const { kind, label, item, create, patch } of KINDS) {
    const base = `/admin/content/${kind}`;
    r.get(
      base,
      {
        ...staff,
        schema: {
          tags,
          summary: `The store's ${label}, in order`,
          security: bearerSecurity,
          response: { 200: ok(z.array(item)), ...errorResponses(401, 403) },
        },
      },
      async (req) => ({
        isError: false as const,
        data: await service.lists.list(kind, callerOf(req).storeId),
      }),
    );
    r.post(
      base,
      {
        ...staff,
        schema: {
          tags,
          summary: `Add one of the ${label} (last in the order)`,
          security: bearerSecurity,
          body: create,
          response: { 201: ok(item), ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (req, reply) => {
        const data = await service.lists.create(actorOf(req), kind, req.body as never);
        return reply.code(201).send({ isError: false as const, data });
      },
    );
    r.post(
      `${base}/reorder`,
      {
        ...staff,
        schema: {
          tags,
          summary: `Put the ${label} in the order of the ids given (every one, once)`,
          security: bearerSecurity,
          body: reorderSchema,
          response: { 200: ok(z.array(item)), ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (req) => ({
        isError: false as const,
        data: await service.lists.reorder(actorOf(req), kind, req.body.ids, req.body.was),
      }),
    );
    r.patch(
      `${base}/:id`,
      {
        ...staff,
        schema: {
          tags,
          summary: `Change one of the ${label}`,
          security: bearerSecurity,
          params: contentIdParamsSchema,
          body: patch,
          response: { 200: ok(item), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (req) => ({
        isError: false as const,
        data: await service.lists.update(actorOf(req), kind, req.params.id, req.body as never),
      }),
    );
    r.delete(
      `${base}/:id`,
      {
        ...staff,
        schema: {
          tags,
          summary: `Delete one of the ${label}`,
          security: bearerSecurity,
          params: contentIdParamsSchema,
          response: {
            200: contentDeleteResponseSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (req) => {
        await service.lists.remove(actorOf(req), kind, req.params.id);
        return { isError: false as const, msg: 'Deleted.' };
      },
    );
  }

  r.get(
    '/admin/content/page-meta',
    {
      ...staff,
      schema: {
        tags,
        summary: "The store's head: title, description, keywords, author, icon, scripts",
        security: bearerSecurity,
        response: { 200: ok(adminPageMetaSchema), ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.pageMeta.get(callerOf(req).storeId),
    }),
  );
  r.put(
    '/admin/content/page-meta',
    {
      ...owner,
      schema: {
        tags,
        summary: "Replace the store's head (owner only: it names scripts the storefront loads)",
        security: bearerSecurity,
        body: pageMetaInputSchema,
        response: { 200: ok(adminPageMetaSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.pageMeta.put(actorOf(req), req.body),
    }),
  );

  r.get(
    '/admin/content/pages',
    {
      ...staff,
      schema: {
        tags,
        summary: "The store's content pages",
        security: bearerSecurity,
        response: { 200: ok(z.array(adminContentPageRowSchema)), ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.pages.list(callerOf(req).storeId),
    }),
  );
  r.post(
    '/admin/content/pages',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Add a content page (Markdown)',
        security: bearerSecurity,
        body: contentPageCreateSchema,
        response: { 201: ok(adminContentPageSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const data = await service.pages.create(actorOf(req), req.body);
      return reply.code(201).send({ isError: false as const, data });
    },
  );
  r.post(
    '/admin/content/pages/policies',
    {
      ...staff,
      schema: {
        tags,
        summary:
          'Create the policy pages the store lacks (privacy, refund, terms, shipping) from templates filled with its settings; existing pages are never overwritten (each page made is audited)',
        security: bearerSecurity,
        response: { 200: policyPagesResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await createPolicyPages({ ...policySources, pages: service.pages }, actorOf(req)),
    }),
  );
  r.post(
    '/admin/content/pages/preview',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Markdown rendered as the storefront will show it (nothing is stored)',
        security: bearerSecurity,
        body: contentPreviewSchema,
        response: { 200: contentPreviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: { html: await service.pages.preview(req.body.body_markdown) },
    }),
  );
  r.get(
    '/admin/content/pages/:slug',
    {
      ...staff,
      schema: {
        tags,
        summary: 'One content page with its Markdown',
        security: bearerSecurity,
        params: contentPageSlugParamsSchema,
        response: { 200: ok(adminContentPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.pages.get(callerOf(req).storeId, req.params.slug),
    }),
  );
  r.patch(
    '/admin/content/pages/:slug',
    {
      ...staff,
      schema: {
        tags,
        summary: "Change a content page's title, description or Markdown",
        security: bearerSecurity,
        params: contentPageSlugParamsSchema,
        body: contentPagePatchSchema,
        response: { 200: ok(adminContentPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.pages.update(actorOf(req), req.params.slug, req.body),
    }),
  );
  r.delete(
    '/admin/content/pages/:slug',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Delete a content page',
        security: bearerSecurity,
        params: contentPageSlugParamsSchema,
        response: { 200: contentDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await service.pages.remove(actorOf(req), req.params.slug);
      return { isError: false as const, msg: 'Page deleted.' };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminProductDeleteResponseSchema,
  adminProductListQuerySchema,
  adminProductListResponseSchema,
  adminProductParamsSchema,
  adminProductResponseSchema,
  productBulkResponseSchema,
  productBulkSchema,
  productCreateSchema,
  productPatchSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AuditActor } from '../audit/audit-service.ts';
import type { ProductsService } from './products-service.ts';

export interface ProductsRoutesOptions {
  service: ProductsService;
}

export const tags = ['admin products'];
/** The caller as the audit log names it. */
export const actorOf = (req: FastifyRequest): AuditActor => {
  const user = callerOf(req);
  return { storeId: user.storeId, userId: user.id };
};

/**
 * The admin's product calls. Staff and the owner of the caller's store may use every one
 * (decision 0020); a product of another store is a 404.
 */
export function productsRoutes(app: FastifyInstance, { service }: ProductsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const staff = { config: needs.staff() };

  r.get(
    '/admin/products',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Products of the store: search title or sku, filter, sort and page',
        security: bearerSecurity,
        querystring: adminProductListQuerySchema,
        response: { 200: adminProductListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { rows, total } = await service.list(callerOf(req).storeId, req.query);
      return {
        isError: false as const,
        data: rows,
        page: req.query.page,
        limit: req.query.limit,
        total,
      };
    },
  );

  r.post(
    '/admin/products',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Create a Simple, Variable or Grouped product',
        security: bearerSecurity,
        body: productCreateSchema,
        response: { 201: adminProductResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const data = await service.create(actorOf(req), req.body);
      return reply.code(201).send({ isError: false as const, data });
    },
  );

  r.post(
    '/admin/products/bulk',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Set the price, sale price, stock or status of several products, all or none',
        security: bearerSecurity,
        body: productBulkSchema,
        response: { 200: productBulkResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      updated: await service.bulk(actorOf(req), req.body),
    }),
  );

  r.get(
    '/admin/products/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'One product with its variations and grouped items',
        security: bearerSecurity,
        params: adminProductParamsSchema,
        response: { 200: adminProductResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.get(callerOf(req).storeId, req.params.id),
    }),
  );

  r.patch(
    '/admin/products/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Change any fields of a product (a variation list replaces the old one, by sku)',
        security: bearerSecurity,
        params: adminProductParamsSchema,
        body: productPatchSchema,
        response: { 200: adminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.update(actorOf(req), req.params.id, req.body),
    }),
  );

  r.delete(
    '/admin/products/:id',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Delete a product; one that orders name is archived instead',
        security: bearerSecurity,
        params: adminProductParamsSchema,
        response: { 200: adminProductDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const result = await service.remove(actorOf(req), req.params.id);
      return {
        isError: false as const,
        result,
        msg:
          result === 'deleted'
            ? 'Product deleted.'
            : 'Orders name this product, so it was archived instead of deleted.',
      };
    },
  );

  r.post(
    '/admin/products/:id/duplicate',
    {
      ...staff,
      schema: {
        tags,
        summary: 'Copy a product (Inactive, skus with -copy)',
        security: bearerSecurity,
        params: adminProductParamsSchema,
        response: { 201: adminProductResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const data = await service.duplicate(actorOf(req), req.params.id);
      return reply.code(201).send({ isError: false as const, data });
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  sizeChartBodySchema,
  sizeChartCategoryParamsSchema,
  sizeChartProductParamsSchema,
  sizeChartResponseSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import { actorOf } from './products-routes.ts';
import type { SizeChartsService, SizeChartTarget } from './size-charts-service.ts';

const tags = ['admin products'];

/**
 * The owner's size charts (issue 59): a category's under /admin/size-charts/category/{key}, a
 * product's (replacing its category's) under /admin/size-charts/product/{id}. Owner only; the
 * caller's own store; another store's product is a 404.
 */
export function sizeChartsRoutes(app: FastifyInstance, service: SizeChartsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const owner = { config: needs.storeOwner() };

  const routes = [
    {
      url: '/admin/size-charts/category/:category',
      what: "a category's size chart",
      params: sizeChartCategoryParamsSchema,
      target: (p: Record<string, string>): SizeChartTarget => ({ category: p.category ?? '' }),
    },
    {
      url: '/admin/size-charts/product/:id',
      what: "a product's own size chart (it replaces its category's)",
      params: sizeChartProductParamsSchema,
      target: (p: Record<string, string>): SizeChartTarget => ({ productId: p.id ?? '' }),
    },
  ] as const;

  for (const route of routes) {
    r.get(
      route.url,
      {
        ...owner,
        schema: {
          tags,
          summary: `Read ${route.what}: the text as written and the table it reads as`,
          security: bearerSecurity,
          params: route.params,
          response: { 200: sizeChartResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req) => ({
        isError: false as const,
        data: await service.read(
          callerOf(req).storeId,
          route.target(req.params as Record<string, string>),
        ),
      }),
    );
    r.put(
      route.url,
      {
        ...owner,
        schema: {
          tags,
          summary: `Write ${route.what}; blank text removes it`,
          security: bearerSecurity,
          params: route.params,
          body: sizeChartBodySchema,
          response: { 200: sizeChartResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req) => ({
        isError: false as const,
        data: await service.write(
          actorOf(req),
          route.target(req.params as Record<string, string>),
          req.body.chart,
        ),
      }),
    );
  }
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  courseDetailsListResponseSchema,
  courseDetailsResponseSchema,
  courseDetailsSchema,
  courseIdParamsSchema,
  storeIdParamsSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { CourseDetailsService } from './course-details-service.ts';

const tags = ['admissions'];

/** Each course's batch, schedule, age group and place: read by anyone, written by staff. */
export function courseDetailsRoutes(
  app: FastifyInstance,
  { service }: { service: CourseDetailsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = { config: needs.staff() };

  r.get(
    '/course-details/:storeId',
    {
      schema: {
        tags,
        summary: "The store's courses' batch, schedule, age group and place (those given)",
        params: storeIdParamsSchema,
        response: { 200: courseDetailsListResponseSchema, ...errorResponses(400) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.list(req.params.storeId) }),
  );

  r.get(
    '/admin/courses/:productId/details',
    {
      ...staff,
      schema: {
        tags,
        summary: "A course's batch, schedule, age group and place (staff)",
        security: bearerSecurity,
        params: courseIdParamsSchema,
        response: { 200: courseDetailsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.ofCourse(callerOf(req).storeId, req.params.productId),
    }),
  );

  r.put(
    '/admin/courses/:productId/details',
    {
      ...staff,
      schema: {
        tags,
        summary: "Save a course's batch, schedule, age group and place (staff; audited)",
        security: bearerSecurity,
        params: courseIdParamsSchema,
        body: courseDetailsSchema,
        response: { 200: courseDetailsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await service.save(
        { storeId: user.storeId, userId: user.id },
        req.params.productId,
        req.body,
      );
      return { isError: false as const, data };
    },
  );
}

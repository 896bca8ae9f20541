import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCouponListResponseSchema,
  adminCouponParamsSchema,
  adminCouponResponseSchema,
  couponCreateSchema,
  couponPatchSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AuditActor } from '../audit/audit-service.ts';
import type { CouponsService } from './coupons-service.ts';

export interface CouponsRoutesOptions {
  service: CouponsService;
}

const tags = ['admin coupons'];
const actorOf = (req: FastifyRequest): AuditActor => {
  const user = callerOf(req);
  return { storeId: user.storeId, userId: user.id };
};

/** The owner's coupons: list with uses so far, create, edit or deactivate (owner only). */
export function couponsRoutes(app: FastifyInstance, { service }: CouponsRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const owner = { config: needs.storeOwner() };

  r.get(
    '/admin/coupons',
    {
      ...owner,
      schema: {
        tags,
        summary: "The store's coupons with their uses so far",
        security: bearerSecurity,
        response: { 200: adminCouponListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.list(callerOf(req).storeId) }),
  );

  r.post(
    '/admin/coupons',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Create a coupon (code unique per store, case-insensitively)',
        security: bearerSecurity,
        body: couponCreateSchema,
        response: { 201: adminCouponResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => {
      const data = await service.create(actorOf(req), req.body);
      return reply.code(201).send({ isError: false as const, data });
    },
  );

  r.patch(
    '/admin/coupons/:id',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Change a coupon (active false deactivates it); past orders keep their figures',
        security: bearerSecurity,
        params: adminCouponParamsSchema,
        body: couponPatchSchema,
        response: { 200: adminCouponResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.update(actorOf(req), req.params.id, req.body),
    }),
  );
}

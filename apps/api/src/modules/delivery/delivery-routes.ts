import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPincodeDeleteResponseSchema,
  adminPincodeListQuerySchema,
  adminPincodeListResponseSchema,
  adminPincodeParamsSchema,
  adminPincodeResponseSchema,
  deliveryBandsPutSchema,
  deliveryBandsResponseSchema,
  freeBandsPutSchema,
  freeBandsResponseSchema,
  pincodeBulkResponseSchema,
  pincodeBulkSchema,
  pincodePatchSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AuditActor } from '../audit/audit-service.ts';
import type { DeliveryService } from './delivery-service.ts';

export interface DeliveryRoutesOptions {
  service: DeliveryService;
}

const tags = ['admin delivery'];
const actorOf = (req: FastifyRequest): AuditActor => {
  const user = callerOf(req);
  return { storeId: user.storeId, userId: user.id };
};

/** The owner's delivery settings: bands, free-delivery bands, pincodes (owner only). */
export function deliveryRoutes(app: FastifyInstance, { service }: DeliveryRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const owner = { config: needs.storeOwner() };

  r.get(
    '/admin/delivery/bands',
    {
      ...owner,
      schema: {
        tags,
        summary: 'The delivery price bands, with their overlaps and gaps',
        security: bearerSecurity,
        response: { 200: deliveryBandsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.bands(callerOf(req).storeId),
    }),
  );

  r.put(
    '/admin/delivery/bands',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Replace the whole set of delivery price bands (overlaps and gaps are flagged)',
        security: bearerSecurity,
        body: deliveryBandsPutSchema,
        response: { 200: deliveryBandsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.replaceBands(actorOf(req), req.body),
    }),
  );

  r.get(
    '/admin/delivery/free-bands',
    {
      ...owner,
      schema: {
        tags,
        summary: 'The free-delivery bands, with their overlaps and gaps',
        security: bearerSecurity,
        response: { 200: freeBandsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.freeBands(callerOf(req).storeId),
    }),
  );

  r.put(
    '/admin/delivery/free-bands',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Replace the whole set of free-delivery bands',
        security: bearerSecurity,
        body: freeBandsPutSchema,
        response: { 200: freeBandsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.replaceFreeBands(actorOf(req), req.body),
    }),
  );

  r.get(
    '/admin/pincodes',
    {
      ...owner,
      schema: {
        tags,
        summary: 'The pincodes delivered to (none active: everywhere), searched and paged',
        security: bearerSecurity,
        querystring: adminPincodeListQuerySchema,
        response: { 200: adminPincodeListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const { rows, total, active } = await service.pincodes(callerOf(req).storeId, req.query);
      return {
        isError: false as const,
        data: rows,
        active,
        total,
        page: req.query.page,
        limit: req.query.limit,
      };
    },
  );

  r.post(
    '/admin/pincodes/bulk',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Add pincodes from pasted text or a CSV; bad lines are reported',
        security: bearerSecurity,
        body: pincodeBulkSchema,
        response: { 200: pincodeBulkResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.bulkAdd(actorOf(req), req.body),
    }),
  );

  r.patch(
    '/admin/pincodes/:pincode',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Turn a pincode on or off',
        security: bearerSecurity,
        params: adminPincodeParamsSchema,
        body: pincodePatchSchema,
        response: { 200: adminPincodeResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.setPincodeStatus(actorOf(req), req.params.pincode, req.body.status),
    }),
  );

  r.delete(
    '/admin/pincodes/:pincode',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Remove a pincode from the list',
        security: bearerSecurity,
        params: adminPincodeParamsSchema,
        response: { 200: adminPincodeDeleteResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await service.removePincode(actorOf(req), req.params.pincode);
      return { isError: false as const, msg: 'Pincode removed.' };
    },
  );
}

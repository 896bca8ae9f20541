import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  breachFieldsSchema,
  breachListResponseSchema,
  breachParamsSchema,
  breachProgressSchema,
  breachResponseSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { AuditActor } from '../audit/audit-service.ts';
import type { DataBreachesService } from './data-breaches-service.ts';

const tags = ['admin'];
const security = bearerSecurity;

const actorOf = (req: FastifyRequest): AuditActor => {
  const caller = callerOf(req);
  return { storeId: caller.storeId, userId: caller.id };
};

/** Admin → Privacy: the breach register, the owner's only (what it holds is the shop's evidence). */
export function dataBreachesRoutes(
  app: FastifyInstance,
  { service }: { service: DataBreachesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.get(
    '/admin/privacy/breaches',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        security,
        summary:
          'The store’s personal data breaches, newest found first, with the drafts of both notices',
        response: { 200: breachListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.list(callerOf(req).storeId) }),
  );

  r.post(
    '/admin/privacy/breaches',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        security,
        summary: 'Record a personal data breach (DPDP Rules 2025, rule 7)',
        body: breachFieldsSchema,
        response: { 201: breachResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const data = await service.record(actorOf(req), req.body);
      return reply.code(201).send({ isError: false as const, data });
    },
  );

  r.patch(
    '/admin/privacy/breaches/:id',
    {
      config: needs.storeOwner(),
      schema: {
        tags,
        security,
        summary: 'Stamp (or clear) when the shoppers were told and the Board was reported to',
        params: breachParamsSchema,
        body: breachProgressSchema,
        response: { 200: breachResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.progress(actorOf(req), req.params.id, req.body),
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consentChangedResponseSchema,
  consentListResponseSchema,
  consentPurposeParamsSchema,
  giveConsentRequestSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import { ConsentsService } from './consents-service.ts';

const tags = ['privacy'];
const errors = errorResponses(400, 401, 403);
const security = bearerSecurity;

/**
 * The signed-in shopper's own consents (issue 61 item 2): list, give, withdraw. Each call acts
 * on the caller's account only (from the token): no path names a user, so no one reaches
 * another's consents.
 */
export function consentsRoutes(app: FastifyInstance, { service }: { service: ConsentsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.get(
    '/privacy/consents',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          "The caller's consents, one per purpose: whether it stands, when and under which notice version it was given, and its history",
        security,
        response: { 200: consentListResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      return { isError: false as const, data: await service.list(caller.storeId, caller.id) };
    },
  );

  r.post(
    '/privacy/consents',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Give a consent (again), recorded with the notice version in force',
        security,
        body: giveConsentRequestSchema,
        response: { 200: consentChangedResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const { purpose, source } = req.body;
      const data = await service.give(caller.storeId, caller.id, purpose, source);
      return {
        isError: false as const,
        message: ConsentsService.messageOf(purpose, data.granted),
        data,
      };
    },
  );

  r.delete(
    '/privacy/consents/:purpose',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary: 'Withdraw a consent: what it covered stops at once (push: the devices go)',
        security,
        params: consentPurposeParamsSchema,
        response: { 200: consentChangedResponseSchema, ...errors },
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const { purpose } = req.params;
      const data = await service.withdraw(caller.storeId, caller.id, purpose);
      return {
        isError: false as const,
        message: ConsentsService.messageOf(purpose, data.granted),
        data,
      };
    },
  );
}

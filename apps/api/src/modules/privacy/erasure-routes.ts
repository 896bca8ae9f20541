import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  privacyErasureBodySchema,
  privacyErasureResponseSchema,
  privacyErasureStatusResponseSchema,
} from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { PrivacyErasureService } from './erasure-service.ts';

const tags = ['privacy'];

/**
 * The signed-in shopper's erasure (DPDP Act 2023 s.12(3); issue 61 item 3): ask for it, and see
 * where it stands. Neither names an account: each token reaches only its own.
 */
export function erasureRoutes(
  app: FastifyInstance,
  { service }: { service: PrivacyErasureService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.post(
    '/privacy/erasure',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          "Erase my data: every personal field of the signed-in shopper's account is deleted or anonymised and its sessions and devices end, keeping only what a law requires (GST invoices and the orders behind them), listed in the answer. Runs at once, or once the open orders are finished with (at most 90 days). Once per account: a second request is refused (409); staff and owner accounts hand over the shop first (403)",
        security: bearerSecurity,
        body: privacyErasureBodySchema,
        response: {
          201: privacyErasureResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const data = await service.request(callerOf(req));
      return reply.code(201).send({ isError: false as const, data });
    },
  );

  r.get(
    '/privacy/erasure',
    {
      config: needs.signedIn(),
      schema: {
        tags,
        summary:
          "The signed-in account's erasure request (waiting, or done with what was erased and what a law keeps), or null when none was made",
        security: bearerSecurity,
        response: { 200: privacyErasureStatusResponseSchema, ...errorResponses(401) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.status(callerOf(req)) }),
  );
}

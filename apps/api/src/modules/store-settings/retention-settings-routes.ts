import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { retentionSettingsResponseSchema, retentionSettingsSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { RetentionSettingsService } from './retention-settings-service.ts';

const tags = ['admin settings'];

/** The retention periods (issue 61 item 5): the owner's alone (staff get 403). */
export function retentionSettingsRoutes(app: FastifyInstance, service: RetentionSettingsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const owner = { config: needs.storeOwner() };

  r.get(
    '/admin/settings/retention',
    {
      ...owner,
      schema: {
        tags,
        summary: 'How long enquiries and inactive accounts are kept, in days (owner only)',
        security: bearerSecurity,
        response: { 200: retentionSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await service.periods(callerOf(req).storeId),
    }),
  );

  r.put(
    '/admin/settings/retention',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Set how long enquiries and inactive accounts are kept (owner only; audited)',
        security: bearerSecurity,
        body: retentionSettingsSchema,
        response: { 200: retentionSettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await service.save({ storeId: user.storeId, userId: user.id }, req.body);
      return { isError: false as const, data };
    },
  );
}

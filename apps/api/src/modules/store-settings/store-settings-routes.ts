import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { securitySettingsPatchSchema, securitySettingsResponseSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { StoreSettingsService } from './store-settings-service.ts';

const tags = ['admin settings'];

/** The store's settings: the owner's alone (staff get 403). */
export function storeSettingsRoutes(app: FastifyInstance, o: { service: StoreSettingsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);
  const owner = { config: needs.storeOwner() };

  r.get(
    '/admin/settings/security',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Sign-in security: whether staff sign in with an emailed code too (owner only)',
        security: bearerSecurity,
        response: { 200: securitySettingsResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (req) => ({
      isError: false as const,
      data: await o.service.security(callerOf(req).storeId),
    }),
  );

  r.patch(
    '/admin/settings/security',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Turn the emailed sign-in code for staff on or off (owner only; audited)',
        security: bearerSecurity,
        body: securitySettingsPatchSchema,
        response: { 200: securitySettingsResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const user = callerOf(req);
      const data = await o.service.updateSecurity(
        { storeId: user.storeId, userId: user.id },
        req.body,
      );
      return { isError: false as const, data };
    },
  );
}

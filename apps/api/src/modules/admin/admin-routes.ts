import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffMeResponseSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';

/** The admin area's calls; every one needs staff or the owner of the caller's store. */
export function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.get(
    '/admin/me',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        summary: 'The signed-in staff member: id, store and role (staff or owner only)',
        security: bearerSecurity,
        response: { 200: staffMeResponseSchema, ...errorResponses(401, 403) },
      },
    },
    (req) => {
      const user = callerOf(req);
      return {
        isError: false as const,
        data: { user_id: user.id, main_id: user.storeId, role: user.role },
      };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses, noStore } from '../../plugins/private-routes.ts';
import type { DashboardService } from './dashboard-service.ts';

/** GET /admin/dashboard: staff and owner of the caller's store. */
export function dashboardRoutes(app: FastifyInstance, { service }: { service: DashboardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  noStore(app);

  r.get(
    '/admin/dashboard',
    {
      config: needs.staff(),
      schema: {
        tags: ['admin'],
        security: bearerSecurity,
        summary:
          'Today’s and this month’s paid orders and revenue (IST), orders to pack and ship, low stock, new inbox items, recent activity',
        response: { 200: dashboardResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (req) => ({ isError: false as const, data: await service.of(callerOf(req)) }),
  );
}

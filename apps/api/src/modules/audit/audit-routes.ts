import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListResponseSchema, auditQuerySchema } from '@shop/contracts';
import { callerOf, needs } from '../../plugins/auth.ts';
import { bearerSecurity, errorResponses } from '../../plugins/private-routes.ts';
import type { AuditService } from './audit-service.ts';

/** GET /api/admin/audit: the store's audit log for its owner, newest first, by pages. */
export function auditRoutes(app: FastifyInstance, { audit }: { audit: AuditService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/admin/audit',
    {
      config: needs.storeOwner(),
      schema: {
        tags: ['admin'],
        summary:
          'The audit log of admin writes: who, when, what, before and after (owner only; filter by entity and entity_id; page with before)',
        security: bearerSecurity,
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      const q = req.query;
      // One more than asked tells whether there is a next page.
      const rows = await audit.list(callerOf(req).storeId, {
        limit: q.limit + 1,
        ...(q.entity !== undefined && { entity: q.entity }),
        ...(q.entity_id !== undefined && { entityId: q.entity_id }),
        ...(q.before !== undefined && { afterEntryId: q.before }),
      });
      const page = rows.slice(0, q.limit);
      return {
        isError: false as const,
        data: {
          entries: page.map((e) => ({
            entry_id: e.id,
            at: e.at.toISOString(),
            user_id: e.actorUserId,
            email: e.actorEmail,
            action: e.action,
            entity: e.entity,
            entity_id: e.entityId,
            before: e.before,
            after: e.after,
          })),
          next_before: rows.length > q.limit ? page.at(-1)!.id : null,
        },
      };
    },
  );
}

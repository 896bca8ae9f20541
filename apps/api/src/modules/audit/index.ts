import type { FastifyPluginCallback } from 'fastify';
import { noStore } from '../../plugins/private-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import type { AuditService } from './audit-service.ts';

/** The audit module: the log of admin writes, read at GET /api/admin/audit (owner only). */
export const audit: FastifyPluginCallback<{ service: AuditService }> = (app, o, done) => {
  noStore(app);
  auditRoutes(app, { audit: o.service });
  done();
};

import type { FastifyPluginCallback } from 'fastify';
import { inboxRoutes } from './inbox-routes.ts';
import type { InboxService } from './inbox-service.ts';

/** The admin inbox under /api/admin/inbox (decision 0016). */
export const inbox: FastifyPluginCallback<{ service: InboxService }> = (app, o, done) => {
  inboxRoutes(app, o);
  done();
};

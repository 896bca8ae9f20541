import { shopModule } from '../../module-definition.ts';
import { noStore } from '../../plugins/private-routes.ts';
import { AuditRepository } from './audit-repository.ts';
import { AuditRetention } from './audit-retention-service.ts';
import { auditRoutes } from './audit-routes.ts';
import { AuditService } from './audit-service.ts';

/** The audit module: the log of admin writes, read at GET /api/admin/audit (owner only). */
export const audit = shopModule({
  name: 'audit',
  provides: { audit: true, auditRetention: true },
  needs: {},
  build: ({ db }) => ({
    /** The audit log of admin writes: `record(tx, actor, write)` inside each write's transaction. */
    audit: new AuditService(new AuditRepository(db)),
    /** Its part of the daily retention job: entries past a year (issue 61 item 5). */
    auditRetention: new AuditRetention(db),
  }),
  register(app, services) {
    noStore(app);
    auditRoutes(app, services);
  },
});

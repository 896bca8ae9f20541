import { shopModule } from '../../module-definition.ts';
import type { AdmissionsService } from '../admissions/admissions-service.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { ConsentsService } from '../privacy/consents-service.ts';
import { InboxErasureRepository } from './inbox-erasure-repository.ts';
import { InboxRepository } from './inbox-repository.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { InboxService } from './inbox-service.ts';

/** The admin inbox under /api/admin/inbox (decision 0016): leads, enquiries, quote requests and admissions with status and notes. */
export const inbox = shopModule({
  name: 'inbox',
  provides: { inbox: true },
  needs: { audit: true, admissions: true, consents: true },
  build: (
    { db, adapters },
    {
      audit,
      admissions,
      consents,
    }: { audit: AuditService; admissions: AdmissionsService; consents: ConsentsService },
  ) => ({
    inbox: new InboxService({
      repository: new InboxRepository(db),
      erasure: new InboxErasureRepository(db),
      audit,
      admissions,
      consents,
      clock: adapters.clock,
    }),
  }),
  register: (app, { inbox: service }) => inboxRoutes(app, { service }),
});

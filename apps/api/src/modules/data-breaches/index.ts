import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { StoreSettingsService } from '../store-settings/store-settings-service.ts';
import { DataBreachesRepository } from './data-breaches-repository.ts';
import { dataBreachesRoutes } from './data-breaches-routes.ts';
import { DataBreachesService } from './data-breaches-service.ts';

/** The breach register under /api/admin/privacy/breaches (owner only; issue 61 item 6). */
export const dataBreaches = shopModule({
  name: 'data-breaches',
  provides: { dataBreaches: true },
  needs: { audit: true, storeSettings: true },
  build: (
    { db },
    { audit, storeSettings }: { audit: AuditService; storeSettings: StoreSettingsService },
  ) => ({
    dataBreaches: new DataBreachesService({
      repository: new DataBreachesRepository(db),
      audit,
      settings: storeSettings,
    }),
  }),
  register: (app, { dataBreaches: service }) => dataBreachesRoutes(app, { service }),
});

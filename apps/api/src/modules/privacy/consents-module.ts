import { shopModule } from '../../module-definition.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { PrivacyNoticeService } from './index.ts';
import { ConsentsRepository } from './consents-repository.ts';
import { consentsRoutes } from './consents-routes.ts';
import { ConsentsService } from './consents-service.ts';

export { ConsentsService } from './consents-service.ts';

/**
 * A shopper's consents (issue 61 item 2): /api/privacy/consents, and the `consents` service
 * whose `allows(storeId, userId, purpose)` anything sent for a purpose checks first. Registering
 * a push device records the push consent (accounts tells `pushDeviceRegistered`).
 */
export const consents = shopModule({
  name: 'consents',
  provides: { consents: true },
  needs: { accounts: true, privacyNotice: true },
  build(
    { db, adapters },
    { accounts, privacyNotice }: { accounts: AccountsService; privacyNotice: PrivacyNoticeService },
  ) {
    return {
      consents: new ConsentsService({
        repository: new ConsentsRepository(db),
        noticeVersion: async (storeId) => (await privacyNotice.current(storeId)).version,
        devices: accounts,
        clock: adapters.clock,
      }),
    };
  },
  on: {
    pushDeviceRegistered: async ({ consents: service }, caller) => {
      await service.give(caller.storeId, caller.id, 'push', 'push_opt_in');
    },
  },
  register: (app, { consents: service }) => consentsRoutes(app, { service }),
});

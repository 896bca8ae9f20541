import { shopModule } from '../../module-definition.ts';
import type { PrivacyNoticeService } from './privacy-notice-service.ts';
import { ConsentsRepository } from './consents-repository.ts';
import { ConsentsRetention } from './consents-retention-service.ts';
import { consentsRoutes } from './consents-routes.ts';
import { ConsentsService } from './consents-service.ts';

export { ConsentsService } from './consents-service.ts';

/**
 * A shopper's consents (issue 61 item 2): /api/privacy/consents, and the `consents` service
 * whose `allows(storeId, userId, purpose)` anything sent for a purpose checks first. Accounts
 * records the push consent when a device opts in; withdrawing it tells `pushConsentWithdrawn`,
 * on which accounts removes the devices.
 */
export const consents = shopModule({
  name: 'consents',
  provides: { consents: true, consentsRetention: true },
  needs: { privacyNotice: true },
  emits: ['pushConsentWithdrawn'],
  build({ db, adapters, emit }, { privacyNotice }: { privacyNotice: PrivacyNoticeService }) {
    return {
      consents: new ConsentsService({
        repository: new ConsentsRepository(db),
        noticeVersion: async (storeId) => (await privacyNotice.current(storeId)).version,
        onPushWithdrawn: (storeId, userId) => emit('pushConsentWithdrawn', storeId, userId),
        clock: adapters.clock,
      }),
      /** Its part of the daily retention job: consents withdrawn over a year ago (item 5). */
      consentsRetention: new ConsentsRetention(db),
    };
  },
  register: (app, { consents: service }) => consentsRoutes(app, { service }),
});

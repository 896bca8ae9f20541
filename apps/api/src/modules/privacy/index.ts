import { shopModule } from '../../module-definition.ts';
import { PrivacyNoticeRepository } from './privacy-notice-repository.ts';
import { privacyNoticeRoutes } from './privacy-notice-routes.ts';
import { PrivacyNoticeService } from './privacy-notice-service.ts';

export type { CurrentPrivacyNotice, PrivacyNoticeService } from './privacy-notice-service.ts';
/** A shopper's consents (issue 61 item 2): its own module definition, built on privacyNotice. */
export { consents } from './consents-module.ts';

/**
 * The privacy module (DPDP Act 2023, issue 61): the privacy notice of each store, versioned by
 * what it says, with a snapshot of each version (`privacyNotice`, whose `current(storeId)` the
 * consents record with each consent).
 */
export const privacy = shopModule({
  name: 'privacy',
  provides: { privacyNotice: true },
  needs: {},
  build: ({ db }) => ({ privacyNotice: new PrivacyNoticeService(new PrivacyNoticeRepository(db)) }),
  register(app, { privacyNotice }) {
    privacyNoticeRoutes(app, {
      service: privacyNotice,
      defaultStoreOf: (request) => app.storeOf(request),
    });
  },
});

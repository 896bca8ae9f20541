import { shopModule } from '../../module-definition.ts';
import type { AccountsErasure } from '../accounts/accounts-erasure-service.ts';
import type { ErasureSteps } from './erasure-steps.ts';
import { ErasureRepository } from './erasure-repository.ts';
import { erasureRoutes } from './erasure-routes.ts';
import { PrivacyErasureService } from './erasure-service.ts';

type ErasureNeeds = Omit<ErasureSteps, 'accounts'> & { accountsErasure: AccountsErasure };

/**
 * The shopper's erasure (issue 61 item 3): POST and GET /api/privacy/erasure, and the
 * `privacyErasure` service whose `completeWaiting(now)` the daily retention job runs and whose
 * `eraseAccount` erases inactive accounts. Each owning module erases its own rows.
 */
export const privacyErasure = shopModule({
  name: 'privacyErasure',
  provides: { privacyErasure: true },
  needs: {
    accountsErasure: true,
    addresses: true,
    cart: true,
    quotes: true,
    contact: true,
    orders: true,
    invoices: true,
    payments: true,
    admissions: true,
    inbox: true,
    audit: true,
    consents: true,
  },
  build: ({ db, adapters, log }, { accountsErasure, ...steps }: ErasureNeeds) => ({
    privacyErasure: new PrivacyErasureService({
      repository: new ErasureRepository(db),
      accounts: accountsErasure,
      steps: { ...steps, accounts: accountsErasure },
      clock: adapters.clock,
      log,
    }),
  }),
  register: (app, { privacyErasure: service }) => erasureRoutes(app, { service }),
});

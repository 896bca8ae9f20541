import { shopModule } from '../../module-definition.ts';
import type { ErasureSubject } from '../../lib/personal-rows.ts';
import type { AccountsErasure } from '../accounts/accounts-erasure-service.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { ErasureSteps } from './erasure-steps.ts';
import type { AddressesService } from '../addresses/addresses-service.ts';
import type { AdmissionsService } from '../admissions/admissions-service.ts';
import type { ContactService } from '../contact/contact-service.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import type { QuotesService } from '../quotes/quotes-service.ts';
import { ErasureRepository } from './erasure-repository.ts';
import { erasureRoutes } from './erasure-routes.ts';
import { PrivacyErasureService } from './erasure-service.ts';

type ErasureNeeds = Omit<
  ErasureSteps,
  'accounts' | 'reads' | 'addresses' | 'quotes' | 'contact' | 'orders' | 'admissions'
> & {
  accountsErasure: AccountsErasure;
  accounts: Pick<AccountsService, 'personalRowsOf'>;
  addresses: ErasureSteps['addresses'] & Readers['addresses'];
  quotes: ErasureSteps['quotes'] & Readers['quotes'];
  contact: ErasureSteps['contact'] & Readers['contact'];
  orders: ErasureSteps['orders'] & Readers['orders'];
  admissions: ErasureSteps['admissions'] & Readers['admissions'];
};

/** The export's readers of a person's rows (what the audit log's copies are redacted of). */
interface Readers {
  addresses: Pick<AddressesService, 'personalRowsOf'>;
  quotes: Pick<QuotesService, 'personalRowsOf'>;
  contact: Pick<ContactService, 'personalRowsOf'>;
  orders: Pick<OrdersService, 'personalRowsOf'>;
  admissions: Pick<AdmissionsService, 'personalRowsOf'>;
}

/** The person's rows as the export reads them, in one list. */
const readsOf = (n: ErasureNeeds) => async (s: ErasureSubject) =>
  (
    await Promise.all([
      n.accounts.personalRowsOf(s.userId),
      n.addresses.personalRowsOf(s.userId),
      n.quotes.personalRowsOf(s.userId),
      n.contact.personalRowsOf(s.storeId, s.userId, s.email),
      n.orders.personalRowsOf(s.userId),
      n.admissions.personalRowsOf(s.userId),
    ])
  ).flat();

/**
 * The shopper's erasure (issue 61 item 3): POST and GET /api/privacy/erasure, and the
 * `privacyErasure` service whose `completeWaiting(now)` the daily retention job runs and whose
 * `eraseAccount` erases inactive accounts. Each owning module erases its own rows.
 */
export const privacyErasure = shopModule({
  name: 'privacyErasure',
  provides: { privacyErasure: true },
  needs: {
    accounts: true,
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
  build: ({ db, adapters, log }, needs: ErasureNeeds) => ({
    privacyErasure: new PrivacyErasureService({
      repository: new ErasureRepository(db),
      accounts: needs.accountsErasure,
      steps: { ...needs, reads: readsOf(needs), accounts: needs.accountsErasure },
      clock: adapters.clock,
      log,
    }),
  }),
  register: (app, { privacyErasure: service }) => erasureRoutes(app, { service }),
});

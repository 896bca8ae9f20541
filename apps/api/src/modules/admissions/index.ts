import { secretBox } from '../../adapters/secret-box.ts';
import { shopModule } from '../../module-definition.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { ContactService } from '../contact/contact-service.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import type { PlacingService } from '../orders/placing-service.ts';
import type { PaymentsService } from '../payments/index.ts';
import type { ProductsService } from '../products/products-service.ts';
import { AadhaarRevealsRetention } from './aadhaar-reveals-retention-service.ts';
import { AdmissionsRepository } from './admissions-repository.ts';
import { admissionsRoutes } from './admissions-routes.ts';
import { AdmissionsService } from './admissions-service.ts';
import { CourseDetailsRepository } from './course-details-repository.ts';
import { courseDetailsRoutes } from './course-details-routes.ts';
import { CourseDetailsService } from './course-details-service.ts';

interface AdmissionsNeeds {
  placing: PlacingService;
  contact: ContactService;
  orders: OrdersService;
  payments: PaymentsService;
  products: ProductsService;
  audit: AuditService;
  accounts: AccountsService;
}

/**
 * The admissions module: the academy's admission form and paying for courses with it (the
 * orders service places and confirms those orders; its webhook confirms them too).
 */
export const admissions = shopModule({
  name: 'admissions',
  provides: { admissions: true, courseDetails: true, aadhaarRevealsRetention: true },
  needs: {
    placing: true,
    contact: true,
    orders: true,
    payments: true,
    products: true,
    audit: true,
    accounts: true,
  },
  build: (
    { db, key, adapters, limiter, config, log },
    { placing, contact, products, audit, accounts }: AdmissionsNeeds,
  ) => ({
    admissions: new AdmissionsService({
      repository: new AdmissionsRepository(db),
      box: secretBox(key('admission-aadhaar-v1')),
      hashKey: key('admission-aadhaar-hash-v1'),
      placing,
      contact,
      storeName: async (storeId) => (await accounts.requireStore(storeId)).name,
      email: adapters.email,
      clock: adapters.clock,
      limiter,
      publicUrl: config.PUBLIC_URL,
      log,
    }),
    courseDetails: new CourseDetailsService({
      repository: new CourseDetailsRepository(db),
      products,
      audit,
    }),
    /** Its part of the daily retention job: reveals past a year (issue 61 item 5). */
    aadhaarRevealsRetention: new AadhaarRevealsRetention(db),
  }),
  register: (app, { admissions: service, courseDetails, orders, payments }) => {
    admissionsRoutes(app, { service, orders, payments });
    courseDetailsRoutes(app, { service: courseDetails });
  },
});

import { secretBox } from '../../adapters/secret-box.ts';
import { shopModule } from '../../module-definition.ts';
import type { ContactService } from '../contact/contact-service.ts';
import type { OrdersService } from '../orders/orders-service.ts';
import type { PlacingService } from '../orders/placing-service.ts';
import type { PaymentsService } from '../payments/index.ts';
import { AdmissionsRepository } from './admissions-repository.ts';
import { admissionsRoutes } from './admissions-routes.ts';
import { AdmissionsService } from './admissions-service.ts';

interface AdmissionsNeeds {
  placing: PlacingService;
  contact: ContactService;
  orders: OrdersService;
  payments: PaymentsService;
}

/**
 * The admissions module: the academy's admission form and paying for courses with it (the
 * orders service places and confirms those orders; its webhook confirms them too).
 */
export const admissions = shopModule({
  name: 'admissions',
  provides: { admissions: true },
  needs: { placing: true, contact: true, orders: true, payments: true },
  build: ({ db, key }, { placing, contact }: AdmissionsNeeds) => ({
    admissions: new AdmissionsService({
      repository: new AdmissionsRepository(db),
      box: secretBox(key('admission-aadhaar-v1')),
      hashKey: key('admission-aadhaar-hash-v1'),
      placing,
      contact,
    }),
  }),
  register: (app, { admissions: service, orders, payments }) =>
    admissionsRoutes(app, { service, orders, payments }),
});

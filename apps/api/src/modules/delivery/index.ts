import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { DeliveryRepository } from './delivery-repository.ts';
import { deliveryRoutes } from './delivery-routes.ts';
import { DeliveryService } from './delivery-service.ts';

export * from './delivery-reads.ts';

/** The admin delivery module: bands, free-delivery bands and pincodes (owner only). */
export const delivery = shopModule({
  name: 'delivery',
  provides: { delivery: true },
  needs: { audit: true },
  build: ({ db }, { audit }: { audit: AuditService }) => ({
    delivery: new DeliveryService(new DeliveryRepository(db), audit),
  }),
  register: (app, { delivery: service }) => deliveryRoutes(app, { service }),
});

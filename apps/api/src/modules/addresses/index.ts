import { shopModule } from '../../module-definition.ts';
import { AddressesRepository } from './addresses-repository.ts';
import { addressesRoutes } from './addresses-routes.ts';
import { AddressesService } from './addresses-service.ts';

/** The addresses module: a customer's delivery and billing addresses. */
export const addresses = shopModule({
  name: 'addresses',
  provides: { addresses: true },
  needs: {},
  build: ({ db, adapters }) => ({
    addresses: new AddressesService(new AddressesRepository(db), adapters.geocoder),
  }),
  register: (app, { addresses: service }) => addressesRoutes(app, { service }),
});

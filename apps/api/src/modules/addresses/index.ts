import type { FastifyPluginCallback } from 'fastify';
import { addressesRoutes } from './addresses-routes.ts';
import type { AddressesService } from './addresses-service.ts';

/** The addresses module: a customer's delivery and billing addresses. */
export const addresses: FastifyPluginCallback<{ service: AddressesService }> = (app, o, done) => {
  addressesRoutes(app, o);
  done();
};

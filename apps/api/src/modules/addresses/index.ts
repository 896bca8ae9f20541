import type { FastifyPluginAsync } from 'fastify';
import { addressesRoutes } from './addresses-routes.ts';
import type { AddressesService } from './addresses-service.ts';

/** The addresses module: a customer's delivery and billing addresses. */
export const addresses: FastifyPluginAsync<{ service: AddressesService }> = async (app, o) => {
  addressesRoutes(app, o);
};

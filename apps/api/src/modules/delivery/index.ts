import type { FastifyPluginCallback } from 'fastify';
import { deliveryRoutes, type DeliveryRoutesOptions } from './delivery-routes.ts';

export * from './delivery-reads.ts';

/** The admin delivery module: bands, free-delivery bands and pincodes (owner only). */
export const delivery: FastifyPluginCallback<DeliveryRoutesOptions> = (app, o, done) => {
  deliveryRoutes(app, o);
  done();
};

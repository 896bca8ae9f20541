import type { FastifyPluginCallback } from 'fastify';
import { storeSettingsRoutes } from './store-settings-routes.ts';
import type { PaymentKeysService } from './payment-keys-service.ts';
import type { StoreSettingsService } from './store-settings-service.ts';

export * from './store-reads.ts';

/** The store's settings under /api/admin/settings (owner only). */
export const storeSettings: FastifyPluginCallback<{
  service: StoreSettingsService;
  paymentKeys: PaymentKeysService;
}> = (app, o, done) => {
  storeSettingsRoutes(app, o);
  done();
};

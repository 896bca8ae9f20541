import { indiaPincodeDirectory } from '../../adapters/pincode-directory.ts';
import { shopModule } from '../../module-definition.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { SessionsService } from '../accounts/sessions-service.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { ImagesService } from '../media/images-service.ts';
import type { MediaService } from '../media/media-service.ts';
import type { StoreGateways } from '../payments/index.ts';
import { PaymentKeysService } from './payment-keys-service.ts';
import { RetentionSettingsRepository } from './retention-settings-repository.ts';
import { retentionSettingsRoutes } from './retention-settings-routes.ts';
import { RetentionSettingsService } from './retention-settings-service.ts';
import { StoreSettingsRepository } from './store-settings-repository.ts';
import { storeSettingsRoutes } from './store-settings-routes.ts';
import { StoreSettingsService } from './store-settings-service.ts';

export * from './store-reads.ts';

/** The store's settings under /api/admin/settings (owner only), its payment keys included. */
export const storeSettings = shopModule({
  name: 'store-settings',
  provides: { storeSettings: true, paymentKeys: true, retentionSettings: true },
  needs: { accounts: true, audit: true, gateways: true, images: true, media: true, sessions: true },
  build(
    { db, config, gatewaySecrets, adapters },
    {
      accounts,
      audit,
      gateways,
      media,
      sessions,
    }: {
      accounts: AccountsService;
      audit: AuditService;
      gateways: StoreGateways;
      /** The upload limits of the UPI QR route (its `register`). */
      images: ImagesService;
      media: MediaService;
      sessions: SessionsService;
    },
  ) {
    const repository = new StoreSettingsRepository(db);
    return {
      storeSettings: new StoreSettingsService(
        repository,
        audit,
        indiaPincodeDirectory,
        sessions,
        {
          // A mail server reaches inboxes; the outbox folder does in the demo only, whose codes are
          // read from DATA_DIR/outbox (a real shop's owner would be locked out).
          emailReady: () => adapters.email.reachesInbox !== false || config.SEED_DEMO,
          sendTestCode: (caller, ip) => accounts.sendSecondFactorTest(caller, ip),
          useTestCode: (caller, challenge, code, ip) =>
            accounts.useSecondFactorTest(caller, challenge, code, ip),
        },
        media,
      ),
      paymentKeys: new PaymentKeysService({
        repo: repository,
        audit,
        box: gatewaySecrets,
        gateways,
        webhookUrl: `${config.PUBLIC_URL}/api/payment/webhook`,
      }),
      retentionSettings: new RetentionSettingsService(new RetentionSettingsRepository(db), audit),
    };
  },
  register(app, { storeSettings: service, paymentKeys, images, retentionSettings }) {
    storeSettingsRoutes(app, { service, paymentKeys, images });
    retentionSettingsRoutes(app, retentionSettings);
  },
});

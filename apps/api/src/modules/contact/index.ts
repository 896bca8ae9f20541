import { PublicFormGuard } from '../../lib/public-form-guard.ts';
import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { ContactRepository } from './contact-repository.ts';
import { ContactRetention } from './contact-retention-service.ts';
import { contactRoutes } from './contact-routes.ts';
import { ContactService } from './contact-service.ts';
import { ShopNoticeOutbox } from './shop-notices.ts';
import { unsentShopNoticesRoutes } from './unsent-shop-notices-routes.ts';
import { UnsentShopNoticesService } from './unsent-shop-notices-service.ts';

/**
 * The contact module: the public contact (lead) and enquiry forms, the guard of every public
 * form (limits, honeypot), and the shop's notices of their messages (admissions' too), owed in
 * `shop_notices` and sent by every process; those the email server refused, on the dashboard and
 * sent again at the shop's word (`unsentShopNotices`).
 */
export const contact = shopModule({
  name: 'contact',
  provides: {
    publicForms: true,
    contact: true,
    shopNotices: true,
    unsentShopNotices: true,
    contactRetention: true,
  },
  needs: { audit: true },
  build({ db, config, adapters, limiter, afterAnswer, log }, { audit }: { audit: AuditService }) {
    /** Limits and honeypot of every public form (contact, enquiry, admission). */
    const publicForms = new PublicFormGuard({
      limiter,
      limits: {
        perIp: config.PUBLIC_FORM_LIMIT_PER_IP,
        perEmail: config.PUBLIC_FORM_LIMIT_PER_EMAIL,
      },
      log,
    });
    const shopNotices = new ShopNoticeOutbox({ db, email: adapters.email, afterAnswer, log });
    return {
      publicForms,
      shopNotices,
      unsentShopNotices: new UnsentShopNoticesService({ outbox: shopNotices, audit }),
      contact: new ContactService(new ContactRepository(db), publicForms, shopNotices),
      /** Its part of the daily retention job: messages past the store's period (issue 61 item 5). */
      contactRetention: new ContactRetention(db),
    };
  },
  register(app, { contact: service, shopNotices, unsentShopNotices }) {
    // Every process sends the owed notices (what an earlier process left, then each poll); on
    // close the batch being sent finishes, before the app closes the SMTP pool.
    app.addHook('onReady', (hookDone) => {
      shopNotices.start();
      hookDone();
    });
    app.addHook('onClose', async () => shopNotices.close());
    // A form that names no store (the spec's enquiry sends no main_id) is the request's store's.
    contactRoutes(app, { service, defaultStoreOf: (request) => app.storeOf(request) });
    unsentShopNoticesRoutes(app, unsentShopNotices);
  },
});

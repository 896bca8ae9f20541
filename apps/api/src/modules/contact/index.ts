import { PublicFormGuard } from '../../lib/public-form-guard.ts';
import { shopModule } from '../../module-definition.ts';
import { ContactRepository } from './contact-repository.ts';
import { contactRoutes } from './contact-routes.ts';
import { ContactService } from './contact-service.ts';

/**
 * The contact module: the public contact (lead) and enquiry forms, and the guard of every
 * public form (limits, honeypot, the shop's notices; admissions' too).
 */
export const contact = shopModule({
  name: 'contact',
  provides: { publicForms: true, contact: true },
  needs: {},
  build({ db, config, adapters, limiter, afterAnswer, log }) {
    /** Limits, honeypot and shop notices of every public form (contact, enquiry, admission). */
    const publicForms = new PublicFormGuard({
      limiter,
      limits: {
        perIp: config.PUBLIC_FORM_LIMIT_PER_IP,
        perEmail: config.PUBLIC_FORM_LIMIT_PER_EMAIL,
      },
      email: adapters.email,
      afterAnswer,
      log,
    });
    return { publicForms, contact: new ContactService(new ContactRepository(db), publicForms) };
  },
  register: (app, { contact: service }, { config }) =>
    // A form that names no store (the spec's enquiry sends no main_id) is the default store's.
    contactRoutes(app, { service, defaultStoreId: config.STORE_ID }),
});

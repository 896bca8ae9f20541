import type { FastifyPluginCallback } from 'fastify';
import { contactRoutes } from './contact-routes.ts';
import type { ContactService } from './contact-service.ts';

/** The contact module: the public contact (lead) and enquiry forms. */
export const contact: FastifyPluginCallback<{
  service: ContactService;
  /** The store of a form that names none (the spec's enquiry sends no main_id). */
  defaultStoreId: string;
}> = (app, o, done) => {
  contactRoutes(app, o);
  done();
};

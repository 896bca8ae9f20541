import type { FastifyPluginCallback } from 'fastify';
import { invoicesRoutes } from './invoices-routes.ts';
import type { InvoicesService } from './invoices-service.ts';

/**
 * The invoices module: GST tax invoices and credit notes of orders (numbering, the document as
 * data and as a PDF). Issuing is called by other services inside their transactions.
 */
export const invoices: FastifyPluginCallback<{ service: InvoicesService }> = (app, o, done) => {
  invoicesRoutes(app, o);
  done();
};

import { shopModule } from '../../module-definition.ts';
import { InvoicesRepository } from './invoices-repository.ts';
import { invoicesRoutes } from './invoices-routes.ts';
import { InvoicesService } from './invoices-service.ts';

/**
 * The invoices module: GST tax invoices and credit notes of orders (numbering, the document as
 * data and as a PDF). Issuing is called by other services inside their transactions, and on
 * `orderMoved`, inside the move's transaction: the tax invoice is numbered when an order is
 * first shipped, a credit note issued when an invoiced order is cancelled (`afterMove`).
 */
export const invoices = shopModule({
  name: 'invoices',
  provides: { invoices: true },
  needs: {},
  build: ({ db }) => ({
    /** GST tax invoices and credit notes (issued by orders and fulfilment in their transactions). */
    invoices: new InvoicesService(new InvoicesRepository(db)),
  }),
  register: (app, { invoices: service }) => invoicesRoutes(app, { service }),
  on: {
    orderMoved: ({ invoices }, tx, moved) => invoices.afterMove(tx, moved),
  },
});

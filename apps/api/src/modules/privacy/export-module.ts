import { shopModule } from '../../module-definition.ts';
import type { ExportSources } from './export-service.ts';
import { ExportRepository } from './export-repository.ts';
import { exportRoutes } from './export-routes.ts';
import { PrivacyExportService } from './export-service.ts';

/**
 * The shopper's data export (issue 61 item 3): GET /api/privacy/export, gathered through each
 * owning module's service and shown as the personal-data map says.
 */
export const privacyExport = shopModule({
  name: 'privacyExport',
  provides: { privacyExport: true },
  needs: {
    accounts: true,
    addresses: true,
    cart: true,
    quotes: true,
    contact: true,
    orders: true,
    invoices: true,
    admissions: true,
  },
  build: ({ db }, sources: ExportSources) => ({
    privacyExport: new PrivacyExportService(sources, new ExportRepository(db)),
  }),
  register: (app, { privacyExport: service }) => exportRoutes(app, { service }),
});

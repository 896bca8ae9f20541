import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { UnsentShopNoticesService } from '../contact/unsent-shop-notices-service.ts';
import type { InboxService } from '../inbox/inbox-service.ts';
import type { OrderFiguresService } from '../orders/order-figures-service.ts';
import type { UnsentOrderEmailsService } from '../orders/unsent-order-emails-service.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { DashboardService } from './dashboard-service.ts';

interface DashboardNeeds {
  orderFigures: OrderFiguresService;
  catalogue: CatalogueService;
  inbox: InboxService;
  audit: AuditService;
  unsentOrderEmails: UnsentOrderEmailsService;
  unsentShopNotices: UnsentShopNoticesService;
}

/** The admin dashboard under /api/admin/dashboard (decision 0016). */
export const dashboard = shopModule({
  name: 'dashboard',
  provides: { dashboard: true },
  needs: {
    orderFigures: true,
    catalogue: true,
    inbox: true,
    audit: true,
    unsentOrderEmails: true,
    unsentShopNotices: true,
  },
  build: (
    { adapters, config },
    { orderFigures, catalogue, inbox, audit, unsentOrderEmails, unsentShopNotices }: DashboardNeeds,
  ) => ({
    /** The admin dashboard's figures. */
    dashboard: new DashboardService({
      figures: orderFigures,
      catalogue,
      inbox,
      audit,
      unsentOrderEmails,
      unsentShopNotices,
      emailDelivery: config.SMTP_URL ? 'smtp' : 'outbox_folder',
      clock: adapters.clock,
    }),
  }),
  register: (app, { dashboard: service }) => dashboardRoutes(app, { service }),
});

import { shopModule } from '../../module-definition.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { UnsentShopNoticesService } from '../contact/unsent-shop-notices-service.ts';
import type { ContentService } from '../content/content-service.ts';
import type { DeliveryService } from '../delivery/delivery-service.ts';
import type { InboxService } from '../inbox/inbox-service.ts';
import type { OrderFiguresService } from '../orders/order-figures-service.ts';
import type { UnsentOrderEmailsService } from '../orders/unsent-order-emails-service.ts';
import type { StoreGateways } from '../payments/index.ts';
import type { ProductsService } from '../products/products-service.ts';
import type { StoreSettingsService } from '../store-settings/store-settings-service.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { DashboardService } from './dashboard-service.ts';

interface DashboardNeeds {
  orderFigures: OrderFiguresService;
  catalogue: CatalogueService;
  inbox: InboxService;
  audit: AuditService;
  unsentOrderEmails: UnsentOrderEmailsService;
  unsentShopNotices: UnsentShopNoticesService;
  storeSettings: StoreSettingsService;
  products: ProductsService;
  delivery: DeliveryService;
  content: ContentService;
  gateways: StoreGateways;
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
    storeSettings: true,
    products: true,
    delivery: true,
    content: true,
    gateways: true,
  },
  build: ({ adapters, config }, needs: DashboardNeeds) => ({
    /** The admin dashboard's figures. */
    dashboard: new DashboardService({
      ...needs,
      figures: needs.orderFigures,
      emailDelivery: config.SMTP_URL ? 'smtp' : 'outbox_folder',
      clock: adapters.clock,
    }),
  }),
  register: (app, { dashboard: service }) => dashboardRoutes(app, { service }),
});

import type { Dashboard } from '@shop/contracts';
import {
  manualPayStateOf,
  offeredPayButtons,
  paiseToRupees,
  saleBlockers,
  type PayButtonId,
} from '@shop/domain';
import type { Clock } from '../../lib/clock.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
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

export interface DashboardServiceDeps {
  figures: OrderFiguresService;
  catalogue: Pick<CatalogueService, 'lowStock'>;
  inbox: Pick<InboxService, 'countNew'>;
  audit: Pick<AuditService, 'list'>;
  unsentOrderEmails: Pick<UnsentOrderEmailsService, 'of'>;
  unsentShopNotices: Pick<UnsentShopNoticesService, 'of'>;
  /** What the sale checklist reads: settings, products, delivery bands, pages, gateway keys. */
  storeSettings: Pick<StoreSettingsService, 'saleSetup'>;
  products: Pick<ProductsService, 'list'>;
  delivery: Pick<DeliveryService, 'bands'>;
  content: Pick<ContentService, 'list'>;
  gateways: Pick<StoreGateways, 'onlinePayments'>;
  /** Whether emails leave the machine (SMTP_URL set) or are written to the outbox folder. */
  emailDelivery: Dashboard['email_delivery'];
  clock: Clock;
}

const RECENT = 10;

/**
 * The admin dashboard, composed from the other modules' services: orders' figures (IST day and
 * month, computed in SQL), low stock, new inbox items, order emails and notices of the forms'
 * messages the email server refused, whether emails leave the machine at all, and recent
 * activity: the owner sees the last 10 audit entries, staff (who may not read the audit log) get
 * null there; both get the latest orders (decision 0016).
 */
export class DashboardService {
  constructor(private readonly dashboardDeps: DashboardServiceDeps) {}

  async of(caller: SignedInUser): Promise<Dashboard> {
    const storeId = caller.storeId;
    const [f, low, newItems, activity, recent, unsentEmails, unsentNotices, checklist] =
      await Promise.all([
        this.dashboardDeps.figures.figures(storeId, this.dashboardDeps.clock()),
        this.dashboardDeps.catalogue.lowStock(storeId),
        this.dashboardDeps.inbox.countNew(storeId),
        caller.role === 'owner' ? this.dashboardDeps.audit.list(storeId, { limit: RECENT }) : null,
        this.dashboardDeps.figures.recent(storeId, RECENT),
        this.dashboardDeps.unsentOrderEmails.of(storeId),
        this.dashboardDeps.unsentShopNotices.of(storeId),
        this.saleChecklist(storeId),
      ]);
    return {
      today: { paid_orders: f.todayOrders, revenue: paiseToRupees(f.todayPaise) },
      month: { paid_orders: f.monthOrders, revenue: paiseToRupees(f.monthPaise) },
      to_pack: f.toPack,
      to_ship: f.toShip,
      low_stock_threshold: low.threshold,
      low_stock: low.rows.map((p) => ({
        product_id: p.productId,
        sku: p.sku,
        title: p.title,
        stock: p.stock,
      })),
      new_inbox_items: newItems,
      recent_activity:
        activity?.map((a) => ({
          action: a.action,
          entity: a.entity,
          entity_id: a.entityId,
          actor_email: a.actorEmail,
          at: a.at.toISOString(),
        })) ?? null,
      recent_orders: recent.map((o) => ({
        order_id: o.id,
        receipt_id: o.receiptId,
        order_number: o.orderNumber,
        user_name: o.userName,
        total: paiseToRupees(o.totalAmountPaise),
        orderStatus: o.orderStatus,
        paymentStatus: o.paymentStatus,
        payment_to_confirm: manualPayStateOf(o) === 'awaiting-confirmation',
        created_at: o.createdAt.toISOString(),
      })),
      unsent_order_emails: unsentEmails,
      unsent_shop_notices: unsentNotices,
      sale_checklist: checklist,
      email_delivery: this.dashboardDeps.emailDelivery,
    };
  }

  /**
   * What stops the store's sale (the domain's `saleBlockers`, from each module's service) and
   * what shoppers can pay with: the pay modes switched on that checkout offers without an
   * admission (`offeredPayButtons`: Pay now and an advance need gateway keys).
   */
  private async saleChecklist(storeId: string): Promise<Dashboard['sale_checklist']> {
    const d = this.dashboardDeps;
    const activeProducts = (status: 'Active', stock?: 'out') =>
      d.products
        .list(storeId, { status, stock, sort: 'updated', order: 'desc', page: 1, limit: 1 })
        .then((r) => r.total);
    const [setup, active, outOfStock, bands, pages, onlinePayments] = await Promise.all([
      d.storeSettings.saleSetup(storeId),
      activeProducts('Active'),
      activeProducts('Active', 'out'),
      d.delivery.bands(storeId),
      d.content.list(storeId),
      d.gateways.onlinePayments(storeId),
    ]);
    const offered = offeredPayButtons(
      setup.payModesOn.map((id) => ({ button_id: id })),
      { onlinePayments, advancePercent: setup.advancePercent, admission: false },
    ).map((b) => b.button_id);
    const found = saleBlockers({
      office: setup.office,
      activeProducts: active,
      activeProductsInStock: active - outOfStock,
      cartButtonsOn: setup.cartButtonsOn,
      activeDeliveryBands: bands.bands.filter((b) => b.status === 'Active').length,
      offeredPayModes: offered,
      pageSlugs: pages.map((p) => p.slug),
      grievanceOfficer: setup.grievanceOfficer,
    });
    return {
      blockers: found.blockers,
      missing_policy_pages: found.missingPolicyPages,
      pay_modes: {
        offered,
        need_keys: setup.payModesOn.filter((id: PayButtonId) => !offered.includes(id)),
        advance_percent: setup.advancePercent,
      },
    };
  }
}

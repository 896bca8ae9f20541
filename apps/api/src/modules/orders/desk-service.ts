import type {
  AdminOrder,
  AdminOrderFilters,
  AdminOrderSort,
  AdminOrderSummary,
} from '@shop/contracts';
import {
  formatPaymentTime,
  isAwaitingPayment,
  istDayRange,
  paiseToRupees,
  type OrderStatus,
  type PaymentMode,
  type PaymentStatus,
} from '@shop/domain';
import { toCsv } from '../../lib/csv.ts';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { NOT_ALLOWED } from '../../plugins/auth.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import type { DeskFilters, DeskRepository, DeskRow } from './desk-repository.ts';
import type { OrdersRepository } from './orders-repository.ts';
import { isRowFullyPaid } from './order-view.ts';
import { ORDER_NOT_FOUND, type OrdersService } from './orders-service.ts';
import { renderPackingSlipPdf } from './packing-slip-pdf.ts';
import type { UnsentOrderEmailsService } from './unsent-order-emails-service.ts';

export const BAD_DAY = (field: 'from' | 'to') => `${field} must be a real date like 2026-11-23`;
/** The most rows one CSV export carries (narrow the filters for more). */
export const EXPORT_MAX_ROWS = 10_000;

export interface DeskServiceDeps {
  repository: DeskRepository;
  orderRows: Pick<OrdersRepository, 'byId' | 'linesOf'>;
  orders: Pick<OrdersService, 'answerOrders' | 'contactOf' | 'orderNumbersOf'>;
  checkout: Pick<CheckoutService, 'settings'>;
  unsentEmails: Pick<UnsentOrderEmailsService, 'ofOrder'>;
}

/**
 * The orders desk's reads for a store's staff: the filtered, sorted, paged list, one order with
 * its customer, the CSV of a filtered list and the packing slip. Writes are the fulfilment
 * service's.
 */
export class DeskService {
  constructor(private readonly deskDeps: DeskServiceDeps) {}

  async list(
    storeId: string,
    q: AdminOrderFilters & { sort: AdminOrderSort; page: number; limit: number },
  ): Promise<{ data: AdminOrderSummary[]; total: number }> {
    const { rows, total } = await this.deskDeps.repository.page(
      storeId,
      filtersOf(q),
      q.sort,
      q.page,
      q.limit,
    );
    const numbers = await this.deskDeps.orders.orderNumbersOf(rows.map((r) => r.order));
    return { data: rows.map((r) => summaryOf(r, numbers.get(r.order.id)!)), total };
  }

  /** The CSV of every order the filters match (at most EXPORT_MAX_ROWS), newest first. */
  async exportCsv(
    storeId: string,
    q: AdminOrderFilters & { sort: AdminOrderSort },
  ): Promise<string> {
    const rows = await this.deskDeps.repository.all(storeId, filtersOf(q), q.sort, EXPORT_MAX_ROWS);
    const numbers = await this.deskDeps.orders.orderNumbersOf(rows.map((r) => r.order));
    const r = (paise: number) => paiseToRupees(paise).toFixed(2);
    return toCsv(
      [
        'Order number',
        'Receipt',
        'Placed (IST)',
        'Customer',
        'Mobile',
        'Email',
        'City',
        'Pincode',
        'Payment mode',
        'Payment status',
        'Order status',
        'Units',
        'Total (₹)',
        'Paid online (₹)',
        'Due on delivery (₹)',
        'Collected (₹)',
        'Fully paid',
        'Courier',
        'Tracking number',
      ],
      rows.map(({ order: o, email, units }) => [
        numbers.get(o.id)!,
        o.receiptId,
        formatPaymentTime(o.createdAt) ?? '',
        o.userName,
        o.mobile,
        email,
        o.shippingAddress.city,
        o.shippingAddress.pincode,
        o.paymentMode,
        o.paymentStatus,
        o.orderStatus,
        units,
        r(o.totalAmountPaise),
        r(o.amountToPayPaise),
        r(o.remainingAmountPaise),
        r(o.collectedPaise),
        isRowFullyPaid(o) ? 'yes' : 'no',
        o.courier,
        o.trackingNumber,
      ]),
    );
  }

  /** One order of the store with its customer's account (another store's: 403). */
  async one(storeId: string, orderId: string): Promise<AdminOrder> {
    const row = await this.ofStore(storeId, orderId);
    const [[order], contact, unsentEmails] = await Promise.all([
      this.deskDeps.orders.answerOrders([row]),
      this.deskDeps.orders.contactOf(row.userId),
      this.deskDeps.unsentEmails.ofOrder(row.id),
    ]);
    return {
      ...order!,
      customer: {
        user_id: row.userId,
        name: contact?.name ?? row.userName,
        email: contact?.email ?? '',
      },
      unsent_emails: unsentEmails,
    };
  }

  /** The packing slip PDF of one order of the store: items, quantities, ship-to; no prices. */
  async packingSlip(
    storeId: string,
    orderId: string,
  ): Promise<{ fileName: string; bytes: Buffer }> {
    const row = await this.ofStore(storeId, orderId);
    const [lines, settings] = await Promise.all([
      this.deskDeps.orderRows.linesOf([row.id]),
      this.deskDeps.checkout.settings(storeId),
    ]);
    const bytes = await renderPackingSlipPdf({
      shopName: settings.legalName,
      shopAddress: settings.officeAddress,
      receiptId: row.receiptId,
      placedAt: row.createdAt,
      paymentMode: row.paymentMode,
      collectOnDelivery:
        row.paymentMode === 'Pay on delivery' &&
        row.remainingAmountPaise > 0 &&
        row.collectedAt === null,
      shipTo: row.shippingAddress,
      customerName: row.userName,
      mobile: row.mobile,
      customerNote: row.customerNote,
      courier: row.courier,
      trackingNumber: row.trackingNumber,
      lines: (lines.get(row.id) ?? []).map((l) => ({
        name: l.name,
        sku: l.sku,
        attributes: l.variationAttributes,
        quantity: l.quantity,
      })),
    });
    const safeName = row.receiptId.replace(/[^\w-]/g, '_');
    return { fileName: `packing-slip-${safeName}.pdf`, bytes };
  }

  private async ofStore(storeId: string, orderId: string) {
    const row = await this.deskDeps.orderRows.byId(orderId);
    if (!row) throw new NotFound(ORDER_NOT_FOUND, 'order_id');
    if (row.storeId !== storeId) throw new Forbidden(NOT_ALLOWED);
    return row;
  }
}

/** The list's filters for the repository: India-time days as instants, checked. */
function filtersOf(q: AdminOrderFilters): DeskFilters {
  const range = istDayRange(q.from, q.to);
  if (!range) {
    const bad = q.from && !istDayRange(q.from, undefined) ? 'from' : 'to';
    throw new BadRequest(BAD_DAY(bad), bad);
  }
  // A range that ends before it starts matches nothing (an empty page, not an error).
  return {
    statuses: q.status,
    paymentMode: q.payment_mode,
    paid: q.paid,
    awaitingPayment: q.awaiting_payment,
    from: range.from,
    before: range.before,
    q: q.q || undefined,
  };
}

function summaryOf({ order: o, email, units }: DeskRow, orderNumber: string): AdminOrderSummary {
  return {
    order_id: o.id,
    receipt_id: o.receiptId,
    order_number: orderNumber,
    awaiting_payment: isAwaitingPayment({
      paymentMode: o.paymentMode as PaymentMode,
      orderStatus: o.orderStatus as OrderStatus,
      paymentStatus: o.paymentStatus as PaymentStatus,
      payNowPaise: o.amountToPayPaise,
    }),
    payment_not_received: o.paymentExpiredAt !== null,
    createdAt: o.createdAt.toISOString(),
    user_name: o.userName,
    mobile: o.mobile,
    email,
    payment_mode: o.paymentMode as AdminOrderSummary['payment_mode'],
    status: o.paymentStatus as AdminOrderSummary['status'],
    orderStatus: o.orderStatus as AdminOrderSummary['orderStatus'],
    totalAmountbeforePay: paiseToRupees(o.totalAmountPaise),
    remaining_amount: paiseToRupees(o.remainingAmountPaise),
    fully_paid: isRowFullyPaid(o),
    items: units,
    city: o.shippingAddress.city,
    version: o.version,
  };
}

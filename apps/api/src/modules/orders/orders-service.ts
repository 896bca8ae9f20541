import {
  type AdmissionPayment,
  type Order,
  MANUAL_UPI_MESSAGES,
  type UpiPayment,
} from '@shop/contracts';
import { formatOrderNumber, orderNumberPrefix, paiseToRupees } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/email-sender.ts';
import type { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { NOT_ALLOWED, type SignedInUser } from '../../plugins/auth.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import { manualUpiPayment, MANUAL_UPI } from './manual-upi.ts';
import { newOrderNoticeEmail, orderConfirmationEmail, upiToConfirmEmail } from './order-emails.ts';
import { ORDER_NOT_FOUND, type PaymentsService } from '../payments/index.ts';
import { toOrder } from './order-view.ts';
import {
  isUniqueViolation,
  type OrderLineRow,
  type OrderRow,
  type OrderFigures,
  type OrdersRepository,
} from './orders-repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { ORDER_NOT_FOUND };
/** How long a store's order-number prefix (from its name) is kept in memory. */
const PREFIX_TTL_MS = 60_000;

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  /** The refunds of orders, for their answers. */
  payments: Pick<PaymentsService, 'refundsOf'>;
  checkout: CheckoutService;
  cart: CartService;
  /** The tax documents of orders, for their answers. */
  invoices: Pick<InvoicesService, 'documentsOf'>;
  email: EmailSender;
  /** Where the order emails are sent from, after the answer. */
  afterAnswer: AfterAnswerTasks;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Reading orders (the customer's, the admission payments, the store's), their short numbers,
 * a confirmed order's cart cleared and emails sent, and the customer's side of a manual UPI
 * payment (how to pay, the UTR).
 */
export class OrdersService {
  constructor(private readonly ordersDeps: OrdersServiceDeps) {}

  private readonly prefixes = new Map<string, { prefix: string; at: number }>();

  /** The stores' order-number prefixes (from their names), kept PREFIX_TTL_MS in memory. */
  private async prefixesOf(storeIds: readonly string[]): Promise<Map<string, string>> {
    const now = Date.now();
    const out = new Map<string, string>();
    const missing: string[] = [];
    for (const id of new Set(storeIds)) {
      const hit = this.prefixes.get(id);
      if (hit && now - hit.at < PREFIX_TTL_MS) out.set(id, hit.prefix);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const names = await this.ordersDeps.repository.storeNames(missing);
      for (const id of missing) {
        const prefix = orderNumberPrefix(names.get(id) ?? '');
        this.prefixes.set(id, { prefix, at: now });
        out.set(id, prefix);
      }
    }
    return out;
  }

  /** An order's short number as people see it (`UR-10423`). */
  async orderNumberOf(order: Pick<OrderRow, 'storeId' | 'orderNumber'>): Promise<string> {
    const prefix = (await this.prefixesOf([order.storeId])).get(order.storeId)!;
    return formatOrderNumber(prefix, order.orderNumber);
  }

  /** Short numbers of many orders (one read for the stores not in memory). */
  async orderNumbersOf(
    rows: readonly Pick<OrderRow, 'id' | 'storeId' | 'orderNumber'>[],
  ): Promise<Map<string, string>> {
    const prefixes = await this.prefixesOf(rows.map((r) => r.storeId));
    return new Map(
      rows.map((r) => [r.id, formatOrderNumber(prefixes.get(r.storeId)!, r.orderNumber)]),
    );
  }

  /** How to pay a manual UPI order (QR, link, UPI ID). */
  async upiPaymentOf(row: OrderRow): Promise<UpiPayment> {
    const settings = await this.ordersDeps.checkout.settings(row.storeId);
    return manualUpiPayment(
      row,
      { upiId: settings.upiId, payeeName: settings.upiPayeeName },
      await this.orderNumberOf(row),
    );
  }

  // ------------------------------------------------------------------------------------------
  // Manual UPI (decision 0039)
  // ------------------------------------------------------------------------------------------

  /** GET /payment/order/{id}/upi: how to pay one of the caller's manual UPI orders. */
  async upiPayment(caller: SignedInUser, id: string): Promise<UpiPayment> {
    return this.upiPaymentOf(await this.ownUpiOrder(caller, id));
  }

  /**
   * POST /payment/order/{id}/utr: the UTR of the caller's UPI payment (12 digits, checked by the
   * contract), while the order is unpaid and not cancelled; a UTR entered for another order of
   * the store is refused (409). The shop's notice goes out after the answer.
   */
  async submitUtr(caller: SignedInUser, id: string, utr: string): Promise<UpiPayment> {
    const order = await this.ownUpiOrder(caller, id);
    let row: OrderRow | null;
    try {
      row = await this.ordersDeps.repository.setUtr(order.id, utr, this.ordersDeps.clock());
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(MANUAL_UPI_MESSAGES.utrUsed, 'utr');
      throw err;
    }
    if (!row) {
      const now = (await this.ordersDeps.repository.byId(order.id))!;
      throw new Conflict(
        now.orderStatus === 'Cancelled'
          ? MANUAL_UPI_MESSAGES.cancelled
          : MANUAL_UPI_MESSAGES.alreadyPaid,
        'order_id',
      );
    }
    const paid = row;
    this.ordersDeps.afterAnswer.run(() => this.sendUtrNotice(paid), 'UTR notice failed', {
      orderId: paid.id,
    });
    return this.upiPaymentOf(row);
  }

  private async ownUpiOrder(caller: SignedInUser, id: string): Promise<OrderRow> {
    const row = UUID.test(id) ? await this.ordersDeps.repository.byId(id) : null;
    if (!row || row.userId !== caller.id) throw new NotFound(ORDER_NOT_FOUND, 'id');
    if (row.paymentMode !== MANUAL_UPI) throw new BadRequest(MANUAL_UPI_MESSAGES.notUpiOrder, 'id');
    return row;
  }

  /** The shop's notice that a customer says they paid by UPI: check the bank, then confirm. */
  private async sendUtrNotice(order: OrderRow) {
    const settings = await this.ordersDeps.checkout.settings(order.storeId);
    if (!settings.notificationEmail) return;
    await this.ordersDeps.email.send(upiToConfirmEmail(settings.notificationEmail, order));
  }

  /**
   * Once per confirmed order: the cart is emptied before the answer; the emails go out after it
   * (`afterAnswer`: a failure is logged with the order id).
   */
  async afterConfirmed(order: OrderRow, lines?: readonly OrderLineRow[]) {
    // An admission order is a course bought on its own: the shop cart stays as it was. The
    // order is committed: a cart that could not be cleared is logged, never a failed answer
    // (the success page clears the cart again).
    if (!order.admissionId) {
      try {
        await this.ordersDeps.cart.clearAfterOrder(order.userId);
      } catch (err) {
        this.ordersDeps.log.error(
          { err, orderId: order.id },
          'clearing the cart after an order failed',
        );
      }
    }
    this.ordersDeps.afterAnswer.run(
      () => this.sendOrderEmails(order, lines),
      'order emails failed',
      {
        orderId: order.id,
      },
    );
  }

  /** The customer's confirmation and the shop's notice of a confirmed order. */
  private async sendOrderEmails(order: OrderRow, known?: readonly OrderLineRow[]) {
    const lines =
      known ?? (await this.ordersDeps.repository.linesOf([order.id])).get(order.id) ?? [];
    const settings = await this.ordersDeps.checkout.settings(order.storeId);
    const contact = await this.ordersDeps.repository.userContact(order.userId);
    const n = await this.orderNumberOf(order);
    const mails = [
      ...(contact
        ? [orderConfirmationEmail(contact.email, contact.name, settings.legalName, order, lines, n)]
        : []),
      ...(settings.notificationEmail
        ? [newOrderNoticeEmail(settings.notificationEmail, order, lines, n)]
        : []),
    ];
    for (const mail of mails) {
      try {
        await this.ordersDeps.email.send(mail);
      } catch (err) {
        this.ordersDeps.log.error({ err, orderId: order.id }, 'order email failed');
      }
    }
  }

  /** Who to write to about a user's orders (email and name). */
  contactOf(userId: string): Promise<{ email: string; name: string } | null> {
    return this.ordersDeps.repository.userContact(userId);
  }

  // ------------------------------------------------------------------------------------------
  // Reading
  // ------------------------------------------------------------------------------------------

  async list(caller: SignedInUser): Promise<Order[]> {
    return this.answerOrders(await this.ordersDeps.repository.listOfUser(caller.id));
  }

  /**
   * One of the caller's admission payments, by order id or receipt id (the admission result
   * pages carry the receipt id); another user's, or a shop order, is not found.
   */
  async admissionPayment(caller: SignedInUser, id: string): Promise<AdmissionPayment> {
    const row = UUID.test(id)
      ? await this.ordersDeps.repository.byId(id)
      : await this.ordersDeps.repository.byReceiptId(caller.storeId, id);
    if (!row || row.userId !== caller.id || !row.admissionId) {
      throw new NotFound(ORDER_NOT_FOUND, 'id');
    }
    const lines = (await this.ordersDeps.repository.linesOf([row.id])).get(row.id) ?? [];
    return {
      order_id: row.id,
      createdAt: row.createdAt.toISOString(),
      user_name: row.userName,
      payment_mode: row.paymentMode as AdmissionPayment['payment_mode'],
      amountafterdiscount: paiseToRupees(row.amountAfterDiscountPaise),
      remaining_amount: paiseToRupees(row.remainingAmountPaise),
      receipt_id: row.receiptId,
      order_number: await this.orderNumberOf(row),
      admission_id: row.admissionId,
      status: row.paymentStatus,
      advance: paiseToRupees(row.amountToPayPaise),
      totalAmountbeforePay: paiseToRupees(row.totalAmountPaise),
      razorpay_order_id: row.gatewayOrderId,
      courses: lines.map((l) => ({ product_name: l.name, quantity: l.quantity })),
    };
  }

  async one(caller: SignedInUser, id: string): Promise<Order> {
    const row = await this.ordersDeps.repository.byId(id);
    if (!row || row.userId !== caller.id) throw new NotFound(ORDER_NOT_FOUND, 'id');
    return (await this.answerOrders([row]))[0]!;
  }

  /** Order and payment counts for /api/metrics. */
  figures(): Promise<OrderFigures> {
    return this.ordersDeps.repository.figures();
  }

  /** One order of the store, for its staff (another store's staff: 403, as for moves). */
  async oneOfStore(storeId: string, id: string): Promise<Order> {
    const row = await this.ordersDeps.repository.byId(id);
    if (!row) throw new NotFound(ORDER_NOT_FOUND, 'order_id');
    if (row.storeId !== storeId) throw new Forbidden(NOT_ALLOWED);
    return (await this.answerOrders([row]))[0]!;
  }

  /**
   * Orders as the API answers them, with their lines, timelines, refunds and tax documents:
   * four queries for any number of orders, never one per order.
   */
  async answerOrders(rows: readonly OrderRow[]): Promise<Order[]> {
    const ids = rows.map((r) => r.id);
    const [lines, timelines, refunds, docs, numbers] = await Promise.all([
      this.ordersDeps.repository.linesOf(ids),
      this.ordersDeps.repository.timelinesOf(ids),
      this.ordersDeps.payments.refundsOf(ids),
      this.ordersDeps.invoices.documentsOf(ids),
      this.orderNumbersOf(rows),
    ]);
    return rows.map((r) =>
      toOrder(r, lines.get(r.id) ?? [], {
        orderNumber: numbers.get(r.id),
        timeline: timelines.get(r.id) ?? [],
        refunds: refunds.get(r.id) ?? [],
        docs: docs.get(r.id),
      }),
    );
  }
}

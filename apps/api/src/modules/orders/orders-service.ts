import {
  type AdmissionPayment,
  type Order,
  MANUAL_UPI_MESSAGES,
  type UpiPayment,
} from '@shop/contracts';
import { formatOrderNumber, isOrderFinished, orderNumberPrefix, paiseToRupees } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailMessage } from '../../adapters/email-sender.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { ErasedRows, ErasureSubject, PersonalRows } from '../../lib/personal-rows.ts';
import { NOT_ALLOWED, type SignedInUser } from '../../plugins/auth.ts';
import type { RateLimiter } from '../../plugins/rate-limiter.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import { manualUpiPayment, MANUAL_UPI } from './manual-upi.ts';
import {
  newOrderNoticeEmail,
  orderConfirmationEmail,
  orderStatusEmail,
  upiToConfirmEmail,
} from './order-emails.ts';
import { statusDetailsOf, type OrderEmailRow } from './order-email-outbox.ts';
import { ORDER_NOT_FOUND, type PaymentsService } from '../payments/index.ts';
import { toOrder } from './order-view.ts';
import type { OrdersErasureRepository } from './orders-erasure-repository.ts';
import {
  isUniqueViolation,
  UtrTaken,
  type OrderRow,
  type OrderFigures,
  type OrdersRepository,
} from './orders-repository.ts';

/** The UTR a UPI notice was owed for (rows owed before it was kept: the order's own). */
const utrOf = (row: OrderEmailRow) =>
  row.details && 'utr' in row.details ? row.details.utr : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { ORDER_NOT_FOUND };
/**
 * UTR entries: a customer correcting a typo needs a few; more is a flood of the shop's inbox
 * (each new UTR emails the shop) or a search for another payment's UTR.
 */
const UTR_TRIES_PER_ORDER = 5;
const UTR_TRIES_PER_ACCOUNT = 10;
const UTR_WINDOW_MS = 60 * 60_000;
/** How long a store's order-number prefix (from its name) is kept in memory. */
const PREFIX_TTL_MS = 60_000;

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  /** A shopper's erasure of their orders (issue 61 item 3). */
  erasure: OrdersErasureRepository;
  /** The refunds of orders, for their answers. */
  payments: Pick<PaymentsService, 'refundsOf'>;
  checkout: CheckoutService;
  cart: CartService;
  /** The tax documents of orders, for their answers. */
  invoices: Pick<InvoicesService, 'documentsOf'>;
  /** Sends the order emails just owed, after the answer (OrderEmailOutbox.wake). */
  emailsOwed: () => void;
  /** Counts the UTRs a customer enters (per order and per account). */
  limiter: Pick<RateLimiter, 'hit'>;
  /** How long a UPI order holds its stock once its UTR is entered (MANUAL_PAY_HOLD_HOURS). */
  manualPayHoldHours: number;
  /** A store's public origin, for the links in its emails (PUBLIC_URL or its STORE_HOSTS host). */
  publicUrlOf: (storeId: string) => string;
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
      { upiId: settings.upiId, payeeName: settings.upiPayeeName, qrImage: settings.upiQrImage },
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
    await this.ordersDeps.limiter.hit(
      [
        { key: `utr:order:${order.id}`, max: UTR_TRIES_PER_ORDER, windowMs: UTR_WINDOW_MS },
        { key: `utr:user:${caller.id}`, max: UTR_TRIES_PER_ACCOUNT, windowMs: UTR_WINDOW_MS },
      ],
      MANUAL_UPI_MESSAGES.utrTooMany,
    );
    const now = this.ordersDeps.clock();
    const holdUntil = new Date(now.getTime() + this.ordersDeps.manualPayHoldHours * 3_600_000);
    let set: Awaited<ReturnType<OrdersRepository['setUtr']>>;
    try {
      set = await this.ordersDeps.repository.setUtr(order.id, utr, now, holdUntil);
    } catch (err) {
      if (err instanceof UtrTaken || isUniqueViolation(err)) {
        throw new Conflict(MANUAL_UPI_MESSAGES.utrUsed, 'utr');
      }
      throw err;
    }
    if (!set) {
      const now = (await this.ordersDeps.repository.byId(order.id))!;
      throw new Conflict(
        now.orderStatus === 'Cancelled'
          ? MANUAL_UPI_MESSAGES.cancelled
          : MANUAL_UPI_MESSAGES.alreadyPaid,
        'order_id',
      );
    }
    if (set.changed) this.ordersDeps.emailsOwed();
    return this.upiPaymentOf(set.row);
  }

  private async ownUpiOrder(caller: SignedInUser, id: string): Promise<OrderRow> {
    const row = UUID.test(id) ? await this.ordersDeps.repository.byId(id) : null;
    if (!row || row.userId !== caller.id) throw new NotFound(ORDER_NOT_FOUND, 'id');
    if (row.paymentMode !== MANUAL_UPI) throw new BadRequest(MANUAL_UPI_MESSAGES.notUpiOrder, 'id');
    return row;
  }

  /**
   * Once per confirmed order: the cart is emptied before the answer (but for a UPI order, whose
   * cart was emptied as it was placed: the shop's confirmation, maybe hours later, must not take
   * what the shopper has added since); the emails, owed since the confirmation's commit
   * (order_emails), go out after it.
   */
  async afterConfirmed(order: OrderRow) {
    const clearedAtPlacing = order.paymentMode === MANUAL_UPI && order.amountToPayPaise > 0;
    if (!clearedAtPlacing) await this.clearCartAfter(order);
    this.ordersDeps.emailsOwed();
  }

  /**
   * The buyer's cart once they are done with it (issue 59 item 1): a shop order empties it; an
   * admission order (a course bought on its own) takes out only its own lines. The order is
   * committed: a cart that could not be cleared is logged, never a failed answer (the success
   * page clears the cart again).
   */
  async clearCartAfter(order: Pick<OrderRow, 'id' | 'userId' | 'admissionId'>) {
    try {
      if (order.admissionId) {
        const lines = (await this.ordersDeps.repository.linesOf([order.id])).get(order.id) ?? [];
        await this.ordersDeps.cart.clearAfterOrder(order.userId, {
          skus: lines.map((l) => l.sku),
        });
      } else {
        await this.ordersDeps.cart.clearAfterOrder(order.userId);
      }
    } catch (err) {
      this.ordersDeps.log.error(
        { err, orderId: order.id },
        'clearing the cart after an order failed',
      );
    }
  }

  /**
   * The messages of owed order emails (OrderEmailOutbox), made from their orders as they are
   * now: the customer's confirmation, the shop's notice of a new order or of a UPI payment to
   * check, the customer's news of a move. Null where there is nobody to write to.
   */
  async composeOrderEmails(rows: readonly OrderEmailRow[]): Promise<(EmailMessage | null)[]> {
    const { repository, checkout, publicUrlOf } = this.ordersDeps;
    const orders = await repository.byIds([...new Set(rows.map((r) => r.orderId))]);
    const withLines = rows.filter(
      (r) => r.kind === 'confirmation' || r.kind === 'new_order_notice',
    );
    const lines = await repository.linesOf([...new Set(withLines.map((r) => r.orderId))]);
    const numbers = await this.orderNumbersOf([...orders.values()]);
    return Promise.all(
      rows.map(async (row) => {
        const order = orders.get(row.orderId);
        if (!order) return null;
        const settings = await checkout.settings(order.storeId);
        const n = numbers.get(order.id)!;
        const orderLines = lines.get(order.id) ?? [];
        switch (row.kind) {
          case 'new_order_notice':
            return settings.notificationEmail
              ? newOrderNoticeEmail(settings.notificationEmail, order, orderLines, n)
              : null;
          case 'utr_notice':
            return settings.notificationEmail
              ? upiToConfirmEmail(settings.notificationEmail, order, n, utrOf(row))
              : null;
          case 'confirmation':
          case 'status': {
            const contact = await repository.userContact(order.userId);
            if (!contact) return null;
            if (row.kind === 'confirmation') {
              return orderConfirmationEmail(
                contact.email,
                contact.name,
                settings.legalName,
                order,
                orderLines,
                n,
              );
            }
            const move = statusDetailsOf(row)!;
            return orderStatusEmail(contact.email, contact.name, settings.legalName, order, {
              to: move.to,
              note: move.note,
              refundPaise: move.refundPaise,
              trackUrl: `${publicUrlOf(order.storeId)}/track/${order.id}`,
              orderNumber: n,
            });
          }
        }
      }),
    );
  }

  /** Who to write to about a user's orders (email and name). */
  contactOf(userId: string): Promise<{ email: string; name: string } | null> {
    return this.ordersDeps.repository.userContact(userId);
  }

  // ------------------------------------------------------------------------------------------
  // Reading
  // ------------------------------------------------------------------------------------------

  /** The user's orders, lines, timelines and UTRs as stored, for their data export (privacy). */
  personalRowsOf(userId: string): Promise<PersonalRows[]> {
    return this.ordersDeps.repository.personalRowsOf(userId);
  }

  /**
   * The numbers of the account's orders the shop is not done with (not Cancelled or Delivered,
   * a door amount uncollected, a refund owed: `isOrderFinished`): a shopper's erasure waits for
   * them, since delivering, collecting or refunding needs the name, address and phone.
   */
  async openOrderNumbersOf(storeId: string, userId: string): Promise<string[]> {
    const open = (await this.ordersDeps.erasure.factsOf(storeId, userId)).filter(
      (o) =>
        !isOrderFinished({
          orderStatus: o.orderStatus,
          paymentStatus: o.paymentStatus,
          uncollectedPaise: o.collected ? 0 : o.remainingAmountPaise,
        }),
    );
    const numbers = await this.orderNumbersOf(open);
    return open.map((o) => numbers.get(o.id)!);
  }

  /** The ids of every order of the account in its store. */
  async orderIdsOf(storeId: string, userId: string): Promise<string[]> {
    return (await this.ordersDeps.erasure.factsOf(storeId, userId)).map((o) => o.id);
  }

  /**
   * A shopper's erasure of their orders (issue 61 item 3), in one transaction, idempotent. An
   * order with a tax document (`heldOrderIds`, CGST Act s.36) keeps what its invoice prints (name,
   * GSTIN, billing and shipping address without their map position, place of supply); any other
   * order keeps none of them. Every order keeps its payment references (UTR, gateway payment
   * id: the shop's accounts of money received) and loses the phone, note and distance; timeline
   * notes are blanked (rows kept), owed emails deleted, UTRs kept. The caller first makes sure
   * `openOrderNumbersOf` is empty.
   */
  erasePersonalDataOf(
    subject: ErasureSubject,
    heldOrderIds: ReadonlySet<string>,
  ): Promise<ErasedRows[]> {
    return this.ordersDeps.erasure.erase(subject.storeId, subject.userId, heldOrderIds);
  }

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
   * Orders as the API answers them, with their lines, timelines, refunds, tax documents and the
   * orders they replaced: a fixed number of queries for any number of orders, never one per
   * order.
   */
  async answerOrders(rows: readonly OrderRow[]): Promise<Order[]> {
    const ids = rows.map((r) => r.id);
    const [lines, timelines, refunds, docs, numbers, replaced] = await Promise.all([
      this.ordersDeps.repository.linesOf(ids),
      this.ordersDeps.repository.timelinesOf(ids),
      this.ordersDeps.payments.refundsOf(ids),
      this.ordersDeps.invoices.documentsOf(ids),
      this.orderNumbersOf(rows),
      this.ordersDeps.repository.replacedOf(ids),
    ]);
    const replacedNumbers = await this.orderNumbersOf([...replaced.values()].flat());
    return rows.map((r) =>
      toOrder(r, lines.get(r.id) ?? [], {
        orderNumber: numbers.get(r.id),
        timeline: timelines.get(r.id) ?? [],
        refunds: refunds.get(r.id) ?? [],
        docs: docs.get(r.id),
        replaced: (replaced.get(r.id) ?? []).map((o) => replacedNumbers.get(o.id)!),
      }),
    );
  }
}

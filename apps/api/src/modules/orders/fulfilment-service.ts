import { MANUAL_UPI_MESSAGES, type AuditAction, type Order } from '@shop/contracts';
import {
  decideCollect,
  decideOrderMove,
  formatInr,
  type OrderStatus,
  type PaymentMode,
  type PaymentStatus,
  SHIPPING_DETAILS_MESSAGES,
  shippingDetailsEditable,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { PushSender } from '../../adapters/push-sender.ts';
import type { ConsentsService } from '../privacy/consents-service.ts';
import type { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, HttpError, NotFound } from '../../lib/errors.ts';
import { NOT_ALLOWED } from '../../plugins/auth.ts';
import type { AccountsService } from '../accounts/accounts-service.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { StoreGateways } from '../payments/index.ts';
import type { FulfilmentRepository } from './fulfilment-repository.ts';
import type { BulkMoveOutcome, MoveActor, MoveInput, OrderMoved } from './order-move.ts';
import { MANUAL_UPI } from './manual-upi.ts';
import { refundNews, STATUS_NEWS } from './order-emails.ts';
import { queueOrderEmails } from './order-email-outbox.ts';
import { isUniqueViolation, type OrderRow, type RefundRow, type Tx } from './orders-repository.ts';
import { ORDER_NOT_FOUND, type OrdersService } from './orders-service.ts';

export const STALE_ORDER = 'This order was changed after you read it. Reload it and try again.';
export const NOTHING_TO_REFUND = 'Nothing was paid online for this order, so nothing is refunded.';
export const REFUND_ONLY_WHEN_CANCELLING = 'A refund amount is only taken when cancelling.';
export const refundTooLarge = (leftPaise: number) =>
  `The refund can be at most ${formatInr(leftPaise)}, what was paid online and not yet refunded.`;
export const REFUND_TOO_SMALL = 'A refund must be at least ₹1.';
export const SHIPPING_DETAILS_CLOSED = 'A cancelled order has no courier or tracking number.';
export const BULK_MOVE_FAILED = 'This order could not be moved just now; try it again.';
export const UPI_REJECTED_NOTE =
  'Your UPI payment could not be found in the shop’s account, so the order was cancelled. If you did pay, contact the shop with your UTR.';

/** The order is an unpaid manual UPI order (else 409: nothing to reject). */
function checkUnpaidUpi(row: OrderRow) {
  if (row.paymentMode !== MANUAL_UPI)
    throw new Conflict(MANUAL_UPI_MESSAGES.notUpiOrder, 'order_id');
  if (row.orderStatus === 'Cancelled')
    throw new Conflict(MANUAL_UPI_MESSAGES.cancelled, 'order_id');
  if (row.paymentStatus !== 'Pending' && row.paymentStatus !== 'Failed') {
    throw new Conflict(MANUAL_UPI_MESSAGES.alreadyPaid, 'order_id');
  }
}

/** Still placed and unpaid (Pending, its payment Pending or Failed): an expiry may cancel it. */
const stillUnpaid = (row: OrderRow) =>
  row.orderStatus === 'Pending' &&
  (row.paymentStatus === 'Pending' || row.paymentStatus === 'Failed');

/** The order fields an audit entry of a staff write keeps, before and after. */
const auditedFields = (r: OrderRow) => ({
  receiptId: r.receiptId,
  orderStatus: r.orderStatus,
  paymentStatus: r.paymentStatus,
  courier: r.courier,
  trackingNumber: r.trackingNumber,
  collectedPaise: r.collectedPaise,
  version: r.version,
});

/** The courier and tracking number a write sets (only those given and changed), or null. */
function shippingDetails(
  row: OrderRow,
  input: Pick<MoveInput, 'courier' | 'trackingNumber'>,
): { courier?: string; trackingNumber?: string } | null {
  const out: { courier?: string; trackingNumber?: string } = {};
  if (input.courier !== undefined && input.courier !== row.courier) out.courier = input.courier;
  if (input.trackingNumber !== undefined && input.trackingNumber !== row.trackingNumber) {
    out.trackingNumber = input.trackingNumber;
  }
  return Object.keys(out).length > 0 ? out : null;
}

export interface FulfilmentServiceDeps {
  repository: FulfilmentRepository;
  orders: Pick<OrdersService, 'answerOrders' | 'orderNumberOf'>;
  accounts: Pick<AccountsService, 'deviceTokensOf' | 'forgetDeviceTokens'>;
  /** A push goes only while the shopper's push consent stands (DPDP Act; issue 61 item 2). */
  consents: Pick<ConsentsService, 'allows'>;
  /** Every staff write (move, shipping details, collection) is recorded in its transaction. */
  audit: Pick<AuditService, 'record'>;
  gateways: Pick<StoreGateways, 'forStore'>;
  /** Sends the order emails just owed, after the answer (OrderEmailOutbox.wake). */
  emailsOwed: () => void;
  push: PushSender;
  afterAnswer: AfterAnswerTasks;
  clock: Clock;
  log: FastifyBaseLogger;
  /**
   * Called inside the move's transaction right after the order row is updated and its timeline
   * row written (e.g. to number a tax invoice when an order is first Shipped, or issue a credit
   * note when an invoiced order is cancelled). Whatever it writes with `tx` commits or rolls back
   * with the move; a throw undoes the move (and reaches the caller).
   */
  onMoved?: (tx: Tx, moved: OrderMoved) => Promise<void>;
}

/**
 * Moves orders through their statuses (the domain's `decideOrderMove`): one transaction per
 * move, the order row locked and its version checked (a stale one answers 409), the stamps and
 * timeline written, and for a cancel the stock, sale and coupon use given back and a refund
 * recorded. After the commit: the gateway is asked for the refund, and the customer gets an
 * email and a push; none of these can undo the move.
 */
export class FulfilmentService {
  constructor(private readonly fulfilmentDeps: FulfilmentServiceDeps) {}

  async move(actor: MoveActor, orderId: string, input: MoveInput): Promise<Order> {
    const now = this.fulfilmentDeps.clock();
    const { row, moved, refund, changedStatus } = await this.fulfilmentDeps.repository.transaction(
      async (tx) => {
        const row = await this.lockChecked(tx, actor, orderId, input.version);
        if (input.unpaidUpiOnly) checkUnpaidUpi(row);
        if (input.paymentNotReceived && !stillUnpaid(row)) {
          throw new Conflict(STALE_ORDER, 'version');
        }
        const from = row.orderStatus as OrderStatus;
        const details = shippingDetails(row, input);
        const givesDetails = input.courier !== undefined || input.trackingNumber !== undefined;
        if (input.to === from && givesDetails && actor.kind === 'staff') {
          // Correcting the courier or tracking number: no move, no timeline row; only while the
          // parcel is with the courier (the domain's shippingDetailsEditable).
          if (!shippingDetailsEditable(from)) {
            throw new Conflict(SHIPPING_DETAILS_MESSAGES.notNow(from), 'orderStatus');
          }
          if (!details) return { row, moved: row, refund: null, changedStatus: false };
          const updated = await this.fulfilmentDeps.repository.setShippingDetails(tx, row, details);
          if (!updated) throw new Conflict(STALE_ORDER, 'version');
          await this.audit(tx, actor, row, updated, 'order.shipping_details');
          return { row, moved: updated, refund: null, changedStatus: false };
        }
        const decision = decideOrderMove({
          from,
          to: input.to,
          paymentMode: row.paymentMode as PaymentMode,
          paymentStatus: row.paymentStatus as PaymentStatus,
          payNowPaise: row.amountToPayPaise,
        });
        if (!decision.ok) throw new Conflict(decision.reason, 'orderStatus');

        const cancel = input.to === 'Cancelled';
        if (!cancel && input.refundAmountPaise !== undefined) {
          throw new BadRequest(REFUND_ONLY_WHEN_CANCELLING, 'refund_amount');
        }
        if (cancel && details) throw new BadRequest(SHIPPING_DETAILS_CLOSED, 'courier');
        const refundPaise = cancel ? await this.refundToTake(tx, row, input.refundAmountPaise) : 0;

        const moved = await this.fulfilmentDeps.repository.applyMove(tx, row, {
          to: input.to,
          stamps: decision.stamps,
          delivered: decision.delivered,
          now,
          ...(refundPaise > 0 && { paymentStatus: 'Refund pending' }),
          ...(cancel && !row.stockReleasedAt && { stockReleasedAt: now }),
          ...(input.paymentNotReceived && { paymentExpiredAt: now }),
          ...(cancel && input.replacedBy && { replacedByOrderId: input.replacedBy }),
          ...details,
        });
        if (!moved) throw new Conflict(STALE_ORDER, 'version');
        await this.fulfilmentDeps.repository.addTimeline(tx, {
          orderId: row.id,
          storeId: row.storeId,
          at: now,
          fromStatus: from,
          toStatus: input.to,
          actorKind: actor.kind,
          actorUserId: actor.kind === 'system' ? null : actor.userId,
          note: input.note,
        });
        // The customer's email of the move, owed with it (decision 0047).
        if (!input.quiet) {
          await queueOrderEmails(tx, [
            {
              orderId: row.id,
              kind: 'status',
              details: { to: input.to, note: input.note, refundPaise },
            },
          ]);
        }
        let refund: RefundRow | null = null;
        if (cancel) {
          await this.fulfilmentDeps.repository.putBack(tx, row, now);
          if (refundPaise > 0) {
            refund = await this.fulfilmentDeps.repository.addRefund(tx, {
              storeId: row.storeId,
              orderId: row.id,
              gatewayPaymentId: row.gatewayPaymentId!,
              amountPaise: refundPaise,
              reason: input.note ? `Order cancelled: ${input.note}` : 'Order cancelled',
            });
          }
        }
        await this.fulfilmentDeps.onMoved?.(tx, {
          orderId: row.id,
          storeId: row.storeId,
          from,
          to: input.to,
          at: now,
        });
        await this.audit(tx, actor, row, moved, 'order.move', {
          note: input.note,
          ...(refund && { refundPaise: refund.amountPaise }),
        });
        return { row, moved, refund, changedStatus: true };
      },
    );

    if (refund) await this.askGatewayForRefund(row, refund);
    if (changedStatus && !input.quiet) {
      this.fulfilmentDeps.afterAnswer.run(
        () => this.notify(moved, refund?.amountPaise ?? 0),
        'order status notifications failed',
        { orderId: moved.id },
      );
    }
    return (await this.fulfilmentDeps.orders.answerOrders([moved]))[0]!;
  }

  /**
   * POST /admin/orders/{order_id}/upi/reject: the shop did not receive the manual UPI payment.
   * The order is cancelled as any cancel is (one transaction under the order's lock: stock and
   * coupon use back, timeline, audit; then the customer's email and push), only while it is an
   * unpaid manual UPI order (a confirmation that won first makes it 409).
   */
  rejectUpi(actor: Extract<MoveActor, { kind: 'staff' }>, orderId: string, note: string) {
    return this.move(actor, orderId, {
      to: 'Cancelled',
      note: note || UPI_REJECTED_NOTE,
      unpaidUpiOnly: true,
    });
  }

  /**
   * POST /admin/orders/{order_id}/upi/refund-sent: the refund of a cancelled manual UPI order,
   * which the shop pays back by UPI itself (no gateway holds that money), recorded with the
   * transfer's UTR under the order's lock: the oldest pending refund is processed and, with none
   * left, the order is Refunded. The timeline says so (the customer's Updates), the customer is
   * emailed, the audit log keeps it. 409 when the order is not a UPI order or no refund waits.
   */
  async upiRefundSent(
    actor: Extract<MoveActor, { kind: 'staff' }>,
    orderId: string,
    utr: string,
  ): Promise<Order> {
    const now = this.fulfilmentDeps.clock();
    const { repository } = this.fulfilmentDeps;
    const updated = await repository.transaction(async (tx) => {
      const row = await this.lockChecked(tx, actor, orderId, undefined);
      if (row.paymentMode !== MANUAL_UPI) {
        throw new Conflict(MANUAL_UPI_MESSAGES.notUpiOrder, 'order_id');
      }
      const sent = await repository
        .refundSent(tx, row, `upi-refund:${row.storeId}:${utr}`, now)
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new Conflict(MANUAL_UPI_MESSAGES.refundUtrUsed, 'utr');
          throw err;
        });
      if (!sent) throw new Conflict(MANUAL_UPI_MESSAGES.noRefundPending, 'order_id');
      const note = `Refund of ${formatInr(sent.refund.amountPaise)} sent by UPI (UTR ${utr}).`;
      await this.staffNote(tx, actor, row, now, note, 'status');
      await queueOrderEmails(tx, [
        {
          orderId: row.id,
          kind: 'status',
          details: { to: row.orderStatus as OrderStatus, note, refundPaise: 0 },
        },
      ]);
      await this.audit(tx, actor, row, sent.order, 'order.upi_refund_sent', { note });
      return sent.order;
    });
    this.fulfilmentDeps.emailsOwed();
    return (await this.fulfilmentDeps.orders.answerOrders([updated]))[0]!;
  }

  /**
   * Marks the remaining amount of a pay-on-delivery order collected in cash at the door (the
   * domain's `decideCollect`: out for delivery or delivered, once): the order becomes fully paid
   * and its timeline says so, in one transaction with the audit entry.
   */
  async collect(
    actor: Extract<MoveActor, { kind: 'staff' }>,
    orderId: string,
    input: { version?: number | undefined; note: string },
  ): Promise<Order> {
    const now = this.fulfilmentDeps.clock();
    const moved = await this.fulfilmentDeps.repository.transaction(async (tx) => {
      const row = await this.lockChecked(tx, actor, orderId, input.version);
      const decision = decideCollect({
        orderStatus: row.orderStatus as OrderStatus,
        paymentMode: row.paymentMode as PaymentMode,
        paymentStatus: row.paymentStatus as PaymentStatus,
        payNowPaise: row.amountToPayPaise,
        remainingPaise: row.remainingAmountPaise,
        collected: row.collectedAt !== null,
      });
      if (!decision.ok) throw new Conflict(decision.reason, 'order_id');
      const updated = await this.fulfilmentDeps.repository.markCollected(tx, row, {
        amountPaise: decision.amountPaise,
        at: now,
        byUserId: actor.userId,
      });
      if (!updated) throw new Conflict(STALE_ORDER, 'version');
      await this.staffNote(
        tx,
        actor,
        row,
        now,
        input.note || `${formatInr(decision.amountPaise)} collected at delivery.`,
        'collected',
      );
      await this.audit(tx, actor, row, updated, 'order.collect', { note: input.note });
      return updated;
    });
    return (await this.fulfilmentDeps.orders.answerOrders([moved]))[0]!;
  }

  /**
   * Moves each order to `to`, each in its own transaction (one refused never holds back the
   * others), in the order given, without a version (whatever each is now). Answers, per order,
   * moved with its new status and version, or refused with the reason a single move would give.
   */
  async bulkMove(
    actor: Extract<MoveActor, { kind: 'staff' }>,
    orderIds: readonly string[],
    to: OrderStatus,
    note: string,
  ): Promise<BulkMoveOutcome[]> {
    const out: BulkMoveOutcome[] = [];
    for (const orderId of new Set(orderIds)) {
      try {
        const order = await this.move(actor, orderId, { to, note });
        out.push({ orderId, moved: true, orderStatus: order.orderStatus, version: order.version });
      } catch (err) {
        if (err instanceof HttpError) {
          out.push({ orderId, moved: false, reason: err.message });
        } else {
          this.fulfilmentDeps.log.error({ err, orderId }, 'bulk move of an order failed');
          out.push({ orderId, moved: false, reason: BULK_MOVE_FAILED });
        }
      }
    }
    return out;
  }

  /**
   * The order locked for a write, after the checks every write makes: it exists, it is the
   * caller's (customer) or of the caller's store (staff: 403 otherwise), and, when the caller
   * sent the version it read, that version is still current (409 otherwise).
   */
  private async lockChecked(
    tx: Tx,
    actor: MoveActor,
    orderId: string,
    version: number | undefined,
  ): Promise<OrderRow> {
    const row = await this.fulfilmentDeps.repository.lockOrder(tx, orderId);
    if (!row) throw new NotFound(ORDER_NOT_FOUND, 'order_id');
    if (actor.kind === 'customer' && row.userId !== actor.userId) {
      throw new NotFound(ORDER_NOT_FOUND, 'order_id');
    }
    if (actor.kind === 'staff' && row.storeId !== actor.storeId) {
      throw new Forbidden(NOT_ALLOWED);
    }
    if (version !== undefined && row.version !== version) {
      throw new Conflict(STALE_ORDER, 'version');
    }
    return row;
  }

  /** A timeline row of a staff member's money record that moves no status (collect, refund sent). */
  private staffNote(
    tx: Tx,
    actor: Extract<MoveActor, { kind: 'staff' }>,
    row: OrderRow,
    at: Date,
    note: string,
    event: 'status' | 'collected',
  ) {
    return this.fulfilmentDeps.repository.addTimeline(tx, {
      orderId: row.id,
      storeId: row.storeId,
      at,
      fromStatus: row.orderStatus,
      toStatus: row.orderStatus,
      actorKind: 'staff',
      actorUserId: actor.userId,
      note,
      event,
    });
  }

  /** The audit entry of a staff write, in its transaction (customers and the system: none). */
  private async audit(
    tx: Tx,
    actor: MoveActor,
    before: OrderRow,
    after: OrderRow,
    action: AuditAction,
    extra: Record<string, unknown> = {},
  ) {
    if (actor.kind !== 'staff') return;
    await this.fulfilmentDeps.audit.record(
      tx,
      { storeId: before.storeId, userId: actor.userId },
      {
        action,
        entity: 'order',
        entityId: before.id,
        before: auditedFields(before),
        after: { ...auditedFields(after), ...extra },
      },
    );
  }

  /**
   * How much a cancel refunds: nothing when nothing was paid online (unpaid, or pay on delivery
   * without an advance); else the amount asked (at least ₹1, at most what is left) or all that
   * is left.
   */
  private async refundToTake(tx: Tx, row: OrderRow, asked: number | undefined): Promise<number> {
    const paid = row.paymentStatus === 'Success' && row.gatewayPaymentId !== null;
    if (!paid || row.amountToPayPaise === 0) {
      if (asked !== undefined) throw new BadRequest(NOTHING_TO_REFUND, 'refund_amount');
      return 0;
    }
    const left =
      row.amountToPayPaise - (await this.fulfilmentDeps.repository.refundedPaise(tx, row.id));
    const amount = asked ?? left;
    if (amount > left) throw new BadRequest(refundTooLarge(left), 'refund_amount');
    if (amount < 100) {
      if (asked === undefined) return 0; // nothing (or less than the gateway's minimum) left
      throw new BadRequest(REFUND_TOO_SMALL, 'refund_amount');
    }
    return amount;
  }

  /**
   * Asks the store's gateway for a recorded refund, after the commit (a network call never holds
   * row locks). A failure leaves the refund pending with no gateway id, logged, for the shop to
   * retry; the gateway's refund.processed webhook confirms it (orders service).
   */
  private async askGatewayForRefund(row: OrderRow, refund: RefundRow) {
    // A manual UPI payment reached the shop's own account: the shop pays it back by UPI (the
    // refund stays pending in the desk); no gateway has it.
    if (row.paymentMode === MANUAL_UPI) return;
    try {
      const gateway = await this.fulfilmentDeps.gateways.forStore(row.storeId);
      const answer = await gateway.refund(refund.gatewayPaymentId, {
        amountPaise: refund.amountPaise,
        receipt: row.receiptId,
        notes: { order_id: row.id, refund_id: refund.id },
      });
      await this.fulfilmentDeps.repository.setGatewayRefundId(refund.id, answer.id);
    } catch (err) {
      this.fulfilmentDeps.log.error(
        { err, orderId: row.id, refundId: refund.id },
        'refund request failed',
      );
    }
  }

  /**
   * The customer's push about a move (a failure is logged, never thrown); the move's email was
   * owed in its transaction and goes out now (`emailsOwed`).
   */
  private async notify(order: OrderRow, refundPaise: number) {
    this.fulfilmentDeps.emailsOwed();
    const to = order.orderStatus as OrderStatus;
    const orderNumber = await this.fulfilmentDeps.orders.orderNumberOf(order);
    try {
      if (!(await this.fulfilmentDeps.consents.allows(order.storeId, order.userId, 'push'))) return;
      const tokens = await this.fulfilmentDeps.accounts.deviceTokensOf(order.userId);
      if (tokens.length === 0) return;
      const outcomes = await this.fulfilmentDeps.push.send(tokens, {
        title: `Order ${orderNumber}: ${to}`,
        body: [STATUS_NEWS[to], refundNews(refundPaise)].filter(Boolean).join(' '),
        data: { order_id: order.id, orderStatus: to, url: `/track/${order.id}` },
      });
      const gone = outcomes.filter((o) => o.unregistered).map((o) => o.token);
      if (gone.length > 0)
        await this.fulfilmentDeps.accounts.forgetDeviceTokens(order.userId, gone);
    } catch (err) {
      this.fulfilmentDeps.log.error({ err, orderId: order.id }, 'order status push failed');
    }
  }
}

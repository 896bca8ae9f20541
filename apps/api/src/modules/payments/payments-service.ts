import {
  CHECKOUT_MESSAGES,
  MANUAL_UPI_MESSAGES,
  type RazorpayOrder,
  type RazorpayWebhook,
} from '@shop/contracts';
import type { orders } from '@shop/db';
import { MANUAL_UPI_MODE, SETTLED_PAYMENT_STATUSES, type PaymentStatus } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  GatewayError,
  type GatewayOrder,
  type PaymentGateway,
} from '../../adapters/payment-gateway.ts';
import { verifyWebhookSignature } from '../../adapters/payment-signatures.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound, Unavailable } from '../../lib/errors.ts';
import type { ErasedRows } from '../../lib/personal-rows.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { NOT_ALLOWED, type SignedInUser } from '../../plugins/auth.ts';
import type { AuditService } from '../audit/audit-service.ts';
import type { StoreGateways } from './store-gateways.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import type { PaymentsRepository } from './payments-repository.ts';
import type { RefundRow, RefundsRepository } from './refunds-repository.ts';

type OrderRow = typeof orders.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ORDER_NOT_FOUND = 'Order not found';
export const GATEWAY_DOWN = 'The payment service is not answering. Please try again.';
export const WEBHOOK_SIGNATURE_INVALID = 'Invalid webhook signature.';
/** The start-up check of unpaid orders: how far back (by hold end), how many, claim lease. */
const START_CHECK_HOURS = 24;
const START_CHECK_LIMIT = 200;
const START_CHECK_LEASE_MS = 60_000;
/** The refund's reason for a second payment of an order already paid (decision 0040). */
export const PAID_TWICE = 'Paid twice: the order had already been paid';

export interface PaymentsServiceDeps {
  repository: PaymentsRepository;
  refunds: RefundsRepository;
  gateways: StoreGateways;
  /** Issues the tax invoice of a course-only order in the transaction that marks it paid. */
  invoices: Pick<InvoicesService, 'issueInvoice'>;
  /** Records the shop's confirmation of a manual UPI payment in its transaction. */
  audit?: Pick<AuditService, 'record'>;
  /** Once per order confirmed by its payment: the cart emptied, the order emails sent. */
  onConfirmed: (order: OrderRow) => Promise<void>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * The payments of orders: gateway orders opened, payments verified and settled (verify, the
 * webhooks, the gateway checks, the shop's confirmation of a manual UPI payment), payments that
 * failed, and refunds of payments that cannot be kept.
 */
export class PaymentsService {
  constructor(private readonly paymentsDeps: PaymentsServiceDeps) {}

  /** Creates a gateway order with the store's gateway; a gateway that fails answers 503. */
  async openGatewayOrder(
    gateway: PaymentGateway,
    input: { amountPaise: number; receipt: string; notes: Record<string, string> },
  ): Promise<RazorpayOrder> {
    let g: GatewayOrder;
    try {
      g = await gateway.createOrder(input);
    } catch (err) {
      this.paymentsDeps.log.error(
        { err, orderId: input.notes.order_id },
        'creating the gateway order failed',
      );
      throw new Unavailable(GATEWAY_DOWN);
    }
    return {
      id: g.id,
      entity: 'order',
      amount: g.amountPaise,
      currency: 'INR',
      receipt: g.receipt,
      status: g.status,
      key_id: gateway.keyId,
    };
  }

  gatewayOrderOf(order: OrderRow): RazorpayOrder {
    return {
      id: order.gatewayOrderId!,
      entity: 'order',
      amount: order.amountToPayPaise,
      currency: 'INR',
      receipt: order.receiptId,
      status: order.paymentStatus === 'Success' ? 'paid' : 'created',
      key_id: order.gatewayKeyId,
    };
  }

  /** POST /payment/verify: the checkout widget's signed answer, checked against the stored order id. */
  async verify(
    caller: SignedInUser,
    input: {
      orderId: string;
      paymentId: string;
      signature: string;
      receiptId?: string | undefined;
    },
  ): Promise<{ success: true; order_id: string }> {
    const order = await this.paymentsDeps.repository.byGatewayOrderId(input.orderId);
    if (!order || order.userId !== caller.id) {
      throw new NotFound(ORDER_NOT_FOUND, 'razorpay_order_id');
    }
    if (input.receiptId && input.receiptId !== order.receiptId) {
      throw new BadRequest(CHECKOUT_MESSAGES.invalidSignature, 'receipt_id');
    }
    const gateway = await this.paymentsDeps.gateways.forStore(order.storeId);
    // The gateway order found is the order's, now or before Pay now replaced it (decision 0040).
    if (!gateway.verifyCheckoutSignature(input.orderId, input.paymentId, input.signature)) {
      throw new BadRequest(CHECKOUT_MESSAGES.invalidSignature, 'razorpay_signature');
    }
    await this.paymentsDeps.repository.recordEvent({
      gateway: gateway.name,
      eventId: `verify:${input.paymentId}`,
      eventType: 'verify',
      storeId: order.storeId,
      orderId: order.id,
      gatewayOrderId: input.orderId,
      gatewayPaymentId: input.paymentId,
      payload: input,
      processedAt: this.paymentsDeps.clock(),
    });
    await this.settlePaid(order, input.paymentId);
    return { success: true, order_id: order.id };
  }

  /**
   * POST /payment/webhook: finds the one order the event is about (by its gateway order id, or
   * for a refund naming none, the order of that refund), checks the raw body's HMAC with the
   * webhook secret of that order's store (the server's when no order is known), records the
   * event once (a replay is a no-op) and applies it to that order only: a body signed with one
   * store's secret never touches another store's orders, whatever other ids it names.
   */
  async webhook(
    rawBody: Buffer,
    signature: string,
    eventIdHeader: string | undefined,
    event: RazorpayWebhook,
  ): Promise<void> {
    const payment = event.payload.payment?.entity;
    const refund = event.payload.refund?.entity;
    const gatewayOrderId = payment?.order_id ?? event.payload.order?.entity.id ?? null;
    const order = gatewayOrderId
      ? await this.paymentsDeps.repository.byGatewayOrderId(gatewayOrderId)
      : refund
        ? await this.paymentsDeps.refunds.orderOfRefund(refund.id, refund.payment_id)
        : null;
    const credentials = await this.paymentsDeps.gateways.credentials(order?.storeId ?? '');
    if (!verifyWebhookSignature(rawBody, signature, credentials.webhookSecret)) {
      throw new BadRequest(WEBHOOK_SIGNATURE_INVALID, 'x-razorpay-signature');
    }
    const fresh = await this.paymentsDeps.repository.recordEvent({
      gateway: this.paymentsDeps.gateways.name,
      eventId: eventIdHeader ?? `body:${sha256Hex(rawBody.toString('utf8'))}`,
      eventType: event.event,
      storeId: order?.storeId ?? null,
      orderId: order?.id ?? null,
      gatewayOrderId,
      gatewayPaymentId: payment?.id ?? event.payload.refund?.entity.payment_id ?? null,
      payload: event,
      processedAt: this.paymentsDeps.clock(),
    });
    if (!fresh) return;
    switch (event.event) {
      case 'order.paid':
      case 'payment.captured': {
        if (!order || !payment) return;
        if (payment.amount !== order.amountToPayPaise) {
          this.paymentsDeps.log.warn(
            { orderId: order.id },
            'webhook amount differs from the order; ignored',
          );
          return;
        }
        await this.settlePaid(order, payment.id);
        return;
      }
      case 'payment.failed':
        if (order)
          await this.paymentsDeps.repository.markFailed(order.id, this.paymentsDeps.clock());
        return;
      case 'refund.processed':
        if (order && refund) {
          await this.paymentsDeps.refunds.refundProcessed(
            order.id,
            refund.payment_id,
            refund.id,
            this.paymentsDeps.clock(),
          );
        }
        return;
      default:
        return;
    }
  }

  /**
   * POST /admin/orders/{order_id}/upi/confirm: staff (or the owner) saw the money, under `utr`,
   * in the bank. The order is marked paid as a verified payment would be (`markPaid`: one
   * conditional update, Processing, the sale counted, a course-only order invoiced, the cart
   * cleared, the emails), only while it is a manual UPI order naming that UTR and not cancelled;
   * the audit entry is written in the same transaction. A UTR the customer changed since the
   * staff member read the order is a 409 (never confirmed under the new one). A second
   * confirmation changes nothing and answers the order as is.
   */
  async confirmUpi(
    staff: { userId: string; storeId: string },
    id: string,
    seen: { utr: string; note: string },
  ) {
    const order = UUID.test(id) ? await this.paymentsDeps.repository.byId(id) : null;
    if (!order) throw new NotFound(ORDER_NOT_FOUND, 'order_id');
    if (order.storeId !== staff.storeId) throw new Forbidden(NOT_ALLOWED);
    if (order.paymentMode !== MANUAL_UPI_MODE) {
      throw new Conflict(MANUAL_UPI_MESSAGES.notUpiOrder, 'order_id');
    }
    const paid = (o: OrderRow) =>
      SETTLED_PAYMENT_STATUSES.includes(o.paymentStatus as PaymentStatus);
    const refused = (o: OrderRow) => {
      if (o.orderStatus === 'Cancelled')
        return new Conflict(MANUAL_UPI_MESSAGES.cancelled, 'order_id');
      if (!o.utr) return new Conflict(MANUAL_UPI_MESSAGES.noUtrYet, 'order_id');
      return new Conflict(MANUAL_UPI_MESSAGES.utrChanged, 'utr');
    };
    if (!paid(order)) {
      if (order.orderStatus === 'Cancelled' || order.utr !== seen.utr) throw refused(order);
      await this.settlePaid(order, `upi:${seen.utr}`, {
        byUserId: staff.userId,
        utr: seen.utr,
        note: ['UPI payment confirmed', `UTR ${seen.utr}`, seen.note].filter(Boolean).join(' · '),
      });
    }
    const now = (await this.paymentsDeps.repository.byId(order.id))!;
    // Rejected (cancelled), or its UTR changed, while this confirmation waited for the lock.
    if (!paid(now)) throw refused(now);
    return now;
  }

  /** Marks paid once; the winner clears the cart and sends the emails, or refunds a late payment. */
  private async settlePaid(
    order: OrderRow,
    paymentId: string,
    confirmed?: { byUserId: string; utr: string; note: string },
  ) {
    // This very payment settled the order already (verify, the webhooks and the gateway checks
    // each report it; only markPaid sets the payment id): nothing is left to do, and no
    // transaction is opened for it.
    if (order.gatewayPaymentId === paymentId) return;
    const now = this.paymentsDeps.clock();
    // A course-only order is supplied when paid (nothing is shipped): its invoice is issued
    // in the transaction that marks it paid (goods are invoiced when first shipped).
    const won = await this.paymentsDeps.repository.markPaid(order.id, paymentId, now, {
      onCoursesOnly: async (tx) => {
        await this.paymentsDeps.invoices.issueInvoice(tx, order.id, now);
      },
      ...(confirmed && {
        confirmed: {
          ...confirmed,
          audit: async (tx) => {
            await this.paymentsDeps.audit?.record(
              tx,
              { storeId: order.storeId, userId: confirmed.byUserId },
              {
                action: 'order.upi_confirm',
                entity: 'order',
                entityId: order.id,
                before: { paymentStatus: order.paymentStatus, orderStatus: order.orderStatus },
                after: { paymentStatus: 'Success', utr: confirmed.utr, note: confirmed.note },
              },
            );
          },
        },
      }),
    });
    if (!won) {
      await this.refundSecondPayment(order.id, paymentId);
      return;
    }
    if (won.refundReason) {
      await this.refundInFull(won.order, paymentId, won.refundReason);
      return;
    }
    await this.paymentsDeps.onConfirmed(won.order);
  }

  /** Records a refund of all a payment took online and asks the gateway for it. */
  private async refundInFull(order: OrderRow, paymentId: string, reason: string) {
    // Paid to the shop's own UPI ID: no gateway can refund it; the shop pays it back by UPI
    // (the refund is recorded pending, the desk shows it).
    const byUpi = order.paymentMode === MANUAL_UPI_MODE;
    const gateway = byUpi ? null : await this.paymentsDeps.gateways.forStore(order.storeId);
    await this.paymentsDeps.refunds.addRefund({
      storeId: order.storeId,
      orderId: order.id,
      gatewayPaymentId: paymentId,
      amountPaise: order.amountToPayPaise,
      reason: byUpi ? `${reason} (refund it by UPI)` : reason,
    });
    if (!gateway) return;
    try {
      const refund = await gateway.refund(paymentId, { receipt: order.receiptId });
      await this.paymentsDeps.refunds.setRefundId(order.id, refund.id);
    } catch (err) {
      this.paymentsDeps.log.error({ err, orderId: order.id }, 'refund failed; it stays pending');
    }
  }

  /**
   * A captured payment of an order already paid with another payment (two of its gateway
   * orders were paid, decision 0040) is refunded in full, once: the first call for the payment
   * claims it (a `second-payment` row in payment_events); verify, the webhook and the gateway
   * checks may all report it.
   */
  private async refundSecondPayment(orderId: string, paymentId: string) {
    const order = await this.paymentsDeps.repository.byId(orderId);
    if (!order?.gatewayPaymentId || order.gatewayPaymentId === paymentId) return;
    const gateway = await this.paymentsDeps.gateways.forStore(order.storeId);
    const claimed = await this.paymentsDeps.repository.recordEvent({
      gateway: gateway.name,
      eventId: `second-payment:${paymentId}`,
      eventType: 'second-payment',
      storeId: order.storeId,
      orderId: order.id,
      gatewayPaymentId: paymentId,
      payload: { paid_with: order.gatewayPaymentId },
      processedAt: this.paymentsDeps.clock(),
    });
    if (!claimed) return;
    this.paymentsDeps.log.warn(
      { orderId, paymentId },
      'a second payment of a paid order; refunding it',
    );
    await this.refundInFull(order, paymentId, PAID_TWICE);
  }

  /** The store a gateway order belongs to (the sandbox's modal pays it with that store's keys). */
  async storeOfGatewayOrder(gatewayOrderId: string): Promise<string | null> {
    return (await this.paymentsDeps.repository.byGatewayOrderId(gatewayOrderId))?.storeId ?? null;
  }

  /**
   * Once when a process starts: unpaid orders with a gateway order whose hold ends within the
   * last day or later (at most START_CHECK_LIMIT, newest first) are checked at the gateway, as
   * the sweeper does, so a payment captured while no process was listening settles now rather
   * than when its hold ends. Each order is claimed while it is checked (a `start-check` row in
   * payment_events, released after the check, lapsing after START_CHECK_LEASE_MS if its process
   * died), so N processes starting together check it once, or harmlessly twice; a process that
   * starts later checks it again. Returns the orders it settled.
   */
  async settleMissedPayments(): Promise<string[]> {
    const now = this.paymentsDeps.clock();
    const settled: string[] = [];
    const due = await this.paymentsDeps.repository.unpaidWithGatewayOrder(
      new Date(now.getTime() - START_CHECK_HOURS * 3_600_000),
      START_CHECK_LIMIT,
    );
    for (const order of due) {
      const claimedAt = this.paymentsDeps.clock();
      if (
        !(await this.paymentsDeps.repository.claimStartCheck(
          order,
          claimedAt,
          START_CHECK_LEASE_MS,
        ))
      ) {
        continue;
      }
      try {
        if (await this.settleFromGateway(order)) settled.push(order.id);
      } catch (err) {
        this.paymentsDeps.log.warn({ err, orderId: order.id }, 'gateway check at start failed');
        if (err instanceof GatewayError && err.code === 'GATEWAY_UNREACHABLE') break;
      } finally {
        await this.paymentsDeps.repository.releaseStartCheck(order, claimedAt);
      }
    }
    return settled;
  }

  /**
   * Asks the gateway for the payments of an unpaid order's gateway order and settles a captured
   * one of the order's amount through the same conditional update as verify and the webhooks.
   * True when one was found (the order is paid, or refunded if it could not be kept).
   */
  async settleFromGateway(order: OrderRow): Promise<boolean> {
    if (!order.gatewayOrderId || order.gateway !== this.paymentsDeps.gateways.name) return false;
    const gateway = await this.paymentsDeps.gateways.forStore(order.storeId);
    // The current gateway order, then those Pay now replaced (decision 0040).
    let captured: Awaited<ReturnType<PaymentGateway['fetchOrderPayments']>>[number] | undefined;
    let gatewayOrderId = order.gatewayOrderId;
    for (const id of [
      order.gatewayOrderId,
      ...(await this.paymentsDeps.repository.replacedGatewayOrders(order.id)),
    ]) {
      const payments = await gateway.fetchOrderPayments(id);
      captured = payments.find(
        (p) => p.status === 'captured' && p.amountPaise === order.amountToPayPaise,
      );
      gatewayOrderId = id;
      if (captured) break;
    }
    if (!captured) return false;
    await this.paymentsDeps.repository.recordEvent({
      gateway: gateway.name,
      eventId: `check:${captured.id}`,
      eventType: 'gateway-check',
      storeId: order.storeId,
      orderId: order.id,
      gatewayOrderId,
      gatewayPaymentId: captured.id,
      payload: captured,
      processedAt: this.paymentsDeps.clock(),
    });
    this.paymentsDeps.log.warn(
      { orderId: order.id, paymentId: captured.id },
      'a captured payment the shop had not heard of was found at the gateway',
    );
    await this.settlePaid(order, captured.id);
    return true;
  }

  /** Records a placed order's gateway order unless it has one (see the repository's). */
  recordGatewayOrder(orderId: string, gatewayOrderId: string, keyId: string): Promise<boolean> {
    return this.paymentsDeps.repository.setGatewayOrder(orderId, gatewayOrderId, keyId);
  }

  /** The refunds of some orders, each oldest first. */
  refundsOf(orderIds: readonly string[]): Promise<Map<string, RefundRow[]>> {
    return this.paymentsDeps.refunds.refundsOf(orderIds);
  }

  /** A shopper's erasure of their orders' payment records (see the repository's; issue 61). */
  erasePersonalDataOf(orderIds: readonly string[]): Promise<ErasedRows[]> {
    return this.paymentsDeps.refunds.erasePersonalDataOf(orderIds);
  }
}

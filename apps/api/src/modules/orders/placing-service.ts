import { randomUUID } from 'node:crypto';
import {
  ADMISSION_MESSAGES,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  MANUAL_UPI_MESSAGES,
  type Address,
  type PayByUpiResponse,
  type PayNowPaidResponse,
  type PayNowResponse,
  type PayOnDeliveryResponse,
  type RazorpayOrder,
} from '@shop/contracts';
import {
  COUPON_MESSAGES,
  paiseToRupees,
  RETRY_MESSAGES,
  sameCartKey,
  type PaymentMode,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import {
  BadRequest,
  Conflict,
  Forbidden,
  HttpError,
  NotFound,
  Unavailable,
} from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { NOT_YOURS, type SignedInUser } from '../../plugins/auth.ts';
import type { AddressesService } from '../addresses/addresses-service.ts';
import type { CheckoutService } from '../checkout/checkout-service.ts';
import type { StoreGateways } from '../payments/index.ts';
import { CouponUsedUp } from '../coupons/index.ts';
import { OutOfStock, PriceChanged, type HoldsService } from '../inventory/index.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import { GATEWAY_DOWN, ORDER_NOT_FOUND, type PaymentsService } from '../payments/index.ts';
import { MANUAL_UPI } from './manual-upi.ts';
import {
  newOrderOf,
  newReceiptId,
  orderLinesOf,
  type AdmissionLink,
  type PlaceOrderInput,
} from './new-order.ts';
import { awaitingPayment } from './order-view.ts';
import { placedAnswer } from './placed-answer.ts';
import {
  isUniqueViolation,
  SameCartPlaced,
  type OrderRow,
  type OrdersRepository,
  type PlacedOrder,
} from './orders-repository.ts';
import type { FulfilmentService } from './fulfilment-service.ts';
import type { OrdersService } from './orders-service.ts';

export type { AdmissionLink, PlaceOrderInput } from './new-order.ts';

/** What placing answers: the gateway order, the UPI payment, or the order already confirmed. */
export type PlaceAnswer =
  PayNowResponse | PayNowPaidResponse | PayOnDeliveryResponse | PayByUpiResponse;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const IDEMPOTENCY_REUSED = 'This Idempotency-Key was used for a different order.';
export const BELOW_ONLINE_MINIMUM = 'An online payment must be at least ₹1.';
export const PRICE_CHANGED =
  'The price of this product has just changed. Please review your order.';
/** How many times placing prices an order whose price changed before its stock was locked. */
const PRICING_ATTEMPTS = 2;
export interface PlacingServiceDeps {
  repository: OrdersRepository;
  /** Order numbers, a confirmed order's cart and emails, and how to pay a UPI order. */
  orders: OrdersService;
  /** Stock held again for Pay now of an order whose hold ended. */
  holds: HoldsService;
  /** Gateway orders opened and checked for payments captured meanwhile. */
  payments: PaymentsService;
  checkout: CheckoutService;
  addresses: AddressesService;
  /** Issues the tax invoice of a course-only order placed paid (a ₹0 order). */
  invoices: Pick<InvoicesService, 'issueInvoice'>;
  /** Cancels the earlier unpaid orders a placing replaces (FulfilmentService). */
  replacing: Pick<FulfilmentService, 'move'>;
  gateways: StoreGateways;
  clock: Clock;
  /**
   * How long an unpaid order holds its stock: a Pay now order's window, and a UPI order's until
   * its UTR is entered (then OrdersService.submitUtr stretches it to MANUAL_PAY_HOLD_HOURS).
   */
  stockHoldMinutes: number;
  log: FastifyBaseLogger;
}

/**
 * Placing an order (pay now, pay on delivery, pay by UPI, an admission's courses), the answer of
 * an Idempotency-Key's retry, and Pay now again of an order awaiting its payment.
 */
export class PlacingService {
  constructor(private readonly placingDeps: PlacingServiceDeps) {}

  /**
   * Places an order from the spec's order body: every amount is recomputed; the checks answer
   * the spec's messages naming the field. The gateway order is opened first (a network call
   * never holds row locks; a gateway that fails leaves nothing written), then the order, its
   * lines, tax, stock hold and coupon use are written all or nothing, with the gateway order id
   * (decision 0030). An Idempotency-Key returns the same order for a retry.
   *
   * With `admission`, an admission order (POST /admission-pay): courses only, no addresses and
   * no delivery; the admission is linked to the order and its holder is the billing party. GST
   * is the courses' (SAC 9992) at the store's own state (no place of supply elsewhere).
   */
  async place(
    caller: SignedInUser,
    body: PlaceOrderInput,
    idempotencyKey: string | undefined,
    admission?: AdmissionLink,
  ): Promise<PlaceAnswer> {
    if (body.user_id !== undefined && body.user_id !== caller.id) {
      throw new Forbidden(NOT_YOURS, 'user_id');
    }
    if (admission && body.payment_mode === MANUAL_UPI) {
      throw new BadRequest(MANUAL_UPI_MESSAGES.admissionsOnline, 'payment_mode');
    }
    const requestHash = sha256Hex(JSON.stringify(body));
    if (idempotencyKey) {
      const existing = await this.placingDeps.repository.byIdempotencyKey(
        caller.id,
        idempotencyKey,
      );
      if (existing) return this.replay(existing, requestHash);
    }
    // A price that changed between pricing and the stock lock: priced again once, from the
    // catalogue as it is now; a second change in that moment is refused (409), never sold at
    // the price read before it.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.placeOnce(caller, body, idempotencyKey, requestHash, admission, {
          lastAttempt: attempt >= PRICING_ATTEMPTS,
        });
      } catch (err) {
        if (!(err instanceof PriceChanged)) throw err;
      }
    }
  }

  /** One attempt at placing: quote, checks, the transaction, the gateway order. */
  private async placeOnce(
    caller: SignedInUser,
    body: PlaceOrderInput,
    idempotencyKey: string | undefined,
    requestHash: string,
    admission: AdmissionLink | undefined,
    { lastAttempt }: { lastAttempt: boolean },
  ): Promise<PlaceAnswer> {
    const { repository } = this.placingDeps;
    let billing: Address | null = null;
    if (!admission) {
      billing = body.billing_address
        ? await this.placingDeps.addresses.ownAddress(caller, body.billing_address)
        : null;
      if (!billing) throw new BadRequest(CHECKOUT_MESSAGES.addressNotYours, 'billing_address');
      if (!body.shipping_address) {
        throw new BadRequest(CHECKOUT_MESSAGES.chooseShipping, 'shipping_address');
      }
    }
    const quote = await this.placingDeps.checkout.quote(caller, {
      storeId: body.main_id,
      lines: body.cart_products.map((l) => ({
        productId: l.product_id,
        sku: l.product_sku,
        quantity: l.quantity,
      })),
      couponCode: body.coupon_code,
      shippingAddressId: admission ? null : (body.shipping_address ?? null),
      knownAddresses: billing ? [billing] : [],
      paymentMode: body.payment_mode,
    });
    if (admission) {
      const i = quote.priced.lines.findIndex((l) => !l.course);
      if (i >= 0) throw new BadRequest(ADMISSION_MESSAGES.coursesOnly, `cart_products.${i}`);
    }
    if (quote.problem) {
      const stock = quote.problem.reason === CART_MESSAGES.outOfStock;
      if (stock && idempotencyKey) {
        // A request with the same key may have taken the last unit since the lookup in place():
        // answer with its order.
        const existing = await repository.byIdempotencyKey(caller.id, idempotencyKey);
        if (existing) return this.replay(existing, requestHash);
      }
      throw stock
        ? new Conflict(quote.problem.reason, quote.problem.field)
        : new BadRequest(quote.problem.reason, quote.problem.field);
    }
    if (body.coupon_code.trim() !== '' && !quote.coupon) {
      throw new BadRequest(quote.couponMessage ?? COUPON_MESSAGES.invalid, 'coupon_code');
    }
    const s = quote.summary;
    if (s.payNowPaise > 0 && s.payNowPaise < 100) {
      throw new BadRequest(BELOW_ONLINE_MINIMUM, 'cart_products');
    }
    // The same cart placed again while its order awaits the payment (the payment window was
    // closed, or failed): that order is paid again, not a second one placed (decision 0040).
    const cartFingerprint = sha256Hex(
      sameCartKey({
        storeId: quote.storeId,
        paymentMode: body.payment_mode,
        lines: body.cart_products.map((l) => ({
          productId: l.product_id,
          sku: l.product_sku,
          quantity: l.quantity,
        })),
        billingAddressId: body.billing_address ?? '',
        shippingAddressId: body.shipping_address ?? '',
        couponCode: body.coupon_code,
        mobile: body.mobile,
        gstNo: body.user_gstNo ?? '',
        note: body.customer_note,
      }) + (admission ? `\u0000${admission.id}` : ''),
    );
    const skus = quote.priced.lines.map((l) => l.sku);
    const awaiting = await repository.awaitingPaymentOfCart(caller.id, cartFingerprint, skus);
    const holding = s.payNowPaise > 0 && awaiting.holding;
    if (s.payNowPaise > 0) {
      const again = await this.sameCartAgain(awaiting.order, s);
      if (again) return again;
    }
    const now = this.placingDeps.clock();
    // A manual UPI order is paid to the shop's UPI ID and confirmed by the shop (decision 0039):
    // no gateway order. Until its UTR is entered it holds its stock as briefly as a Pay now
    // order: an order of the whole stock with no UTR never shuts other shoppers out for a day.
    const manual = body.payment_mode === MANUAL_UPI;
    const holdMs = this.placingDeps.stockHoldMinutes * 60_000;
    const gateway = await this.placingDeps.gateways.forStore(quote.storeId);
    // The gateway order first, for the amount the order will carry: a network call never holds
    // a row lock, a gateway that is down leaves nothing behind, and the order row is written
    // whole. One the order then fails to take (out of stock, a race) is never paid and expires.
    const id = randomUUID();
    const receiptId = newReceiptId();
    const opened =
      s.payNowPaise > 0 && !manual
        ? await this.placingDeps.payments.openGatewayOrder(gateway, {
            amountPaise: s.payNowPaise,
            receipt: receiptId,
            notes: { order_id: id, store_id: quote.storeId },
          })
        : null;

    let order: PlacedOrder;
    try {
      order = await repository.place({
        order: newOrderOf(quote, {
          id,
          userId: caller.id,
          receiptId,
          cartFingerprint,
          body,
          billing,
          admission,
          manual,
          gateway,
          gatewayOrderId: opened?.id ?? null,
          idempotencyKey,
          requestHash,
          holdMs,
          now,
        }),
        lines: orderLinesOf(quote),
        stock: quote.priced.lines.map((l) => ({
          productId: l.productId,
          variationId: l.variationId,
          quantity: l.quantity,
          priced: { pricePaise: l.pricePaise, salePricePaise: l.salePricePaise },
        })),
        coupon: quote.coupon && {
          id: quote.coupon.row.id,
          discountPaise: s.couponDiscountPaise,
          perCustomerLimit: quote.coupon.row.perCustomerLimit,
        },
        unpaid: s.payNowPaise > 0,
        holding,
        // A ₹0 order is paid as placed, in the placing's transaction: the sale counted and a
        // course-only order invoiced, as a payment would (settlePaid).
        paid:
          s.totalPaise === 0
            ? {
                onPaid: async (tx, orderId) => {
                  const lines = quote.priced.lines;
                  if (lines.length > 0 && lines.every((l) => l.course)) {
                    await this.placingDeps.invoices.issueInvoice(tx, orderId, now);
                  }
                },
              }
            : null,
        now,
      });
    } catch (err) {
      if (idempotencyKey && (err instanceof OutOfStock || isUniqueViolation(err))) {
        // A concurrent request with the same key won (and may have taken the last unit, or
        // holds the key's index entry): answer with its order.
        const existing = await repository.byIdempotencyKey(caller.id, idempotencyKey);
        if (existing) return this.replay(existing, requestHash);
      }
      if (s.payNowPaise > 0 && (err instanceof SameCartPlaced || err instanceof OutOfStock)) {
        // A parallel Place order of this same cart placed its order first (and may have taken
        // the last units): that order, paid again (decision 0040). This placing wrote nothing;
        // its gateway order is never paid and expires.
        const awaiting = await repository.awaitingPaymentOfCart(caller.id, cartFingerprint, skus);
        const again = await this.sameCartAgain(awaiting.order, s);
        if (again) return again;
        if (err instanceof SameCartPlaced) {
          throw new Conflict(RETRY_MESSAGES.justPlaced, 'cart_products');
        }
      }
      if (err instanceof OutOfStock) {
        const i = quote.priced.lines.findIndex((l) => l.productId === err.productId);
        throw new Conflict(CART_MESSAGES.outOfStock, `cart_products.${Math.max(i, 0)}.quantity`);
      }
      if (err instanceof PriceChanged && lastAttempt) {
        const i = quote.priced.lines.findIndex((l) => l.productId === err.productId);
        throw new Conflict(PRICE_CHANGED, `cart_products.${Math.max(i, 0)}`);
      }
      if (err instanceof CouponUsedUp) {
        throw new BadRequest(
          err.perCustomer ? COUPON_MESSAGES.usedByCustomer : COUPON_MESSAGES.usedUp,
          'coupon_code',
        );
      }
      throw err;
    }

    // The earlier unpaid orders of these goods are replaced (decision 0050). `replaceable` is a
    // hint read before placing: an order placed meanwhile by another tab is not replaced, and
    // stays payable as every order did before.
    if (awaiting.replaceable) await this.cancelReplaced(caller, order);
    if (manual && s.payNowPaise > 0) {
      // Waits for the customer's UPI payment and the shop's confirmation: nothing is confirmed
      // or emailed now (the confirmation does it, as a verified payment would). The cart is
      // emptied now: the shopper is done with it, and a second order must not carry these lines
      // again (issue 59 item 1); the confirmation leaves the cart alone.
      await this.placingDeps.orders.clearCartAfter(order);
      return this.upiAnswer(order);
    }
    if (!opened) {
      // Nothing to pay online (pay on delivery without an advance, or a ₹0 order): confirmed
      // now. Nothing after the commit can fail the request (afterConfirmed logs its failures).
      await this.placingDeps.orders.afterConfirmed((await repository.byId(order.id))!);
      return this.answer(order, null);
    }
    return this.answer(order, opened);
  }

  /**
   * The account's earlier orders that `order` replaces (the same goods placed again while they
   * wait for their payment: another coupon, address, payment mode or quantity) are cancelled,
   * quietly (no email: the customer was never told of them as confirmed), so My orders offers one
   * order to pay, not two (decision 0050). Each is a customer's cancel under the order's lock at
   * the version read: one paid meanwhile is left as it is; a payment that arrives later for a
   * cancelled order is refunded in full (markPaid). The placing is committed: a failure here is
   * logged, and the earlier order stays payable.
   */
  private async cancelReplaced(caller: SignedInUser, order: PlacedOrder): Promise<void> {
    const { repository, replacing, log } = this.placingDeps;
    try {
      const replaced = await repository.replacedBy(order);
      if (replaced.length === 0) return;
      const note = `Replaced by order ${await this.placingDeps.orders.orderNumberOf(order)}`;
      for (const r of replaced) {
        await replacing
          .move({ kind: 'customer', userId: caller.id }, r.id, {
            to: 'Cancelled',
            note,
            version: r.version,
            quiet: true,
            replacedBy: order.id,
          })
          .catch((err: unknown) => {
            if (!(err instanceof Conflict)) throw err;
            // Paid, or changed, since it was read: it is not replaced.
          });
      }
    } catch (err) {
      log.error({ err, orderId: order.id }, 'cancelling the orders this order replaces failed');
    }
  }

  /**
   * The account's newest order of this same cart awaiting its payment, when it was placed at the
   * amounts just quoted: paid again, answered as a placing (decision 0040); a UPI order, how to
   * pay it (its UTR may be on its way, and the shop confirms it whenever the money arrives). Null
   * otherwise (a changed price places a new order).
   */
  private async sameCartAgain(
    pending: OrderRow | null,
    s: { payNowPaise: number; totalPaise: number },
  ): Promise<PlaceAnswer | null> {
    if (
      !pending ||
      pending.amountToPayPaise !== s.payNowPaise ||
      pending.totalAmountPaise !== s.totalPaise
    ) {
      return null;
    }
    if (pending.paymentMode === MANUAL_UPI) {
      // The same UPI order again: its lines leave the cart, as when it was placed.
      await this.placingDeps.orders.clearCartAfter(pending);
      return this.upiAnswer(pending);
    }
    // Just quoted at the order's amounts: nothing to check again.
    const again = await this.payAgainOf(pending, null);
    return this.answer(again.order, again.razorpayOrder);
  }

  /**
   * POST /payment/order/{id}/pay (Pay now, Try again): the caller's order awaiting its online
   * payment opens again for payment (decision 0040). Another user's order is not found; an order
   * paid or cancelled meanwhile is a 409.
   */
  async payAgain(caller: SignedInUser, id: string): Promise<PayNowResponse> {
    const order = UUID.test(id) ? await this.placingDeps.repository.byId(id) : null;
    if (!order || order.userId !== caller.id) throw new NotFound(ORDER_NOT_FOUND, 'id');
    const { order: now, razorpayOrder } = await this.payAgainOf(order, caller);
    return {
      success: true,
      razorpay_order: razorpayOrder,
      order_id: now.id,
      receipt_id: now.receiptId,
      order_number: await this.placingDeps.orders.orderNumberOf(now),
      totalAmountbeforePay: paiseToRupees(now.totalAmountPaise),
    };
  }

  /**
   * The same order's gateway order to pay: while its stock is held, the one it has (so parallel
   * calls and a second Place order answer the same); once the hold has ended, the gateway is
   * asked first for a payment it captured meanwhile (then the order is settled and answered as
   * paid), the stock is held again and a fresh gateway order replaces the old one (one
   * conditional update: of parallel calls one wins, the others answer the winner's). A payment
   * captured on a replaced gateway order still settles the order, or is refunded.
   *
   * Once its hold has ended the order is sold only as it would be placed now (issue 58): its
   * hold is released, and `caller`'s quote of the same lines, coupon, address and mode must come
   * to the same amounts with nothing in the way (product active, price, coupon on and in date,
   * stock, delivery); otherwise a 409 sends the shopper to place it again at today's price. No
   * sale price is kept by an unpaid order beyond its hold. `caller` null: just quoted so.
   */
  private async payAgainOf(
    order: OrderRow,
    caller: SignedInUser | null,
  ): Promise<{ order: OrderRow; razorpayOrder: RazorpayOrder }> {
    const { payments, log } = this.placingDeps;
    if (!awaitingPayment(order)) throw new Conflict(RETRY_MESSAGES.notAwaiting, 'id');
    const now = this.placingDeps.clock();
    const holding = !order.stockReleasedAt && order.stockHoldExpiresAt > now;
    if (holding && order.gatewayOrderId) {
      return { order, razorpayOrder: payments.gatewayOrderOf(order) };
    }
    const settled = await payments.settleFromGateway(order).catch((err: unknown) => {
      // Unchecked: a payment captured meanwhile still settles or is refunded when reported.
      log.warn({ err, orderId: order.id }, 'gateway check before Pay now failed');
      return false;
    });
    if (settled) {
      const paid = (await this.placingDeps.repository.byId(order.id))!;
      return { order: paid, razorpayOrder: payments.gatewayOrderOf(paid) };
    }
    if (caller) await this.stillAsPlaced(caller, order, now);
    // The gateway order first (no lock held over the network, as placing does), then the
    // stock held again and the gateway order named in one transaction.
    const gateway = await this.placingDeps.gateways.forStore(order.storeId);
    const opened = await payments.openGatewayOrder(gateway, {
      amountPaise: order.amountToPayPaise,
      receipt: order.receiptId,
      notes: { order_id: order.id, store_id: order.storeId },
    });
    let held: Awaited<ReturnType<HoldsService['holdAgain']>>;
    try {
      held = await this.placingDeps.holds.holdAgain(
        order.id,
        now,
        new Date(now.getTime() + this.placingDeps.stockHoldMinutes * 60_000),
        { gatewayOrderId: opened.id, keyId: gateway.keyId },
      );
    } catch (err) {
      if (err instanceof OutOfStock) throw new Conflict(RETRY_MESSAGES.outOfStock, 'id');
      if (err instanceof CouponUsedUp) throw new Conflict(COUPON_MESSAGES.usedUp, 'coupon_code');
      throw err;
    }
    if (!held) throw new Conflict(RETRY_MESSAGES.notAwaiting, 'id');
    // A parallel Pay now held it first: answer with its gateway order (ours is never shown).
    return {
      order: held.order,
      razorpayOrder: held.renewed ? opened : payments.gatewayOrderOf(held.order),
    };
  }

  /**
   * Throws 409 unless `order`, placed again now by `caller`, would come to the same amounts with
   * nothing in the way. Its expired hold is released first (as the sweeper would), so that its
   * own units and coupon use count as free, as they will be to anyone else.
   */
  private async stillAsPlaced(caller: SignedInUser, order: OrderRow, now: Date): Promise<void> {
    const { repository, checkout, holds } = this.placingDeps;
    await holds.release(order.id, now);
    const lines = (await repository.linesOf([order.id])).get(order.id) ?? [];
    let quote: Awaited<ReturnType<CheckoutService['quote']>>;
    try {
      quote = await checkout.quote(caller, {
        storeId: order.storeId,
        lines: lines.map((l) => ({
          productId: l.productId ?? '',
          sku: l.sku,
          quantity: l.quantity,
        })),
        couponCode: order.couponCode,
        shippingAddressId: order.admissionId ? null : order.shippingAddressId,
        paymentMode: order.paymentMode as PaymentMode,
      });
    } catch (err) {
      // A product, the address or the store gone: it cannot be placed as it was (a rate limit's
      // 429 says what it says).
      if (err instanceof HttpError && err.statusCode < 500 && err.statusCode !== 429) {
        throw new Conflict(RETRY_MESSAGES.changed, 'id');
      }
      throw err;
    }
    // Not enough units left of a line (the quote names its quantity).
    if (quote.problem?.field.endsWith('.quantity')) {
      throw new Conflict(RETRY_MESSAGES.outOfStock, 'id');
    }
    const same =
      !quote.problem &&
      (order.couponCode.trim() === '' || quote.coupon !== null) &&
      quote.summary.payNowPaise === order.amountToPayPaise &&
      quote.summary.totalPaise === order.totalAmountPaise;
    if (!same) throw new Conflict(RETRY_MESSAGES.changed, 'id');
  }

  /**
   * The answer for an order placed before with the same Idempotency-Key: its gateway order,
   * written with the order row. An order without one (placed by a version that opened it after
   * the commit, whose request died in between) still holding its stock gets one now.
   */
  private async replay(order: OrderRow, requestHash: string) {
    if (order.idempotencyRequestHash && order.idempotencyRequestHash !== requestHash) {
      throw new Conflict(IDEMPOTENCY_REUSED, 'idempotency-key');
    }
    if (order.amountToPayPaise === 0) return this.answer(order, null);
    if (order.paymentMode === MANUAL_UPI) return this.upiAnswer(order);
    if (order.gatewayOrderId)
      return this.answer(order, this.placingDeps.payments.gatewayOrderOf(order));
    if (order.paymentStatus !== 'Pending' || order.stockReleasedAt) {
      throw new Unavailable(GATEWAY_DOWN);
    }
    const gateway = await this.placingDeps.gateways.forStore(order.storeId);
    const opened = await this.placingDeps.payments.openGatewayOrder(gateway, {
      amountPaise: order.amountToPayPaise,
      receipt: order.receiptId,
      notes: { order_id: order.id, store_id: order.storeId },
    });
    if (await this.placingDeps.payments.recordGatewayOrder(order.id, opened.id, gateway.keyId)) {
      return this.answer(order, opened);
    }
    // Another retry recorded one first: answer with that one (ours is never paid).
    const current = await this.placingDeps.repository.byId(order.id);
    return this.answer(order, this.placingDeps.payments.gatewayOrderOf(current!));
  }

  /** The answer of a placed manual UPI order: how to pay it (QR, link, UPI ID). */
  private async upiAnswer(order: PlacedOrder): Promise<PayByUpiResponse> {
    const row = (await this.placingDeps.repository.byId(order.id))!;
    return {
      success: true,
      order_id: order.id,
      receipt_id: order.receiptId,
      order_number: await this.placingDeps.orders.orderNumberOf(row),
      totalAmountbeforePay: paiseToRupees(order.totalAmountPaise),
      upi: await this.placingDeps.orders.upiPaymentOf(row),
    };
  }

  private async answer(order: PlacedOrder, razorpayOrder: RazorpayOrder | null) {
    return placedAnswer(order, razorpayOrder, await this.placingDeps.orders.orderNumberOf(order));
  }
}

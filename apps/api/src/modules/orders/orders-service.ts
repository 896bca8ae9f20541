import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMISSION_MESSAGES,
  type AdmissionPayment,
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  type Address,
  type Order,
  type PayNowResponse,
  type PayNowPaidResponse,
  type PayOnDeliveryResponse,
  MANUAL_UPI_MESSAGES,
  type PayByUpiResponse,
  type PlaceOrderRequest,
  type RazorpayOrder,
  type UpiPayment,
} from '@shop/contracts';
import type { OrderAddressSnapshot } from '@shop/db';
import {
  COUPON_MESSAGES,
  formatOrderNumber,
  isAwaitingPayment,
  isOrderFullyPaid,
  orderNumberPrefix,
  paiseToRupees,
  RETRY_MESSAGES,
  sameCartKey,
  type OrderStatus,
  type PaymentMode,
  type PaymentStatus,
} from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { EmailSender } from '../../adapters/email-sender.ts';
import type { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, Conflict, Forbidden, NotFound, Unavailable } from '../../lib/errors.ts';
import { sha256Hex } from '../../lib/secrets.ts';
import { NOT_ALLOWED, NOT_YOURS, type SignedInUser } from '../../plugins/auth.ts';
import type { AddressesService } from '../addresses/addresses-service.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { InvoicesService, OrderTaxDocuments } from '../invoices/invoices-service.ts';
import type { CheckoutService, OrderQuote } from '../checkout/checkout-service.ts';
import type { StoreGateways } from '../checkout/store-gateways.ts';
import { manualUpiPayment, MANUAL_UPI } from './manual-upi.ts';
import { newOrderNoticeEmail, orderConfirmationEmail, upiToConfirmEmail } from './order-emails.ts';
import { CouponUsedUp } from '../coupons/index.ts';
import {
  GATEWAY_DOWN,
  ORDER_NOT_FOUND,
  type PaymentsService,
  type RefundRow,
} from '../payments/index.ts';
import { OutOfStock, PriceChanged, type HoldsService } from '../inventory/index.ts';
import {
  isUniqueViolation,
  type NewOrderLine,
  type OrderLineRow,
  type OrderRow,
  type PlacedOrder,
  type OrderFigures,
  type OrdersRepository,
  type TimelineRow,
} from './orders-repository.ts';

/** What placing answers: the gateway order, the UPI payment, or the order already confirmed. */
export type PlaceAnswer =
  PayNowResponse | PayNowPaidResponse | PayOnDeliveryResponse | PayByUpiResponse;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export { ORDER_NOT_FOUND };
export const IDEMPOTENCY_REUSED = 'This Idempotency-Key was used for a different order.';
export const BELOW_ONLINE_MINIMUM = 'An online payment must be at least ₹1.';
export const PRICE_CHANGED =
  'The price of this product has just changed. Please review your order.';
/** How many times placing prices an order whose price changed before its stock was locked. */
const PRICING_ATTEMPTS = 2;
/** How long a store's order-number prefix (from its name) is kept in memory. */
const PREFIX_TTL_MS = 60_000;

/** The order body as validated by the contract (output side). */
export interface PlaceOrderInput {
  main_id: string;
  user_id?: string | undefined;
  cart_products: { product_id: string; product_sku: string; quantity: number }[];
  /** Absent for an admission order (a course is not delivered; the admission stands in). */
  billing_address?: string | undefined;
  shipping_address?: string | undefined;
  mobile: string;
  coupon_code: string;
  customer_note: string;
  payment_mode: PlaceOrderRequest['payment_mode'];
  user_gstNo?: string | undefined;
}

/**
 * The academy admission an admission order pays for (read by the admissions service, which
 * checked it is the caller's): its holder stands in for the billing party.
 */
export interface AdmissionLink {
  id: string;
  name: string;
  address: string;
  pincode: string;
  center: string;
}

const admissionSnapshot = (a: AdmissionLink): OrderAddressSnapshot => ({
  id: a.id,
  location_user: 'Admission',
  new_address: a.address,
  city: '',
  area: a.center,
  pincode: a.pincode,
  latitude: null,
  longitude: null,
  user_name: a.name,
});

const snapshot = (a: Address): OrderAddressSnapshot => ({
  id: a.id,
  location_user: a.location_user,
  new_address: a.new_address,
  city: a.city,
  area: a.area,
  pincode: a.pincode,
  latitude: a.latitude,
  longitude: a.longitude,
  user_name: a.user_name,
});

/** A receipt id: short, unique per store, at most 40 characters as Razorpay wants. */
const newReceiptId = () =>
  `rcpt_${Date.now().toString(36)}${randomBytes(5).toString('hex')}`.slice(0, 40);

export interface OrdersServiceDeps {
  repository: OrdersRepository;
  /** Stock held again for Pay now of an order whose hold ended. */
  holds: HoldsService;
  /** Gateway orders opened and checked for payments captured meanwhile. */
  payments: PaymentsService;
  checkout: CheckoutService;
  addresses: AddressesService;
  cart: CartService;
  /** Issues the tax invoice of a course-only order when it is paid; reads orders' documents. */
  invoices: InvoicesService;
  gateways: StoreGateways;
  email: EmailSender;
  /** Where the order emails are sent from, after the answer. */
  afterAnswer: AfterAnswerTasks;
  clock: Clock;
  stockHoldMinutes: number;
  /** How long a manual UPI order holds its stock, unconfirmed (MANUAL_PAY_HOLD_HOURS). */
  manualPayHoldHours?: number;
  log: FastifyBaseLogger;
}

/** Placing and reading orders; a confirmed order's cart cleared and emails sent. */
export class OrdersService {
  constructor(private readonly d: OrdersServiceDeps) {}

  // ------------------------------------------------------------------------------------------
  // Placing
  // ------------------------------------------------------------------------------------------

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
      const existing = await this.d.repository.byIdempotencyKey(caller.id, idempotencyKey);
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
    let billing: Address | null = null;
    if (!admission) {
      billing = body.billing_address
        ? await this.d.addresses.ownAddress(caller, body.billing_address)
        : null;
      if (!billing) throw new BadRequest(CHECKOUT_MESSAGES.addressNotYours, 'billing_address');
      if (!body.shipping_address) {
        throw new BadRequest(CHECKOUT_MESSAGES.chooseShipping, 'shipping_address');
      }
    }
    const quote = await this.d.checkout.quote(caller, {
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
        const existing = await this.d.repository.byIdempotencyKey(caller.id, idempotencyKey);
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
    if (s.payNowPaise > 0) {
      const pending = await this.d.repository.awaitingPaymentOfCart(caller.id, cartFingerprint);
      if (
        pending &&
        pending.amountToPayPaise === s.payNowPaise &&
        pending.totalAmountPaise === s.totalPaise
      ) {
        const again = await this.payAgainOf(pending);
        return this.answer(again.order, again.razorpayOrder);
      }
    }
    const shipping = quote.shipping ?? billing;
    const billingSnapshot = billing ? snapshot(billing) : admissionSnapshot(admission!);
    const shippingSnapshot = shipping ? snapshot(shipping) : billingSnapshot;
    const now = this.d.clock();
    // A manual UPI order is paid to the shop's UPI ID and confirmed by the shop (decision 0039):
    // no gateway order; it holds its stock for MANUAL_PAY_HOLD_HOURS.
    const manual = body.payment_mode === MANUAL_UPI;
    const holdMs = manual
      ? (this.d.manualPayHoldHours ?? 24) * 3_600_000
      : this.d.stockHoldMinutes * 60_000;
    const gateway = await this.d.gateways.forStore(quote.storeId);
    // The gateway order first, for the amount the order will carry: a network call never holds
    // a row lock, a gateway that is down leaves nothing behind, and the order row is written
    // whole. One the order then fails to take (out of stock, a race) is never paid and expires.
    const id = randomUUID();
    const receiptId = newReceiptId();
    const opened =
      s.payNowPaise > 0 && !manual
        ? await this.d.payments.openGatewayOrder(gateway, {
            amountPaise: s.payNowPaise,
            receipt: receiptId,
            notes: { order_id: id, store_id: quote.storeId },
          })
        : null;

    let order: PlacedOrder;
    try {
      order = await this.d.repository.place({
        order: {
          id,
          storeId: quote.storeId,
          userId: caller.id,
          receiptId,
          cartFingerprint,
          paymentMode: body.payment_mode,
          amountBeforeDiscountPaise: s.amountBeforeDiscountPaise,
          discountPaise: s.couponDiscountPaise,
          amountAfterDiscountPaise: s.amountAfterDiscountPaise,
          deliveryChargePaise: s.deliveryChargePaise,
          totalAmountPaise: s.totalPaise,
          amountToPayPaise: s.payNowPaise,
          remainingAmountPaise: s.remainingPaise,
          deliveryPercentage:
            body.payment_mode === 'Pay on delivery' ? quote.settings.deliveryPercentage : 0,
          distanceKm: quote.delivery.distanceKm,
          taxableValuePaise: s.gst.taxablePaise,
          cgstPaise: s.gst.cgstPaise,
          sgstPaise: s.gst.sgstPaise,
          igstPaise: s.gst.igstPaise,
          sellerGstin: quote.settings.gstin,
          sellerStateCode: quote.settings.gstStateCode,
          shippingState: quote.shippingState,
          shippingStateCode: quote.shippingStateCode,
          couponApplied: quote.coupon !== null,
          couponCode: quote.coupon ? quote.coupon.row.code : '',
          userName: billing ? billing.user_name : admission!.name,
          userGstNo: body.user_gstNo ?? '',
          mobile: body.mobile,
          customerNote: body.customer_note,
          billingAddressId: billing?.id ?? null,
          shippingAddressId: shipping?.id ?? null,
          billingAddress: billingSnapshot,
          shippingAddress: shippingSnapshot,
          admissionId: admission?.id ?? null,
          gateway: manual ? 'upi' : gateway.name,
          gatewayOrderId: opened?.id ?? null,
          gatewayKeyId: manual ? '' : gateway.keyId,
          idempotencyKey: idempotencyKey ?? null,
          idempotencyRequestHash: idempotencyKey ? requestHash : null,
          stockHoldExpiresAt: new Date(now.getTime() + holdMs),
          ...(s.payNowPaise === 0 && { orderStatus: 'Processing', processingDate: now }),
          // Nothing to pay at all (a ₹0 total, fully discounted): paid as placed.
          ...(s.totalPaise === 0 && { paymentStatus: 'Success', paidAt: now }),
        },
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
        // A ₹0 order is paid as placed, in the placing's transaction: the sale counted and a
        // course-only order invoiced, as a payment would (settlePaid).
        paid:
          s.totalPaise === 0
            ? {
                onPaid: async (tx, orderId) => {
                  const lines = quote.priced.lines;
                  if (lines.length > 0 && lines.every((l) => l.course)) {
                    await this.d.invoices.issueInvoice(tx, orderId, now);
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
        const existing = await this.d.repository.byIdempotencyKey(caller.id, idempotencyKey);
        if (existing) return this.replay(existing, requestHash);
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

    if (manual && s.payNowPaise > 0) {
      // Waits for the customer's UPI payment and the shop's confirmation: nothing is confirmed,
      // emailed or cleared now (the confirmation does it, as a verified payment would).
      return this.upiAnswer(order);
    }
    if (!opened) {
      // Nothing to pay online (pay on delivery without an advance, or a ₹0 order): confirmed
      // now. Nothing after the commit can fail the request (afterConfirmed logs its failures).
      await this.afterConfirmed((await this.d.repository.byId(order.id))!);
      return this.answer(order, null);
    }
    return this.answer(order, opened);
  }

  /**
   * POST /payment/order/{id}/pay (Pay now, Try again): the caller's order awaiting its online
   * payment opens again for payment (decision 0040). Another user's order is not found; an order
   * paid or cancelled meanwhile is a 409.
   */
  async payAgain(caller: SignedInUser, id: string): Promise<PayNowResponse> {
    const order = UUID.test(id) ? await this.d.repository.byId(id) : null;
    if (!order || order.userId !== caller.id) throw new NotFound(ORDER_NOT_FOUND, 'id');
    const { order: now, razorpayOrder } = await this.payAgainOf(order);
    return {
      success: true,
      razorpay_order: razorpayOrder,
      order_id: now.id,
      receipt_id: now.receiptId,
      order_number: await this.orderNumberOf(now),
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
   */
  private async payAgainOf(
    order: OrderRow,
  ): Promise<{ order: OrderRow; razorpayOrder: RazorpayOrder }> {
    if (!awaitingPayment(order)) throw new Conflict(RETRY_MESSAGES.notAwaiting, 'id');
    const now = this.d.clock();
    const holding = !order.stockReleasedAt && order.stockHoldExpiresAt > now;
    if (holding && order.gatewayOrderId) {
      return { order, razorpayOrder: this.d.payments.gatewayOrderOf(order) };
    }
    const settled = await this.d.payments.settleFromGateway(order).catch((err: unknown) => {
      // Unchecked: a payment captured meanwhile still settles or is refunded when reported.
      this.d.log.warn({ err, orderId: order.id }, 'gateway check before Pay now failed');
      return false;
    });
    if (settled) {
      const paid = (await this.d.repository.byId(order.id))!;
      return { order: paid, razorpayOrder: this.d.payments.gatewayOrderOf(paid) };
    }
    // The gateway order first (no lock held over the network, as placing does), then the
    // stock held again and the gateway order named in one transaction.
    const gateway = await this.d.gateways.forStore(order.storeId);
    const opened = await this.d.payments.openGatewayOrder(gateway, {
      amountPaise: order.amountToPayPaise,
      receipt: order.receiptId,
      notes: { order_id: order.id, store_id: order.storeId },
    });
    let held: Awaited<ReturnType<HoldsService['holdAgain']>>;
    try {
      held = await this.d.holds.holdAgain(
        order.id,
        now,
        new Date(now.getTime() + this.d.stockHoldMinutes * 60_000),
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
      razorpayOrder: held.renewed ? opened : this.d.payments.gatewayOrderOf(held.order),
    };
  }

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
      const names = await this.d.repository.storeNames(missing);
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
    if (order.gatewayOrderId) return this.answer(order, this.d.payments.gatewayOrderOf(order));
    if (order.paymentStatus !== 'Pending' || order.stockReleasedAt) {
      throw new Unavailable(GATEWAY_DOWN);
    }
    const gateway = await this.d.gateways.forStore(order.storeId);
    const opened = await this.d.payments.openGatewayOrder(gateway, {
      amountPaise: order.amountToPayPaise,
      receipt: order.receiptId,
      notes: { order_id: order.id, store_id: order.storeId },
    });
    if (await this.d.payments.recordGatewayOrder(order.id, opened.id, gateway.keyId)) {
      return this.answer(order, opened);
    }
    // Another retry recorded one first: answer with that one (ours is never paid).
    const current = await this.d.repository.byId(order.id);
    return this.answer(order, this.d.payments.gatewayOrderOf(current!));
  }

  /** The answer of a placed manual UPI order: how to pay it (QR, link, UPI ID). */
  private async upiAnswer(order: PlacedOrder): Promise<PayByUpiResponse> {
    const row = (await this.d.repository.byId(order.id))!;
    return {
      success: true,
      order_id: order.id,
      receipt_id: order.receiptId,
      order_number: await this.orderNumberOf(row),
      totalAmountbeforePay: paiseToRupees(order.totalAmountPaise),
      upi: await this.upiPaymentOf(row),
    };
  }

  private async upiPaymentOf(row: OrderRow): Promise<UpiPayment> {
    const settings = await this.d.checkout.settings(row.storeId);
    return manualUpiPayment(
      row,
      { upiId: settings.upiId, payeeName: settings.upiPayeeName },
      await this.orderNumberOf(row),
    );
  }

  private async answer(
    order: PlacedOrder,
    razorpayOrder: RazorpayOrder | null,
  ): Promise<PayNowResponse | PayNowPaidResponse | PayOnDeliveryResponse> {
    const total = paiseToRupees(order.totalAmountPaise);
    const orderNumber = await this.orderNumberOf(order);
    if (order.paymentMode === 'Pay now' || order.paymentMode === MANUAL_UPI) {
      if (!razorpayOrder) {
        // A ₹0 order (fully discounted): paid as placed, no gateway order; the web goes
        // straight to the success page.
        return {
          success: true,
          order_id: order.id,
          receipt_id: order.receiptId,
          order_number: orderNumber,
          totalAmountbeforePay: total,
          status: 'Success',
        };
      }
      return {
        success: true,
        razorpay_order: razorpayOrder,
        order_id: order.id,
        receipt_id: order.receiptId,
        order_number: orderNumber,
        totalAmountbeforePay: total,
      };
    }
    return {
      success: true,
      order_id: order.id,
      receipt_id: order.receiptId,
      order_number: orderNumber,
      ...(razorpayOrder && { razorpay_order: razorpayOrder }),
      totalAmountbeforePay: total,
      advance: paiseToRupees(order.amountToPayPaise),
      remaining_amount: paiseToRupees(order.remainingAmountPaise),
    };
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
      row = await this.d.repository.setUtr(order.id, utr, this.d.clock());
    } catch (err) {
      if (isUniqueViolation(err)) throw new Conflict(MANUAL_UPI_MESSAGES.utrUsed, 'utr');
      throw err;
    }
    if (!row) {
      const now = (await this.d.repository.byId(order.id))!;
      throw new Conflict(
        now.orderStatus === 'Cancelled'
          ? MANUAL_UPI_MESSAGES.cancelled
          : MANUAL_UPI_MESSAGES.alreadyPaid,
        'order_id',
      );
    }
    const paid = row;
    this.d.afterAnswer.run(() => this.sendUtrNotice(paid), 'UTR notice failed', {
      orderId: paid.id,
    });
    return this.upiPaymentOf(row);
  }

  private async ownUpiOrder(caller: SignedInUser, id: string): Promise<OrderRow> {
    const row = UUID.test(id) ? await this.d.repository.byId(id) : null;
    if (!row || row.userId !== caller.id) throw new NotFound(ORDER_NOT_FOUND, 'id');
    if (row.paymentMode !== MANUAL_UPI) throw new BadRequest(MANUAL_UPI_MESSAGES.notUpiOrder, 'id');
    return row;
  }

  /** The shop's notice that a customer says they paid by UPI: check the bank, then confirm. */
  private async sendUtrNotice(order: OrderRow) {
    const settings = await this.d.checkout.settings(order.storeId);
    if (!settings.notificationEmail) return;
    await this.d.email.send(upiToConfirmEmail(settings.notificationEmail, order));
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
        await this.d.cart.clearAfterOrder(order.userId);
      } catch (err) {
        this.d.log.error({ err, orderId: order.id }, 'clearing the cart after an order failed');
      }
    }
    this.d.afterAnswer.run(() => this.sendOrderEmails(order, lines), 'order emails failed', {
      orderId: order.id,
    });
  }

  /** The customer's confirmation and the shop's notice of a confirmed order. */
  private async sendOrderEmails(order: OrderRow, known?: readonly OrderLineRow[]) {
    const lines = known ?? (await this.d.repository.linesOf([order.id])).get(order.id) ?? [];
    const settings = await this.d.checkout.settings(order.storeId);
    const contact = await this.d.repository.userContact(order.userId);
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
        await this.d.email.send(mail);
      } catch (err) {
        this.d.log.error({ err, orderId: order.id }, 'order email failed');
      }
    }
  }

  /** Who to write to about a user's orders (email and name). */
  contactOf(userId: string): Promise<{ email: string; name: string } | null> {
    return this.d.repository.userContact(userId);
  }

  // ------------------------------------------------------------------------------------------
  // Reading
  // ------------------------------------------------------------------------------------------

  async list(caller: SignedInUser): Promise<Order[]> {
    return this.answerOrders(await this.d.repository.listOfUser(caller.id));
  }

  /**
   * One of the caller's admission payments, by order id or receipt id (the admission result
   * pages carry the receipt id); another user's, or a shop order, is not found.
   */
  async admissionPayment(caller: SignedInUser, id: string): Promise<AdmissionPayment> {
    const row = UUID.test(id)
      ? await this.d.repository.byId(id)
      : await this.d.repository.byReceiptId(caller.storeId, id);
    if (!row || row.userId !== caller.id || !row.admissionId) {
      throw new NotFound(ORDER_NOT_FOUND, 'id');
    }
    const lines = (await this.d.repository.linesOf([row.id])).get(row.id) ?? [];
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
    const row = await this.d.repository.byId(id);
    if (!row || row.userId !== caller.id) throw new NotFound(ORDER_NOT_FOUND, 'id');
    return (await this.answerOrders([row]))[0]!;
  }

  /** Order and payment counts for /api/metrics. */
  figures(): Promise<OrderFigures> {
    return this.d.repository.figures();
  }

  /** One order of the store, for its staff (another store's staff: 403, as for moves). */
  async oneOfStore(storeId: string, id: string): Promise<Order> {
    const row = await this.d.repository.byId(id);
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
      this.d.repository.linesOf(ids),
      this.d.repository.timelinesOf(ids),
      this.d.payments.refundsOf(ids),
      this.d.invoices.documentsOf(ids),
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

/** The domain's `isAwaitingPayment` of a stored order. */
const awaitingPayment = (r: OrderRow) =>
  isAwaitingPayment({
    paymentMode: r.paymentMode as PaymentMode,
    orderStatus: r.orderStatus as OrderStatus,
    paymentStatus: r.paymentStatus as PaymentStatus,
    payNowPaise: r.amountToPayPaise,
  });

function orderLinesOf(q: OrderQuote): NewOrderLine[] {
  return q.priced.lines.map((l, i) => {
    const s = q.summary.lines[i]!;
    return {
      storeId: q.storeId,
      productId: l.productId,
      variationId: l.variationId,
      sku: l.sku,
      name: l.title,
      image: l.image,
      variationAttributes: l.attributes,
      course: l.course,
      deliveryDays: l.course ? null : l.deliveryDays,
      quantity: l.quantity,
      unitPricePaise: l.pricePaise,
      unitSalePricePaise: s.unitPricePaise,
      lineTotalPaise: s.salePaise,
      discountPaise: s.couponSharePaise,
      hsnCode: l.hsnCode,
      gstRateBp: Math.round(s.gstRatePercent * 100),
      taxableValuePaise: s.gst.taxablePaise,
      taxPaise: s.gst.taxPaise,
      cgstPaise: s.gst.cgstPaise,
      sgstPaise: s.gst.sgstPaise,
      igstPaise: s.gst.igstPaise,
      position: i,
    };
  });
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const taxDocument = (d: { number: string; issuedAt: Date } | null | undefined) =>
  d ? { number: d.number, date: d.issuedAt.toISOString() } : null;

/** What an order answer carries besides its row and lines (empty when not read). */
/** The domain's `isOrderFullyPaid` of a stored order. */
export const isRowFullyPaid = (r: OrderRow) =>
  isOrderFullyPaid({
    paymentStatus: r.paymentStatus as PaymentStatus,
    remainingPaise: r.remainingAmountPaise,
    collected: r.collectedAt !== null,
  });

export interface OrderExtras {
  /** The short number (`UR-10423`); without it, the store's sequence number alone. */
  orderNumber?: string | undefined;
  timeline?: readonly TimelineRow[];
  refunds?: readonly RefundRow[];
  docs?: OrderTaxDocuments | undefined;
}

export function toOrder(
  r: OrderRow,
  lines: readonly OrderLineRow[],
  { orderNumber, timeline = [], refunds = [], docs }: OrderExtras = {},
): Order {
  const rupees = paiseToRupees;
  return {
    order_id: r.id,
    receipt_id: r.receiptId,
    order_number: orderNumber ?? String(r.orderNumber),
    awaiting_payment: awaitingPayment(r),
    createdAt: r.createdAt.toISOString(),
    cart_products: lines.map((l) => ({
      product_id: l.productId ?? '',
      product_sku: l.sku,
      product_name: l.name,
      product_image: l.image,
      variation_attributes: l.variationAttributes,
      quantity: l.quantity,
      product_price: rupees(l.unitPricePaise),
      product_saleprice: rupees(l.unitSalePricePaise),
      line_total: rupees(l.lineTotalPaise),
      discount: rupees(l.discountPaise),
      hsn_code: l.hsnCode,
      gst_rate: l.gstRateBp / 100,
      taxable_value: rupees(l.taxableValuePaise),
      tax: rupees(l.taxPaise),
      course: l.course,
      delivery_days: l.deliveryDays,
    })),
    amountbeforediscount: rupees(r.amountBeforeDiscountPaise),
    amountafterdiscount: rupees(r.amountAfterDiscountPaise),
    totalAmountbeforePay: rupees(r.totalAmountPaise),
    remaining_amount: rupees(r.remainingAmountPaise),
    advance: rupees(r.amountToPayPaise),
    deliveryCharge: rupees(r.deliveryChargePaise),
    discountprice: rupees(r.discountPaise),
    distance: r.distanceKm,
    payment_mode: r.paymentMode as Order['payment_mode'],
    status: r.paymentStatus as Order['status'],
    couponapplied: r.couponApplied,
    coupon_code: r.couponCode,
    orderStatus: r.orderStatus as Order['orderStatus'],
    delivered: r.delivered,
    processing_date: iso(r.processingDate),
    shipped_date: iso(r.shippedDate),
    out_deliverydate: iso(r.outDeliveryDate),
    delivery_date: iso(r.deliveryDate),
    courier: r.courier,
    tracking_number: r.trackingNumber,
    collected: rupees(r.collectedPaise),
    collected_at: iso(r.collectedAt),
    fully_paid: isRowFullyPaid(r),
    user_name: r.userName,
    user_gstNo: r.userGstNo,
    mobile: r.mobile,
    customer_note: r.customerNote,
    billing_address: r.billingAddress,
    shipping_address: r.shippingAddress,
    tax: {
      taxable_value: rupees(r.taxableValuePaise),
      cgst: rupees(r.cgstPaise),
      sgst: rupees(r.sgstPaise),
      igst: rupees(r.igstPaise),
      total_tax: rupees(r.cgstPaise + r.sgstPaise + r.igstPaise),
      supply:
        r.igstPaise > 0 || r.sellerStateCode !== r.shippingStateCode
          ? 'inter-state'
          : 'intra-state',
      shipping_state: r.shippingState,
    },
    seller_gstin: r.sellerGstin,
    razorpay_order_id: r.gatewayOrderId,
    utr: r.utr,
    version: r.version,
    timeline: timeline.map((e) => ({
      at: e.at.toISOString(),
      from: e.fromStatus as Order['orderStatus'] | null,
      to: e.toStatus as Order['orderStatus'],
      by: e.actorKind as Order['timeline'][number]['by'],
      note: e.note,
      event: e.event as Order['timeline'][number]['event'],
    })),
    refunds: refunds.map((f) => ({
      id: f.id,
      amount: rupees(f.amountPaise),
      status: f.status as Order['refunds'][number]['status'],
      reason: f.reason,
      createdAt: f.createdAt.toISOString(),
      processedAt: iso(f.processedAt),
    })),
    invoice: taxDocument(docs?.invoice),
    credit_note: taxDocument(docs?.creditNote),
  };
}

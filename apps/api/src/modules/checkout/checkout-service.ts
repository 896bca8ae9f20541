import {
  CART_MESSAGES,
  CHECKOUT_MESSAGES,
  COURSE_MESSAGES,
  MANUAL_UPI_MESSAGES,
  onlyLeftInStock,
  type Address,
  type CouponCheckResponse,
  type PaymentMode,
  type PaymentSummary,
} from '@shop/contracts';
import {
  composeOrderSummary,
  deliveryCharge,
  hasGrievanceContact,
  isIntraStateSupply,
  paiseToRupees,
  payOnDeliveryAllowed,
  roadDistanceKm,
  servesPincode,
  type DeliveryQuote,
  type OrderSummary,
} from '@shop/domain';
import type { PincodeDirectory } from '../../adapters/pincode-directory.ts';
import type { Clock } from '../../lib/clock.ts';
import { BadRequest, NotFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { Limit, RateLimiter } from '../../plugins/rate-limiter.ts';
import type { AddressesService } from '../addresses/addresses-service.ts';
import type { CartService } from '../cart/cart-service.ts';
import type { CatalogueService } from '../catalogue/catalogue-service.ts';
import type { LineRequest, PricedOrder, PricingService } from '../pricing/pricing-service.ts';
import type { StoreCheckoutCache } from './store-checkout-cache.ts';
import type { StoreGateways } from '../payments/index.ts';
import { toCouponData, type CouponCheck, type CouponRow } from '../coupons/index.ts';
import type { CheckoutRepository, StoreSettingsRow } from './checkout-repository.ts';

const STORE_NOT_FOUND = 'Store not found';

/** The 429's words when a limit of coupon codes tried is passed (the limiter adds when to retry). */
export const TOO_MANY_COUPON_TRIES = 'Too many coupon codes tried.';
/** The window of the coupon limits: 10 minutes. */
export const COUPON_TRY_WINDOW_MS = 10 * 60_000;

/**
 * How many coupon codes may be tried in `COUPON_TRY_WINDOW_MS` (issue 58 item 8: codes must not
 * be guessable): checked at GET /coupon/check per IP address and per account, and codes the
 * store has no coupon of, sent with checkout's summary, an order or a quote request, per account.
 */
export interface CouponTryLimits {
  perIp: number;
  perAccount: number;
}

/** The pay buttons each payment mode needs. */
const BUTTON_OF: Record<PaymentMode, string> = {
  'Pay now': 'paynow',
  'Pay on delivery': 'payondelivery',
  'Pay by UPI': 'paymanual',
};

/** What checkout holds, as the service reads it. */
export interface QuoteInput {
  storeId: string;
  /** Null: the caller's server cart. */
  lines: readonly LineRequest[] | null;
  couponCode: string;
  shippingAddressId: string | null;
  paymentMode: PaymentMode;
  /** Addresses the caller already read as their own (the shipping address is not read again). */
  knownAddresses?: readonly Address[];
  /** Field name of line `i` in the request (errors name it). */
  lineField?: (i: number) => string;
}

/** Why an order cannot be placed as it stands. */
export interface NotOrderable {
  reason: string;
  field: string;
}

/**
 * The whole price of an order as the server computes it: the pricing unit's lines, then the
 * domain's coupon, delivery charge (office → shipping address, road factor, bands), GST split
 * (store state vs the shipping pincode's state) and advance. `problem` says why it cannot be
 * ordered (then the figures are still those of the lines and coupon).
 */
export interface OrderQuote {
  storeId: string;
  settings: StoreSettingsRow;
  priced: PricedOrder;
  coupon: { row: CouponRow; discountPaise: number } | null;
  couponCode: string;
  couponMessage: string | undefined;
  delivery: DeliveryQuote;
  summary: OrderSummary;
  shipping: Address | null;
  shippingState: string;
  shippingStateCode: string;
  intraState: boolean;
  paymentMode: PaymentMode;
  problem: NotOrderable | null;
}

export interface CheckoutServiceDeps {
  repository: CheckoutRepository;
  /** Each store's settings, bands, pay buttons and gateway keys, cached behind a version. */
  stores: StoreCheckoutCache;
  pricing: PricingService;
  addresses: AddressesService;
  cart: CartService;
  catalogue: CatalogueService;
  pincodes: () => PincodeDirectory;
  gateways: StoreGateways;
  /** A coupon code checked against a sale total (the coupons module's rule). */
  coupons: CouponCheck;
  limiter: RateLimiter;
  couponTries: CouponTryLimits;
  clock: Clock;
}

/** Store reads for checkout and the server's order summary. */
export class CheckoutService {
  constructor(private readonly checkoutDeps: CheckoutServiceDeps) {}

  /** The store's checkout settings; a store without them cannot take orders (404). */
  async settings(storeId: string): Promise<StoreSettingsRow> {
    return (await this.store(storeId)).settings;
  }

  /** The store's cached checkout data; 404 for a store without settings. */
  private async store(storeId: string) {
    const data = await this.checkoutDeps.stores.get(storeId);
    if (!data.settings) throw new NotFound(STORE_NOT_FOUND, 'storeId');
    return { ...data, settings: data.settings };
  }

  async payRazorpay(storeId: string) {
    const { gateway: own, settings } = await this.store(storeId);
    const gateway = await this.checkoutDeps.gateways.forStore(storeId);
    return {
      key_id: gateway.keyId,
      company_name: own?.companyName ?? '',
      company_color: own?.companyColor ?? '#2563eb',
      gateway: gateway.name,
      online_payments: await this.checkoutDeps.gateways.onlinePayments(storeId),
      pay_at_academy: settings.payAtAcademy,
    };
  }

  async deliveryBands(storeId: string) {
    return (await this.store(storeId)).bands
      .filter((b) => b.status === 'Active')
      .map((b) => ({
        min_kilometer: b.minKilometer,
        max_kilometer: b.maxKilometer,
        delivery_price: paiseToRupees(b.deliveryPricePaise),
        status: 'Active' as const,
      }));
  }

  async freeDeliveryBands(storeId: string) {
    return (await this.store(storeId)).freeBands.map((b) => ({
      min_kilometer: b.minKilometer,
      max_kilometer: b.maxKilometer,
      freedelivery_price: paiseToRupees(b.freeDeliveryPricePaise),
    }));
  }

  async advancePercentage(storeId: string) {
    return (await this.settings(storeId)).deliveryPercentage;
  }

  async office(storeId: string) {
    const s = await this.settings(storeId);
    const grievance = { name: s.grievanceOfficerName, email: s.grievanceOfficerEmail };
    return {
      google_address: s.officeAddress,
      latitude: s.officeLatitude,
      longitude: s.officeLongitude,
      grievance_officer: hasGrievanceContact(grievance)
        ? { ...grievance, phone: s.grievanceOfficerPhone }
        : null,
    };
  }

  /** The coupon limits of an IP address (when known) and of the caller (when signed in). */
  private couponTryLimits(ip: string | null, caller: SignedInUser | null): Limit[] {
    const { perIp, perAccount } = this.checkoutDeps.couponTries;
    const windowMs = COUPON_TRY_WINDOW_MS;
    return [
      ...(ip !== null ? [{ key: `coupon-try:ip:${ip}`, max: perIp, windowMs }] : []),
      ...(caller ? [{ key: `coupon-try:user:${caller.id}`, max: perAccount, windowMs }] : []),
    ];
  }

  /**
   * A code the caller's order carries, against the coupons module's rule: refused (429) once the
   * caller's coupon limit is used up, whatever the code, so a 429 tells nothing of it; a code the
   * store has no coupon of is counted (a guess). The code applied at checkout, sent again with
   * each change, is a known one and never counted.
   */
  private async orderCoupon(
    storeId: string,
    code: string,
    saleTotalPaise: number,
    caller: SignedInUser,
  ) {
    const limits = this.couponTryLimits(null, caller);
    await this.checkoutDeps.limiter.check(limits, TOO_MANY_COUPON_TRIES);
    const result = await this.checkoutDeps.coupons.check(storeId, code, saleTotalPaise, caller);
    if (!result.ok && !result.known) {
      await this.checkoutDeps.limiter.hit(limits, TOO_MANY_COUPON_TRIES);
    }
    return result;
  }

  /**
   * The coupon's rules against a sale total (0 when not given) for the caller, if signed in.
   * Every check counts against the coupon limits of the IP address and of the account (429
   * past either), before the code is looked up.
   */
  async checkCoupon(
    storeId: string,
    code: string,
    saleTotalPaise: number,
    caller: SignedInUser | null,
    ip: string,
  ): Promise<CouponCheckResponse> {
    await this.checkoutDeps.limiter.hit(this.couponTryLimits(ip, caller), TOO_MANY_COUPON_TRIES);
    await this.settings(storeId);
    const result = await this.checkoutDeps.coupons.check(storeId, code, saleTotalPaise, caller);
    if (!result.ok) return { isError: true, message: result.message, couponData: null };
    return {
      isError: false,
      message: CHECKOUT_MESSAGES.couponApplied,
      couponData: toCouponData(result.row),
    };
  }

  /**
   * A coupon code against a sale total with the checkout's own rule (the domain's `applyCoupon`
   * with the store's coupon and the caller's uses), for other modules (quotes). An empty code
   * is no coupon.
   */
  async couponDiscount(
    caller: SignedInUser,
    code: string,
    saleTotalPaise: number,
  ): Promise<
    | { ok: true; code: string; discountPaise: number; message: string }
    | { ok: false; message: string }
    | null
  > {
    if (code.trim() === '') return null;
    const result = await this.orderCoupon(caller.storeId, code, saleTotalPaise, caller);
    if (!result.ok) return result;
    return {
      ok: true,
      code: result.row.code,
      discountPaise: result.discountPaise,
      message: CHECKOUT_MESSAGES.couponApplied,
    };
  }

  /**
   * Prices an order from what checkout holds. Throws for input that names something wrong
   * (unknown product, another user's address, an empty cart, a store without settings);
   * answers `problem` for an order that is well formed but cannot be placed (stock, delivery,
   * payment mode, missing shipping address). An unusable coupon gives `couponMessage` and no
   * discount.
   */
  async quote(caller: SignedInUser, input: QuoteInput): Promise<OrderQuote> {
    const { storeId } = input;
    if (storeId !== caller.storeId) throw new BadRequest(STORE_NOT_FOUND, 'main_id');
    // The store's data (cached) and the shipping address are read together.
    const storeRead = this.store(storeId);
    const known = input.knownAddresses?.find((a) => a.id === input.shippingAddressId);
    const shippingRead =
      input.shippingAddressId && !known
        ? this.checkoutDeps.addresses.ownAddress(caller, input.shippingAddressId)
        : Promise.resolve(known ?? null);
    // A read that is never awaited (an earlier check threw) must not be an unhandled rejection.
    shippingRead.catch(() => undefined);
    const store = await storeRead;
    const { settings } = store;
    const lineField = input.lineField ?? ((i: number) => `cart_products.${i}`);
    const lines = input.lines ?? (await this.checkoutDeps.cart.lineRequests(caller));
    if (lines.length === 0) throw new BadRequest(CHECKOUT_MESSAGES.cartEmpty, 'cart_products');
    const priced = await this.checkoutDeps.pricing.price(storeId, lines, lineField);

    let problem: NotOrderable | null = null;
    const flag = (reason: string, field: string) => {
      problem ??= { reason, field };
    };
    // The same sku twice counts against one stock.
    const wanted = new Map<string, number>();
    for (const line of priced.lines) {
      const key = `${line.productId}\n${line.sku}`;
      wanted.set(key, (wanted.get(key) ?? 0) + line.quantity);
    }
    priced.lines.forEach((line, i) => {
      const want = wanted.get(`${line.productId}\n${line.sku}`) ?? line.quantity;
      if (!line.inStock) flag(CART_MESSAGES.outOfStock, `${lineField(i)}.quantity`);
      else if (want > line.stock) flag(onlyLeftInStock(line.stock), `${lineField(i)}.quantity`);
    });

    const buttons = store.payButtons;
    const button = BUTTON_OF[input.paymentMode];
    if (!buttons.some((b) => b.button_id === button && b.status === 'Active')) {
      flag(CHECKOUT_MESSAGES.payModeUnavailable, 'payment_mode');
    }
    // A course is paid on delivery only where the shop takes payment at its academy.
    if (
      input.paymentMode === 'Pay on delivery' &&
      !payOnDeliveryAllowed(priced.lines, settings.payAtAcademy)
    ) {
      flag(COURSE_MESSAGES.payAtAcademyOff, 'payment_mode');
    }

    let coupon: OrderQuote['coupon'] = null;
    let couponMessage: string | undefined;
    if (input.couponCode.trim() !== '') {
      const result = await this.orderCoupon(
        storeId,
        input.couponCode,
        priced.itemsTotalPaise,
        caller,
      );
      if (result.ok) {
        coupon = { row: result.row, discountPaise: result.discountPaise };
        couponMessage = CHECKOUT_MESSAGES.couponApplied;
      } else couponMessage = result.message;
    }

    const needsDelivery = priced.lines.some((l) => !l.course);
    let shipping: Address | null = null;
    if (input.shippingAddressId) {
      shipping = await shippingRead;
      if (!shipping) throw new BadRequest(CHECKOUT_MESSAGES.addressNotYours, 'shipping_address');
    } else if (needsDelivery) {
      flag(CHECKOUT_MESSAGES.chooseShipping, 'shipping_address');
    }

    const place = shipping ? this.checkoutDeps.pincodes().lookup(shipping.pincode) : null;
    const shippingStateCode = place?.stateCode ?? settings.gstStateCode;
    const shippingState = place?.state ?? settings.state;
    const intraState = isIntraStateSupply(settings.gstStateCode, shippingStateCode);

    let distanceKm: number | null = null;
    if (shipping) {
      const at =
        shipping.latitude !== null && shipping.longitude !== null
          ? { latitude: shipping.latitude, longitude: shipping.longitude }
          : place;
      if (at) {
        distanceKm = roadDistanceKm(
          { latitude: settings.officeLatitude, longitude: settings.officeLongitude },
          { latitude: at.latitude, longitude: at.longitude },
          settings.roadFactor,
        );
      }
    }
    const { bands, freeBands } = store;
    const delivery =
      needsDelivery && !shipping
        ? ({ deliverable: true, chargePaise: 0, distanceKm: null, free: false } as const)
        : deliveryCharge({
            needsDelivery,
            distanceKm,
            saleTotalPaise: priced.itemsTotalPaise,
            // Any address may be saved (billing anywhere); only as the shipping address must its
            // pincode be one the shop serves (accounts-checkout-payments §5).
            pincodeServed: !shipping || servesPincode(shipping.pincode, store.activePincodes),
            bands: bands.map((b) => ({
              minKm: b.minKilometer,
              maxKm: b.maxKilometer,
              pricePaise: b.deliveryPricePaise,
              active: b.status === 'Active',
            })),
            freeBands: freeBands.map((b) => ({
              minKm: b.minKilometer,
              maxKm: b.maxKilometer,
              minSaleTotalPaise: b.freeDeliveryPricePaise,
            })),
          });
    if (!delivery.deliverable) flag(delivery.reason, 'shipping_address');

    const summary = composeOrderSummary({
      lines: priced.lines.map((l) => ({
        listPricePaise: l.pricePaise,
        salePricePaise: l.salePricePaise,
        quantity: l.quantity,
        gstRule: l.gstRule,
        isCourse: l.course,
      })),
      couponDiscountPaise: coupon?.discountPaise ?? 0,
      deliveryChargePaise: delivery.deliverable ? delivery.chargePaise : 0,
      intraState,
      advancePercent: input.paymentMode === 'Pay on delivery' ? settings.deliveryPercentage : null,
    });

    if (input.paymentMode === 'Pay by UPI') {
      // Paid to the shop's own UPI ID (decision 0039): no gateway, but the ID must be set.
      if (settings.upiId === '' || settings.upiPayeeName === '') {
        flag(MANUAL_UPI_MESSAGES.notSetUp, 'payment_mode');
      }
    } else if (
      summary.payNowPaise > 0 &&
      !(await this.checkoutDeps.gateways.onlinePayments(storeId))
    ) {
      // Money taken online needs the gateway's keys (a real shop before its owner entered them).
      flag(CHECKOUT_MESSAGES.onlinePaymentsOff, 'payment_mode');
    }

    return {
      storeId,
      settings,
      priced,
      coupon,
      couponCode: coupon ? coupon.row.code : input.couponCode.trim(),
      couponMessage,
      delivery,
      summary,
      shipping,
      shippingState,
      shippingStateCode,
      intraState,
      paymentMode: input.paymentMode,
      problem,
    };
  }

  /** POST /payment/summary: the quote at the edge. */
  async summary(caller: SignedInUser, input: QuoteInput): Promise<PaymentSummary> {
    return toPaymentSummary(await this.quote(caller, input));
  }
}

/** A quote in the spec's names, rupees with 2 decimals. */
export function toPaymentSummary(q: OrderQuote): PaymentSummary {
  const s = q.summary;
  const rupees = paiseToRupees;
  return {
    isError: false,
    orderable: q.problem === null,
    ...(q.problem && { reason: q.problem.reason, field: q.problem.field }),
    lines: q.priced.lines.map((l, i) => {
      const line = s.lines[i]!;
      return {
        product_id: l.productId,
        product_sku: l.sku,
        product_name: l.title,
        product_image: l.image,
        variation_attributes: l.attributes,
        quantity: l.quantity,
        product_price: rupees(l.pricePaise),
        product_saleprice: rupees(line.unitPricePaise),
        line_total: rupees(line.salePaise),
        discount: rupees(line.couponSharePaise),
        hsn_code: l.hsnCode,
        gst_rate: line.gstRatePercent,
        taxable_value: rupees(line.gst.taxablePaise),
        tax: rupees(line.gst.taxPaise),
        course: l.course,
      };
    }),
    amountbeforediscount: rupees(s.amountBeforeDiscountPaise),
    discountprice: rupees(s.couponDiscountPaise),
    couponapplied: q.coupon !== null,
    coupon_code: q.couponCode,
    ...(q.couponMessage !== undefined && { coupon_message: q.couponMessage }),
    amountafterdiscount: rupees(s.amountAfterDiscountPaise),
    deliveryCharge: rupees(s.deliveryChargePaise),
    distance: q.delivery.distanceKm,
    free_delivery: q.delivery.deliverable && q.delivery.free,
    tax: {
      taxable_value: rupees(s.gst.taxablePaise),
      cgst: rupees(s.gst.cgstPaise),
      sgst: rupees(s.gst.sgstPaise),
      igst: rupees(s.gst.igstPaise),
      total_tax: rupees(s.gst.taxPaise),
      supply: q.intraState ? 'intra-state' : 'inter-state',
      shipping_state: q.shipping ? q.shippingState : null,
    },
    totalAmountbeforePay: rupees(s.totalPaise),
    payment_mode: q.paymentMode,
    delivery_percentage: q.paymentMode === 'Pay on delivery' ? q.settings.deliveryPercentage : 0,
    advance: rupees(s.payNowPaise),
    remaining_amount: rupees(s.remainingPaise),
  };
}

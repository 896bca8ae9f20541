import { randomBytes } from 'node:crypto';
import type { Address, PlaceOrderRequest } from '@shop/contracts';
import type { OrderAddressSnapshot } from '@shop/db';
import type { OrderQuote } from '../checkout/checkout-service.ts';
import type { NewOrder, NewOrderLine } from './orders-repository.ts';

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
export const newReceiptId = () =>
  `rcpt_${Date.now().toString(36)}${randomBytes(5).toString('hex')}`.slice(0, 40);

/** The order lines of a quote, as placing writes them. */
export function orderLinesOf(q: OrderQuote): NewOrderLine[] {
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

/** Who places an order and how it is paid: what the quote does not say. */
export interface OrderPlacement {
  id: string;
  userId: string;
  receiptId: string;
  /** The same cart's key (decision 0040): a second Place order of it pays this order again. */
  cartFingerprint: string;
  body: PlaceOrderInput;
  billing: Address | null;
  admission: AdmissionLink | undefined;
  /** Paid by UPI to the shop, confirmed by the shop: no gateway order. */
  manual: boolean;
  gateway: { name: string; keyId: string };
  gatewayOrderId: string | null;
  idempotencyKey: string | undefined;
  requestHash: string;
  /** How long the order holds its stock unpaid. */
  holdMs: number;
  now: Date;
}

/** The order row placing writes: the quote's figures, who placed it and how it is paid. */
export function newOrderOf(quote: OrderQuote, p: OrderPlacement): NewOrder {
  const { id, receiptId, cartFingerprint, body, billing, admission, manual, gateway } = p;
  const { idempotencyKey, requestHash, holdMs, now } = p;
  const s = quote.summary;
  const shipping = quote.shipping ?? billing;
  const billingSnapshot = billing ? snapshot(billing) : admissionSnapshot(admission!);
  const shippingSnapshot = shipping ? snapshot(shipping) : billingSnapshot;
  return {
    id,
    storeId: quote.storeId,
    userId: p.userId,
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
    gatewayOrderId: p.gatewayOrderId,
    gatewayKeyId: manual ? '' : gateway.keyId,
    idempotencyKey: idempotencyKey ?? null,
    idempotencyRequestHash: idempotencyKey ? requestHash : null,
    stockHoldExpiresAt: new Date(now.getTime() + holdMs),
    ...(s.payNowPaise === 0 && { orderStatus: 'Processing', processingDate: now }),
    // Nothing to pay at all (a ₹0 total, fully discounted): paid as placed.
    ...(s.totalPaise === 0 && { paymentStatus: 'Success', paidAt: now }),
  };
}

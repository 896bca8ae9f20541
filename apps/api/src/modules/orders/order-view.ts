import type { Order } from '@shop/contracts';
import {
  isAwaitingPayment,
  isOrderFullyPaid,
  paiseToRupees,
  type OrderStatus,
  type PaymentMode,
  type PaymentStatus,
} from '@shop/domain';
import type { OrderTaxDocuments } from '../invoices/invoices-service.ts';
import type { RefundRow } from '../payments/index.ts';
import type { OrderLineRow, OrderRow, TimelineRow } from './orders-repository.ts';

/** The domain's `isAwaitingPayment` of a stored order. */
export const awaitingPayment = (r: OrderRow) =>
  isAwaitingPayment({
    paymentMode: r.paymentMode as PaymentMode,
    orderStatus: r.orderStatus as OrderStatus,
    paymentStatus: r.paymentStatus as PaymentStatus,
    payNowPaise: r.amountToPayPaise,
  });

const iso = (d: Date | null) => d?.toISOString() ?? null;

const taxDocument = (d: { number: string; issuedAt: Date } | null | undefined) =>
  d ? { number: d.number, date: d.issuedAt.toISOString() } : null;

/** The domain's `isOrderFullyPaid` of a stored order. */
export const isRowFullyPaid = (r: OrderRow) =>
  isOrderFullyPaid({
    paymentStatus: r.paymentStatus as PaymentStatus,
    remainingPaise: r.remainingAmountPaise,
    collected: r.collectedAt !== null,
  });

/** What an order answer carries besides its row and lines (empty when not read). */
export interface OrderExtras {
  /** The short number (`UR-10423`); without it, the store's sequence number alone. */
  orderNumber?: string | undefined;
  timeline?: readonly TimelineRow[];
  refunds?: readonly RefundRow[];
  docs?: OrderTaxDocuments | undefined;
  /** The numbers of the earlier unpaid orders this one replaced (decision 0050). */
  replaced?: readonly string[];
}

export function toOrder(
  r: OrderRow,
  lines: readonly OrderLineRow[],
  { orderNumber, timeline = [], refunds = [], docs, replaced = [] }: OrderExtras = {},
): Order {
  const rupees = paiseToRupees;
  return {
    order_id: r.id,
    receipt_id: r.receiptId,
    order_number: orderNumber ?? String(r.orderNumber),
    awaiting_payment: awaitingPayment(r),
    payment_not_received: r.paymentExpiredAt !== null,
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
    advance_paid: r.amountToPayPaise > 0 && r.paidAt !== null,
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
    replaced_orders: [...replaced],
  };
}

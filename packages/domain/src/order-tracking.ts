import { estimatedDeliveryRange } from './delivery-estimate.ts';
import type { OrderStatus, PaymentMode, PaymentStatus } from './order-statuses.ts';
import { isAwaitingPayment, isPaymentNotReceived, PAYMENT_NOT_RECEIVED } from './order-retry.ts';

/**
 * Where an order stands on the four-step tracking line (accounts-checkout-payments §4): Pending,
 * Processing and Packed are step 1, Shipped 2, Out for delivery 3, Delivered 4, Cancelled -1
 * (every step shows cancelled). A status this code does not know is step 1.
 */
export type TrackingStep = -1 | 1 | 2 | 3 | 4;

const STEP_OF: Record<OrderStatus, TrackingStep> = {
  Pending: 1,
  Processing: 1,
  Packed: 1,
  Shipped: 2,
  'Out for delivery': 3,
  Delivered: 4,
  Cancelled: -1,
};

export function trackingStep(orderStatus: string): TrackingStep {
  return Object.hasOwn(STEP_OF, orderStatus) ? STEP_OF[orderStatus as OrderStatus] : 1;
}

/** The first step's label: "Order Placed", "Order Processing" or "Packed"; "Cancelled". */
export function firstStepLabel(orderStatus: string): string {
  switch (orderStatus) {
    case 'Processing':
      return 'Order Processing';
    case 'Packed':
      return 'Packed';
    case 'Cancelled':
      return 'Cancelled';
    default:
      return 'Order Placed';
  }
}

/** The fulfilment dates of an order (spec names), ISO text or Date; null when not reached. */
export interface FulfilmentDates {
  processing_date: string | Date | null;
  shipped_date: string | Date | null;
  out_deliverydate: string | Date | null;
  delivery_date: string | Date | null;
}

/**
 * `waiting`: the first step of an order still waiting for its online payment (none yet, or a
 * failed or closed payment window): not placed as far as the shopper is concerned, so never
 * shown done.
 */
export type TrackingStepState = 'done' | 'current' | 'upcoming' | 'cancelled' | 'waiting';

/** The first step's label while the order waits for its online payment (`awaiting_payment`). */
export const AWAITING_PAYMENT_STEP = 'Payment pending';

export interface TrackingStepView {
  /** 1 to 4. */
  step: 1 | 2 | 3 | 4;
  label: string;
  state: TrackingStepState;
  /** The step's date, when it has one. */
  date: Date | null;
  /**
   * What shows instead of a missing date: "Pending" (first), "Estimated soon" (last), else null;
   * always null for a cancelled order. An enrolment's steps have none.
   */
  fallback: 'Pending' | 'Estimated soon' | null;
}

/**
 * An order waiting for its online payment (the order's `awaiting_payment`, `isAwaitingPayment`):
 * its tracking shows no step reached and promises no delivery until it is paid (issue 59 item 4).
 */
interface AwaitingPaymentFlag {
  awaiting_payment?: boolean;
}

/**
 * A course is not delivered: an order of courses only (every admission order, and a shop order
 * of courses alone) is tracked as an enrolment, not as a parcel.
 */
export function isCourseOnlyOrder(lines: readonly { course: boolean }[]): boolean {
  return lines.length > 0 && lines.every((l) => l.course);
}

const toDate = (d: string | Date | null): Date | null => {
  if (d === null) return null;
  const date = d instanceof Date ? d : new Date(d);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * The three steps of an enrolment (an order of courses only): Order Placed (the day it was
 * placed), Paid and Enrolled (both reached when the payment arrives: the processing date; the
 * course is supplied then, its receipt issued). Pending: Order Placed is current; paid (Processing
 * and on): Enrolled is current; Delivered (the shop marks the course given): all done. A
 * cancelled order's steps are all cancelled.
 */
function enrolmentSteps(
  order: { orderStatus: string; createdAt?: string | Date } & FulfilmentDates & AwaitingPaymentFlag,
): TrackingStepView[] {
  const status = order.orderStatus;
  if (order.awaiting_payment === true) return awaitingSteps(['Paid', 'Enrolled']);
  const current = status === 'Cancelled' ? -1 : status === 'Pending' ? 1 : 3;
  const paidOn = toDate(order.processing_date) ?? toDate(order.delivery_date);
  const steps = [
    { label: 'Order Placed', date: toDate(order.createdAt ?? null) },
    { label: 'Paid', date: paidOn },
    { label: 'Enrolled', date: paidOn },
  ];
  return steps.map(({ label, date }, i) => {
    const step = (i + 1) as 1 | 2 | 3;
    const state: TrackingStepState =
      current === -1
        ? 'cancelled'
        : step < current || status === 'Delivered'
          ? 'done'
          : step === current
            ? 'current'
            : 'upcoming';
    return { step, label, state, date, fallback: null };
  });
}

/**
 * The steps of an order waiting for its online payment: the first reads "Payment pending" and
 * waits, the others are upcoming, with no date and no fallback (nothing is promised yet).
 */
function awaitingSteps(later: readonly string[]): TrackingStepView[] {
  return [AWAITING_PAYMENT_STEP, ...later].map((label, i) => ({
    step: (i + 1) as 1 | 2 | 3 | 4,
    label,
    state: i === 0 ? 'waiting' : 'upcoming',
    date: null,
    fallback: null,
  }));
}

/**
 * The steps of the tracking line. An order of courses only (`isCourseOnlyOrder`, when its lines
 * are given) is an enrolment: Order Placed, Paid, Enrolled (see `enrolmentSteps`). Any other
 * order has four: labels ("Order Placed" or the first-step label, Dispatch, Out for delivery,
 * Delivered), each step's state and its date from the processing, shipped, out-for-delivery and
 * delivery dates, with "Pending" for a first step without one and "Estimated soon" for a last
 * step without one. A cancelled order's steps are all cancelled. An order still waiting for its
 * online payment (`awaiting_payment`) has reached no step: its first reads "Payment pending"
 * (state `waiting`), never a done "Order Placed".
 */
export function trackingSteps(
  order: { orderStatus: string } & FulfilmentDates &
    AwaitingPaymentFlag & {
      createdAt?: string | Date;
      cart_products?: readonly { course: boolean }[];
    },
): TrackingStepView[] {
  if (order.cart_products && isCourseOnlyOrder(order.cart_products)) {
    return enrolmentSteps(order);
  }
  if (order.awaiting_payment === true && order.orderStatus !== 'Cancelled') {
    return awaitingSteps(['Dispatch', 'Out for delivery', 'Delivered']);
  }
  const current = trackingStep(order.orderStatus);
  const labels = [firstStepLabel(order.orderStatus), 'Dispatch', 'Out for delivery', 'Delivered'];
  const dates = [
    order.processing_date,
    order.shipped_date,
    order.out_deliverydate,
    order.delivery_date,
  ];
  const fallbacks = ['Pending', null, null, 'Estimated soon'] as const;
  return labels.map((label, i) => {
    const step = (i + 1) as 1 | 2 | 3 | 4;
    const state: TrackingStepState =
      current === -1
        ? 'cancelled'
        : step < current
          ? 'done'
          : step === current
            ? 'current'
            : 'upcoming';
    // A cancelled order promises nothing: no "Pending" or "Estimated soon".
    const fallback = current === -1 ? null : fallbacks[i]!;
    return { step, label, state, date: toDate(dates[i]!), fallback };
  });
}

/**
 * Download Invoice shows as soon as the tax invoice exists: goods are invoiced when first
 * Shipped, courses when paid (the spec showed it only from Out for delivery on:
 * docs/spec-deviations.md). Not on a cancelled order (its credit note cancels the invoice).
 */
export function showsDownloadInvoice(order: { orderStatus: string; invoice: unknown }): boolean {
  return order.invoice !== null && order.invoice !== undefined && order.orderStatus !== 'Cancelled';
}

/**
 * The estimated delivery window of an order on tracking: the domain's delivery estimate (the
 * rounded average of the non-course lines' delivery days, plus up to 4 days) counted from the
 * day the order was placed, so it does not slide forward each day the page is opened. Null when
 * there is nothing to estimate: a delivered or cancelled order, an order still waiting for its
 * online payment (nothing is sent before it is paid), or no line with delivery days.
 */
export function trackingDeliveryEstimate(order: {
  orderStatus: string;
  createdAt: string | Date;
  lines: readonly { delivery_days: number | null; course: boolean }[];
  awaitingPayment?: boolean;
}): { from: Date; to: Date } | null {
  if (order.orderStatus === 'Delivered' || order.orderStatus === 'Cancelled') return null;
  if (order.awaitingPayment === true) return null;
  const placed = toDate(order.createdAt);
  if (!placed) return null;
  const days = order.lines.flatMap((l) =>
    !l.course && l.delivery_days !== null ? [l.delivery_days] : [],
  );
  return estimatedDeliveryRange(days, placed);
}

export type OrderBadge =
  'Track Order' | 'Cancelled' | 'Payment pending' | 'Payment not received' | 'Failed';

/**
 * The orders-list badge (accounts-checkout-payments §4), read as "Track Order for every order
 * that is placed and not cancelled" (docs/spec-deviations.md). Placed means paid online
 * (status Success), or Pay on delivery with nothing to pay online (advance 0) and no failed
 * payment. An order still waiting for its online payment (none yet, or a closed or failed
 * payment window) says "Payment pending" and can be paid again (decision 0040), never
 * "Failed"; a cancelled order says Cancelled (a placed one still opens its tracking page), or
 * "Payment not received" when it was cancelled because its payment never came within
 * UNPAID_ORDER_DAYS and none came since (issue 58). Failed is left for an order never placed that waits for nothing (no such order is written).
 */
export function orderBadge(order: {
  payment_mode: PaymentMode;
  status: PaymentStatus;
  orderStatus: OrderStatus;
  advancePaise: number;
  /** Cancelled because its payment never came (the order's `payment_not_received`). */
  paymentNotReceived?: boolean;
}): OrderBadge {
  if (
    isAwaitingPayment({
      paymentMode: order.payment_mode,
      orderStatus: order.orderStatus,
      paymentStatus: order.status,
      payNowPaise: order.advancePaise,
    })
  ) {
    return 'Payment pending';
  }
  const placed =
    order.status === 'Success' ||
    order.status === 'Refund pending' ||
    order.status === 'Refunded' ||
    (order.payment_mode === 'Pay on delivery' &&
      order.advancePaise === 0 &&
      order.status !== 'Failed') ||
    // A manual UPI order waits for the shop's confirmation: its page shows how to pay and where
    // the payment stands (decision 0039).
    (order.payment_mode === 'Pay by UPI' && order.status === 'Pending');
  if (order.orderStatus === 'Cancelled') {
    const expired = order.paymentNotReceived ?? false;
    return isPaymentNotReceived({ orderStatus: 'Cancelled', paymentStatus: order.status, expired })
      ? PAYMENT_NOT_RECEIVED
      : 'Cancelled';
  }
  return placed ? 'Track Order' : 'Failed';
}

import type { OrderStatus, PaymentMode, PaymentStatus } from './order-statuses.ts';

/**
 * The letters before an order's short number (`UR` in `UR-10423`): the initials of the store's
 * name (up to three words), or the first two letters of a one-word name; `OD` when the name has
 * no letters.
 */
export function orderNumberPrefix(storeName: string): string {
  const words = storeName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z]/.test(w));
  if (words.length === 0) return 'OD';
  if (words.length === 1)
    return words[0]!
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 2)
      .toUpperCase();
  return words
    .slice(0, 3)
    .map((w) => w.replace(/[^A-Za-z]/g, '')[0]!)
    .join('')
    .toUpperCase();
}

/** An order's short number as people see it: `UR-10423` (decision 0040). */
export function formatOrderNumber(prefix: string, n: number): string {
  return `${prefix}-${n}`;
}

/** What decides whether an order waits for its online payment. */
export interface AwaitingPaymentFacts {
  paymentMode: PaymentMode;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  /** To pay online: the total (Pay now) or the advance (0 when none). */
  payNowPaise: number;
}

/**
 * An order placed to be paid online whose payment has not arrived (none yet, or a closed or
 * failed payment window): the customer sees it as "Payment pending" with Pay now, never as
 * "Failed"; the desk lists it under "Awaiting payment", apart from the shop's Pending work.
 * A manual UPI order is not: it waits for the shop to confirm the money (decision 0039) and is
 * never paid again through the gateway.
 */
export function isAwaitingPayment(f: AwaitingPaymentFacts): boolean {
  return (
    f.paymentMode !== 'Pay by UPI' &&
    f.orderStatus === 'Pending' &&
    f.payNowPaise > 0 &&
    (f.paymentStatus === 'Pending' || f.paymentStatus === 'Failed')
  );
}

/** The customer's word for an order awaiting its payment. */
export const PAYMENT_PENDING = 'Payment pending';

/**
 * The word for an order cancelled because its payment never came within UNPAID_ORDER_DAYS:
 * the cancel's note, the shopper's list and tracking page, the desk.
 */
export const PAYMENT_NOT_RECEIVED = 'Payment not received';

/**
 * Whether an order reads "Payment not received": cancelled because its payment never came
 * (`expired`, the order's payment_not_received) and none came since (a late one is refunded,
 * and then the order reads as the refund it is).
 */
export function isPaymentNotReceived(o: {
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  expired: boolean;
}): boolean {
  return (
    o.expired &&
    o.orderStatus === 'Cancelled' &&
    (o.paymentStatus === 'Pending' || o.paymentStatus === 'Failed')
  );
}

/** The messages of paying an order again (Pay now, Try again). */
export const RETRY_MESSAGES = {
  notAwaiting: 'This order is not waiting for a payment.',
  outOfStock: 'An item of this order is no longer in stock. Please place a new order.',
  /**
   * Paid again after its hold ended, the order is not what it would be if placed now (a price,
   * the coupon, an item or the delivery changed): it is never charged at the old amount.
   */
  changed:
    'The prices or offers of this order have changed since it was placed. Please place the order again from your cart at today’s price.',
  /** A parallel Place order of the same cart placed it, and it was paid or cancelled at once. */
  justPlaced: 'This cart was just ordered in another window. Please see My account.',
} as const;

/** The parts of a Place order request that make "the same cart" (decision 0040). */
export interface SameCartFacts {
  storeId: string;
  paymentMode: PaymentMode;
  lines: readonly { productId: string; sku: string; quantity: number }[];
  billingAddressId: string;
  shippingAddressId: string;
  couponCode: string;
  mobile: string;
  gstNo: string;
  note: string;
}

/**
 * A canonical text of a Place order request: equal for the same store, payment mode, lines
 * (product, SKU and quantity, in any order, the same SKU's lines added up), billing and shipping
 * address, coupon code (any case, outer spaces ignored), mobile, GST number and note. A second
 * Place order whose text equals an unpaid order's, priced at the same amount, reuses that order.
 */
export function sameCartKey(f: SameCartFacts): string {
  const qty = new Map<string, number>();
  for (const l of f.lines) {
    const k = `${l.productId}\u0000${l.sku}`;
    qty.set(k, (qty.get(k) ?? 0) + l.quantity);
  }
  const lines = [...qty].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    f.storeId,
    f.paymentMode,
    lines,
    f.billingAddressId,
    f.shippingAddressId,
    f.couponCode.trim().toUpperCase(),
    f.mobile.trim(),
    f.gstNo.trim().toUpperCase(),
    f.note.trim(),
  ]);
}

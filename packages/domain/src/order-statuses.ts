/** How an order is paid (spec accounts-checkout-payments §3 `payment_mode`). */
/** 'Pay by UPI': paid to the shop's UPI ID and confirmed by the shop (the spec's paymanual). */
export const PAYMENT_MODES = ['Pay now', 'Pay on delivery', 'Pay by UPI'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/**
 * The emails about an order (decision 0047), in the order a batch sends them: the customer's
 * confirmation, the shop's notice of a new order, the shop's notice of a UPI payment to check,
 * the customer's email of a status move.
 */
export const ORDER_EMAIL_KINDS = [
  'confirmation',
  'new_order_notice',
  'utr_notice',
  'status',
] as const;
export type OrderEmailKind = (typeof ORDER_EMAIL_KINDS)[number];

/**
 * An order's payment `status`: the spec's "Success" once paid online; Pending until then;
 * Failed after a failed payment; Refund pending / Refunded when it was paid too late.
 */
export const PAYMENT_STATUSES = [
  'Pending',
  'Success',
  'Failed',
  'Refund pending',
  'Refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment statuses of a settled payment: an order in one is never marked paid again. */
export const SETTLED_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'Success',
  'Refund pending',
  'Refunded',
];

/** An order's `orderStatus`, in the order a shop moves it forward (Cancelled aside). */
export const ORDER_STATUSES = [
  'Pending',
  'Processing',
  'Packed',
  'Shipped',
  'Out for delivery',
  'Delivered',
  'Cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How an order's payment is shown (the payment result pages, the order emails, the desk). */
export type PaymentMethod = 'Online' | 'On delivery' | 'Fully discounted' | 'UPI';

/**
 * The payment method of an order: "Fully discounted" when its total is ₹0 (a 100% coupon and
 * free delivery: paid as placed, no gateway), "On delivery" for pay on delivery with nothing
 * taken online, "UPI" for a manual UPI payment, else "Online" (the spec's result pages).
 */
export function paymentMethodOf(order: {
  paymentMode: PaymentMode;
  totalPaise: number;
  /** Taken online: the total (Pay now) or the advance (Pay on delivery). */
  onlinePaise: number;
}): PaymentMethod {
  if (order.totalPaise === 0) return 'Fully discounted';
  if (order.paymentMode === 'Pay on delivery' && order.onlinePaise === 0) return 'On delivery';
  if (order.paymentMode === 'Pay by UPI') return 'UPI';
  return 'Online';
}

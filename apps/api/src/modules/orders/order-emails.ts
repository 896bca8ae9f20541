import { formatInr, paymentMethodOf, type OrderStatus, type PaymentMode } from '@shop/domain';
import type { EmailMessage } from '../../adapters/email-sender.ts';
import type { OrderLineRow, OrderRow } from './orders-repository.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** An order as its emails name it: the short number, then the receipt id. */
const orderLine = (order: OrderRow, orderNumber: string) =>
  `Order ${orderNumber} (receipt ${order.receiptId})`;

function body(order: OrderRow, lines: readonly OrderLineRow[], orderNumber: string): string[] {
  const a = order.shippingAddress;
  const b = order.billingAddress;
  const out = [
    orderLine(order, orderNumber),
    '',
    ...lines.map(
      (l) =>
        `${l.quantity} x ${l.name}${l.sku ? ` (${l.sku})` : ''}: ${formatInr(l.lineTotalPaise - l.discountPaise)} (GST ${l.gstRateBp / 100}%, HSN/SAC ${l.hsnCode})`,
    ),
    '',
    // The lines at their sale prices, less the coupon: the order's amount after discount, so
    // items - coupon + delivery is the total.
    ...(order.discountPaise > 0
      ? [
          `Items: ${formatInr(order.amountAfterDiscountPaise + order.discountPaise)}`,
          `Coupon ${order.couponCode}: -${formatInr(order.discountPaise)}`,
          `Items after discount: ${formatInr(order.amountAfterDiscountPaise)}`,
        ]
      : [`Items: ${formatInr(order.amountAfterDiscountPaise)}`]),
    `Delivery: ${formatInr(order.deliveryChargePaise)}`,
    `Total: ${formatInr(order.totalAmountPaise)}`,
    `Includes GST ${formatInr(order.cgstPaise + order.sgstPaise + order.igstPaise)}` +
      (order.igstPaise > 0
        ? ` (IGST ${formatInr(order.igstPaise)})`
        : ` (CGST ${formatInr(order.cgstPaise)}, SGST ${formatInr(order.sgstPaise)})`),
    `Payment: ${
      paymentMethodOf({
        paymentMode: order.paymentMode as PaymentMode,
        totalPaise: order.totalAmountPaise,
        onlinePaise: order.amountToPayPaise,
      }) === 'Fully discounted'
        ? 'Fully discounted'
        : order.paymentMode
    }`,
  ];
  if (order.paymentMode === 'Pay on delivery') {
    out.push(
      `Advance paid: ${formatInr(order.amountToPayPaise)}`,
      `Remaining on delivery: ${formatInr(order.remainingAmountPaise)}`,
    );
  }
  out.push(
    '',
    `Ship to: ${a.user_name}, ${a.new_address}, ${a.area}, ${a.city} ${a.pincode}`,
    `Bill to: ${b.user_name}, ${b.new_address}, ${b.area}, ${b.city} ${b.pincode}`,
    `Mobile: ${order.mobile}`,
  );
  if (order.customerNote) out.push(`Note: ${order.customerNote}`);
  return out;
}

function message(to: string, subject: string, lines: string[]): EmailMessage {
  return {
    to,
    subject,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit">${escapeHtml(lines.join('\n'))}</pre>`,
  };
}

/** The customer's order confirmation: items, totals, tax, addresses, advance and remaining. */
export function orderConfirmationEmail(
  to: string,
  name: string,
  shop: string,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  /** The short order number (`UR-10423`). */
  orderNumber: string,
): EmailMessage {
  return message(to, `Your ${shop} order ${orderNumber} is confirmed`, [
    `Hello ${name || 'there'},`,
    '',
    `Thank you for your order. We have received it and will let you know when it ships.`,
    '',
    ...body(order, lines, orderNumber),
  ]);
}

/** The shop's notice of a new order. */
export function newOrderNoticeEmail(
  to: string,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  orderNumber: string,
): EmailMessage {
  return message(to, `New order ${orderNumber}: ${formatInr(order.totalAmountPaise)}`, [
    'A new order was placed.',
    '',
    ...body(order, lines, orderNumber),
  ]);
}

/** What a customer is told when their order reaches a status (email and push). */
export const STATUS_NEWS: Record<OrderStatus, string> = {
  Pending: 'We have received your order.',
  Processing: 'We are preparing your order.',
  Packed: 'Your order is packed and will ship soon.',
  Shipped: 'Your order has shipped.',
  'Out for delivery': 'Your order is out for delivery.',
  Delivered: 'Your order has been delivered. Thank you for shopping with us!',
  Cancelled: 'Your order has been cancelled.',
};

/** The sentence about the money of a cancelled order, if any goes back. */
export const refundNews = (refundPaise: number) =>
  refundPaise > 0
    ? `A refund of ${formatInr(refundPaise)} has been started; it reaches your account in 5-7 working days.`
    : '';

/** The customer's news of a status change: the new status, the shop's note, any refund. */
export function orderStatusEmail(
  to: string,
  name: string,
  shop: string,
  order: OrderRow,
  change: {
    to: OrderStatus;
    note: string;
    refundPaise: number;
    trackUrl: string;
    /** The short order number (`UR-10423`). */
    orderNumber: string;
  },
): EmailMessage {
  return message(to, `Your ${shop} order ${change.orderNumber}: ${change.to}`, [
    `Hello ${name || 'there'},`,
    '',
    STATUS_NEWS[change.to],
    ...(change.note ? ['', `Note from ${shop}: ${change.note}`] : []),
    ...(change.refundPaise > 0 ? ['', refundNews(change.refundPaise)] : []),
    '',
    `Follow your order: ${change.trackUrl}`,
    '',
    `${orderLine(order, change.orderNumber)}, total ${formatInr(order.totalAmountPaise)}`,
  ]);
}

/**
 * The shop's notice that a customer entered the UTR of a manual UPI payment (decision 0039):
 * check the bank for that credit, then confirm or reject the order in the orders desk. It names
 * the order by its short number (the note of the customer's payment) and the UTR entered then
 * (a corrected UTR owes a notice of its own).
 */
export function upiToConfirmEmail(
  to: string,
  order: OrderRow,
  orderNumber: string,
  utr: string | null,
): EmailMessage {
  return message(to, `UPI payment to confirm: order ${orderNumber}`, [
    `${order.userName} says they paid ${formatInr(order.amountToPayPaise)} by UPI for order ${orderNumber} (payment note "Order ${orderNumber}").`,
    `UTR: ${utr ?? order.utr ?? ''}`,
    '',
    'Check that this credit is in your bank account, then confirm (or reject) the order in the orders desk.',
  ]);
}

import {
  isPaymentNotReceived,
  PAYMENT_NOT_RECEIVED,
  type OrderStatus,
  type PaymentStatus,
} from '@shop/domain';
import { statusTone } from './order-format.ts';

/**
 * An order's status as a coloured pill; a Pending order awaiting its online payment says
 * "Awaiting payment" (it is not the shop's work yet), one cancelled because its payment never
 * came within UNPAID_ORDER_DAYS "Cancelled · payment not received".
 */
export function StatusBadge({
  order,
}: {
  order: {
    orderStatus: OrderStatus;
    status: PaymentStatus;
    awaiting_payment: boolean;
    payment_not_received: boolean;
  };
}) {
  const awaiting = order.awaiting_payment;
  const notReceived = isPaymentNotReceived({
    orderStatus: order.orderStatus,
    paymentStatus: order.status,
    expired: order.payment_not_received,
  });
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        awaiting ? 'bg-amber-100 text-amber-900' : statusTone(order.orderStatus)
      }`}
      data-testid="status-badge"
    >
      {awaiting
        ? 'Awaiting payment'
        : notReceived
          ? `${order.orderStatus} · ${PAYMENT_NOT_RECEIVED.toLowerCase()}`
          : order.orderStatus}
    </span>
  );
}

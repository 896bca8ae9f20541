import { PAYMENT_NOT_RECEIVED, type OrderStatus } from '@shop/domain';
import { statusTone } from './order-format.ts';

/**
 * An order's status as a coloured pill; a Pending order awaiting its online payment says
 * "Awaiting payment" (it is not the shop's work yet).
 */
export function StatusBadge({
  status,
  awaitingPayment = false,
  paymentNotReceived = false,
}: {
  status: OrderStatus;
  awaitingPayment?: boolean;
  /** Cancelled because its payment never came within UNPAID_ORDER_DAYS. */
  paymentNotReceived?: boolean;
}) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        awaitingPayment ? 'bg-amber-100 text-amber-900' : statusTone(status)
      }`}
      data-testid="status-badge"
    >
      {awaitingPayment
        ? 'Awaiting payment'
        : paymentNotReceived
          ? `${status} · ${PAYMENT_NOT_RECEIVED.toLowerCase()}`
          : status}
    </span>
  );
}

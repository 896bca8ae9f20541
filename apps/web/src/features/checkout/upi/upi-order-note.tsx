import { Link } from 'react-router';
import type { Order } from '@shop/contracts';
import { manualPayStateOf, UPI_MESSAGES } from '@shop/domain';
import { buttonClass } from '../../../components/ui/button.tsx';

/**
 * On an order's page: where its manual UPI payment stands while the shop has not confirmed it
 * ("Awaiting payment confirmation" once a UTR is entered), with the way back to the QR and the
 * UTR form. Nothing for other orders, or once paid or cancelled.
 */
export function UpiOrderNote({ order }: { order: Order }) {
  if (order.payment_mode !== 'Pay by UPI') return null;
  const state = manualPayStateOf({
    paymentStatus: order.status,
    orderStatus: order.orderStatus,
    utr: order.utr,
  });
  if (state !== 'awaiting-payment' && state !== 'awaiting-confirmation') return null;
  const awaiting = state === 'awaiting-confirmation';
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6">
      <section
        role="status"
        className="flex flex-col gap-2 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 className="font-bold" data-testid="upi-order-state">
            {awaiting ? UPI_MESSAGES.awaitingConfirmation : UPI_MESSAGES.awaitingPayment}
          </h2>
          <p className="text-sm">
            {awaiting
              ? `UTR ${order.utr}: the shop confirms the payment once it reaches their bank.`
              : 'Pay by UPI and enter the UTR so the shop can confirm your order.'}
          </p>
        </div>
        <Link
          to={`/pay-upi/${encodeURIComponent(order.order_id)}`}
          className={buttonClass('secondary', 'min-h-11 shrink-0 px-4')}
        >
          {awaiting ? 'Payment details' : 'Pay by UPI'}
        </Link>
      </section>
    </div>
  );
}

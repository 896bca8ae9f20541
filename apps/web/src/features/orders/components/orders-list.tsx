import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@shop/contracts';
import { ORDER_MESSAGES } from '@shop/contracts/messages';
import { orderBadge, rupeesToPaise } from '@shop/domain';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { itemCount, inr } from '../../../lib/format.ts';
import { useOrders } from '../api/orders-api.ts';
import { formatOrderDate, unitCount } from '../order-format.ts';

interface OrdersListProps {
  userId: string;
  /** Pay now for an order awaiting its payment (the app composes checkout's button). */
  payNow?: (order: Order) => ReactNode;
}

/**
 * The Orders tab of My account: the user's orders newest first, each with its short number and
 * badge; an order awaiting its payment says "Payment pending" with Pay now (decision 0040).
 */
export function OrdersList({ userId, payNow }: OrdersListProps) {
  const { data: orders, isPending, isError, refetch } = useOrders(userId);

  if (isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading your orders"
        className="flex flex-col gap-3"
      >
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-28 animate-pulse rounded-xl bg-slate-200" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <p className="text-slate-700" role="alert">
        {ORDER_MESSAGES.ordersFailed}{' '}
        <Button variant="ghost" onClick={() => void refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (orders.length === 0) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-700">{ORDER_MESSAGES.noOrders}</p>
        <Link to="/products" className={buttonClass('primary', 'min-h-11 px-5')}>
          Start shopping
        </Link>
      </div>
    );
  }
  return (
    <ul aria-label="Your orders" className="flex flex-col gap-3">
      {orders.map((o) => (
        <OrderRow key={o.order_id} order={o} payNow={payNow} />
      ))}
    </ul>
  );
}

function OrderRow({ order, payNow }: { order: Order; payNow?: OrdersListProps['payNow'] }) {
  const badge = orderBadge({
    payment_mode: order.payment_mode,
    status: order.status,
    orderStatus: order.orderStatus,
    advancePaise: rupeesToPaise(order.advance),
    paymentNotReceived: order.payment_not_received,
  });
  const label = `Order ${order.order_number}`;
  return (
    <li
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between"
      data-testid="order-row"
    >
      <div className="min-w-0">
        <p className="font-semibold break-all text-slate-900">{label}</p>
        <p className="text-sm text-slate-700">
          <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
          {' · '}
          {itemCount(unitCount(order.cart_products))}
          {' · '}
          <span className="font-semibold text-slate-900">{inr(order.totalAmountbeforePay)}</span>
        </p>
        {badge === 'Track Order' && (
          <p className="text-sm text-slate-700">
            Status: <span className="font-medium text-slate-900">{order.orderStatus}</span>
          </p>
        )}
      </div>
      <div className="shrink-0">
        {badge === 'Track Order' && (
          <Link
            to={`/track/${order.order_id}`}
            aria-label={`Track order ${order.order_number}`}
            className={buttonClass('primary', 'min-h-11 w-full px-5 sm:w-auto')}
          >
            Track Order
          </Link>
        )}
        {badge === 'Payment not received' && (
          <Link
            to={`/track/${order.order_id}`}
            aria-label={`Order ${order.order_number} cancelled, payment not received: view it`}
            className="inline-flex min-h-11 items-center rounded-full bg-slate-200 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-300"
          >
            Payment not received
          </Link>
        )}
        {badge === 'Cancelled' && (
          <Link
            to={`/track/${order.order_id}`}
            aria-label={`Order ${order.order_number} cancelled: view it`}
            className="inline-flex min-h-11 items-center rounded-full bg-slate-200 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-300"
          >
            Cancelled
          </Link>
        )}
        {badge === 'Payment pending' && (
          <div className="flex flex-col items-stretch gap-2 sm:items-end">
            <Link
              to={`/track/${order.order_id}`}
              aria-label={`Order ${order.order_number}: payment pending, view it`}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-amber-100 px-4 text-sm font-semibold text-amber-900 hover:bg-amber-200"
            >
              Payment pending
            </Link>
            {payNow?.(order)}
          </div>
        )}
        {badge === 'Failed' && (
          <span className="inline-flex min-h-8 items-center rounded-full bg-red-100 px-4 text-sm font-semibold text-red-800">
            Failed
          </span>
        )}
      </div>
    </li>
  );
}

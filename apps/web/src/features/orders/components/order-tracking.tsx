import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@shop/contracts';
import { ORDER_MESSAGES } from '@shop/contracts/messages';
import {
  PAYMENT_NOT_RECEIVED,
  PAYMENT_PENDING,
  isPaymentNotReceived,
  isCourseOnlyOrder,
  courierTrackingLink,
  showsDownloadInvoice,
  trackingDeliveryEstimate,
} from '@shop/domain';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { formatDateRange, inr } from '../../../lib/format.ts';
import { formatOrderDate } from '../order-format.ts';
import { BillDetails } from './order-bill-details.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { OrderUpdates } from './order-updates.tsx';
import { ReplacedOrdersNote } from './replaced-orders-note.tsx';
import { TrackingLine } from './tracking-line.tsx';

interface OrderTrackingProps {
  order: Order;
  /** Buy again: puts the order's lines back in the cart (the app composes the cart's action). */
  onBuyAgain?: (order: Order) => Promise<void>;
  /** Pay now for an order awaiting its payment (the app composes checkout's button). */
  payNow?: (order: Order) => ReactNode;
}

/**
 * /track/{order_id}: the progress line (an enrolment's for an order of courses only), the
 * estimated delivery, the items, the bill details, the order's updates, Download Invoice (once
 * the invoice exists) and Buy again.
 */
export function OrderTracking({ order, onBuyAgain, payNow }: OrderTrackingProps) {
  const [buying, setBuying] = useState(false);
  const buyAgain = async () => {
    if (!onBuyAgain) return;
    setBuying(true);
    try {
      await onBuyAgain(order);
    } finally {
      setBuying(false);
    }
  };
  const cancelled = order.orderStatus === 'Cancelled';

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Track order</h1>
        <p className="text-sm text-slate-700">
          Order <span className="font-semibold text-slate-900">{order.order_number}</span> placed on{' '}
          <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt)}</time>
        </p>
        <p className="text-sm text-slate-700">
          Status:{' '}
          <span
            className={`font-semibold ${cancelled ? 'text-red-800' : 'text-slate-900'}`}
            data-testid="order-status"
          >
            {order.awaiting_payment ? PAYMENT_PENDING : order.orderStatus}
          </span>
          {isPaymentNotReceived({
            orderStatus: order.orderStatus,
            paymentStatus: order.status,
            expired: order.payment_not_received,
          }) && <span className="text-slate-700"> · {PAYMENT_NOT_RECEIVED}</span>}
        </p>
      </header>
      <ReplacedOrdersNote order={order} />

      {order.awaiting_payment && (
        <div
          className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between"
          data-testid="payment-pending"
        >
          <p className="text-sm text-amber-950">
            <span className="block font-semibold">Payment pending</span>
            We have not received the payment of {inr(order.advance)} for this order yet. Pay now to
            confirm it. If you were charged, the payment is matched to this order or refunded.
          </p>
          {payNow?.(order)}
        </div>
      )}

      <div className="rounded-2xl bg-white px-2 py-5 shadow-sm ring-1 ring-slate-200 sm:px-6">
        <TrackingLine order={order} />
        <DeliveryNote order={order} />
        <ShippingDetails order={order} />
      </div>

      <div className="flex flex-wrap gap-2">
        {showsDownloadInvoice(order) && (
          <Link
            to={`/invoice/${order.order_id}`}
            className={buttonClass('primary', 'min-h-11 px-5')}
          >
            Download Invoice
          </Link>
        )}
        {onBuyAgain && order.cart_products.length > 0 && (
          <Button
            variant="secondary"
            className="min-h-11 px-5"
            disabled={buying}
            onClick={() => void buyAgain()}
          >
            {buying ? 'Adding to cart...' : 'Buy again'}
          </Button>
        )}
      </div>

      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <OrderItems order={order} />
        <BillDetails order={order} />
      </div>
      <OrderUpdates order={order} />
    </section>
  );
}

function DeliveryNote({ order }: { order: Order }) {
  let text: string;
  if (order.orderStatus === 'Cancelled') {
    text = 'This order was cancelled.';
  } else if (isCourseOnlyOrder(order.cart_products)) {
    // A course is not delivered: the enrolment stands once the fee is paid.
    text =
      order.orderStatus === 'Pending'
        ? 'You are enrolled once the payment is received.'
        : order.processing_date
          ? `Enrolled on ${formatOrderDate(order.processing_date)}`
          : 'Enrolled';
  } else if (order.awaiting_payment) {
    // Nothing is sent before the payment arrives: no delivery date is promised yet.
    text = 'The delivery date is given once the payment is received.';
  } else if (order.orderStatus === 'Delivered') {
    text = order.delivery_date
      ? `Delivered on ${formatOrderDate(order.delivery_date)}`
      : 'Delivered';
  } else {
    const range = trackingDeliveryEstimate({
      orderStatus: order.orderStatus,
      createdAt: order.createdAt,
      lines: order.cart_products,
      awaitingPayment: order.awaiting_payment,
    });
    text = range
      ? `Estimated delivery: ${formatDateRange(range.from, range.to)}`
      : ORDER_MESSAGES.noEstimate;
  }
  return (
    <p className="mt-5 text-center text-sm font-medium text-slate-800" data-testid="delivery-note">
      {text}
    </p>
  );
}

/**
 * The courier and tracking number the shop entered when shipping (nothing until then): the
 * number with a copy button, and "Track with {courier}" when the courier's tracking page is
 * known (`courierTrackingLink`, issue 59 item 7).
 */
function ShippingDetails({ order }: { order: Order }) {
  if (!order.courier && !order.tracking_number) return null;
  const link = courierTrackingLink(order.courier, order.tracking_number);
  return (
    <div
      className="mt-3 flex flex-col items-center gap-2 text-center text-sm text-slate-700"
      data-testid="shipping-details"
    >
      {order.courier && (
        <p>
          Courier: <span className="font-semibold text-slate-900">{order.courier}</span>
        </p>
      )}
      {order.tracking_number && (
        <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1">
          <span>
            Tracking number:{' '}
            <span className="font-mono font-semibold break-all text-slate-900">
              {order.tracking_number}
            </span>
          </span>
          <CopyButton text={order.tracking_number} what="tracking number" />
        </div>
      )}
      {link && (
        <a
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'min-h-11 px-4')}
        >
          Track with {link.courier}
          <span className="sr-only"> (opens in a new tab)</span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="ml-1 size-4 fill-none stroke-current stroke-2"
          >
            <path
              d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </a>
      )}
    </div>
  );
}

function OrderItems({ order }: { order: Order }) {
  return (
    <section
      aria-labelledby="items-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="items-heading" className="text-lg font-bold text-slate-900">
        Items
      </h2>
      {order.cart_products.length === 0 ? (
        <p className="text-slate-700">{ORDER_MESSAGES.noProducts}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Items in this order">
          {order.cart_products.map((line) => (
            <li key={line.product_sku} className="flex items-center gap-3 text-sm">
              <Thumb src={line.product_image} />
              <span className="min-w-0 flex-1 text-slate-800">
                <span className="block font-medium break-words">{line.product_name}</span>
                {Object.values(line.variation_attributes).length > 0 && (
                  <span className="block text-slate-700">
                    {Object.values(line.variation_attributes).join(', ')}
                  </span>
                )}
                <span className="block text-slate-700">
                  {line.quantity} × {inr(line.product_saleprice)}
                </span>
              </span>
              <span className="shrink-0 font-semibold">{inr(line.line_total)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Thumb({ src }: { src: string }) {
  const [failed, setFailed] = useState(!src);
  if (failed)
    return <span aria-hidden="true" className="size-14 shrink-0 rounded-lg bg-slate-200" />;
  return (
    <img
      src={src}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="size-14 shrink-0 rounded-lg bg-slate-100 object-cover"
    />
  );
}

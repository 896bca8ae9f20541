import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  formatPaymentTime,
  isAwaitingPayment,
  paymentMethodOf,
  rupeesToPaise,
  type PaymentStatus,
} from '@shop/domain';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useUser } from '../../../lib/use-session.ts';
import { useAdmissionPayment, useOrder } from '../api/checkout-api.ts';
import { PayAgainButton } from './pay-again-button.tsx';
import { inr } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-document-meta.ts';
import { useReadingPause } from './use-reading-pause.ts';

/** The result pages leave after 2 s (accounts-checkout-payments §9). */
export const RESULT_REDIRECT_MS = 2000;

const COPY = {
  success: {
    title: 'Payment Successful',
    lead: 'Thank you for your order!',
    next: '/my-account',
    nextLabel: 'View your order',
    tone: 'bg-green-100 text-green-800',
    icon: 'M5 13l4 4L19 7',
  },
  failed: {
    title: 'Payment failed',
    lead: 'Your payment could not be processed.',
    next: '/cart',
    nextLabel: 'View your order',
    tone: 'bg-red-100 text-red-800',
    icon: 'M6 6l12 12M18 6L6 18',
  },
} as const;

/**
 * An order with nothing to pay online (pay on delivery without an advance, or a ₹0 order paid in
 * full by its discount) was placed, not paid: its page says so, never "Payment Successful ₹0"
 * (issue 59).
 */
const PLACED = { ...COPY.success, title: 'Order placed' };

/** A failed admission payment goes back to the courses (there is no cart to go to). */
const FAILED_ADMISSION = {
  ...COPY.failed,
  next: '/admission-form-step-2',
  nextLabel: 'Back to courses',
};
/** A successful admission payment goes to my account (an admission has no order page). */
const SUCCESS_ADMISSION = { ...COPY.success, nextLabel: 'Go to my account' };

interface PaymentResultProps {
  outcome: 'success' | 'failed';
  /** The order id; for an admission payment, its receipt id. */
  orderId: string;
  /** An admission payment (/payment-successad, /payment-failedad): read from /admission-pay. */
  admission?: boolean;
  /** Called once when the page is shown (the success page clears the cart). */
  onShown?: () => void;
}

/**
 * /payment-success/{orderId} and /payment-failed/{orderId} (accounts-checkout-payments §2): order
 * number, time (IST, dd/mm/yy - hh:mm), ref number, method (Online; Fully discounted for a ₹0
 * order; On delivery without an advance), sender, amount and total; a pay on delivery order adds
 * Advance Paid and Remaining Amount. An order with nothing to pay online reads "Order placed" with
 * what is left to pay on delivery. The failed page is red, says nothing was charged and offers
 * Try again and Choose another way, both paying the same order (decision 0040; no second order).
 * After 2 s both go on to the order's page (/track/{orderId}; admission payments to /my-account
 * or the courses), counted once the details are shown and waiting while the shopper touches,
 * scrolls or uses the page (`useReadingPause`, issue 59 item 4); paying again stops it.
 */
export function PaymentResult({
  outcome,
  orderId,
  onShown,
  admission = false,
}: PaymentResultProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const shopOrder = useOrder(orderId, !admission);
  const admissionPayment = useAdmissionPayment(orderId, admission);
  const { data: order, isError } = admission ? admissionPayment : shopOrder;
  /** Nothing was to be paid online: the order was placed, not paid. */
  const placedUnpaid = outcome === 'success' && order !== undefined && order.advance === 0;
  const copy = admission
    ? outcome === 'failed'
      ? FAILED_ADMISSION
      : SUCCESS_ADMISSION
    : placedUnpaid
      ? PLACED
      : COPY[outcome];
  usePageTitle(copy.title);
  // A shop order's pages land on the order's own page, where it is shown first (decision 0040).
  const next = admission ? copy.next : `/track/${encodeURIComponent(orderId)}`;
  const shown = useRef(false);
  /** The shopper pressed Try again: the page stays (the payment window is open). */
  const [stay, setStay] = useState(false);

  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    onShown?.();
    // A payment made again from the failed page lands here with that page's copy of the order
    // in the cache: read it afresh.
    void queryClient.invalidateQueries({
      queryKey: admission ? ['admission-payment', orderId] : ['order', orderId],
    });
  }, [onShown, queryClient, admission, orderId]);

  const moveOn = useCallback(() => void navigate(next, { replace: true }), [navigate, next]);
  const { paused } = useReadingPause(moveOn, {
    delayMs: RESULT_REDIRECT_MS,
    // The 2 s are counted from when the result can be read.
    enabled: !stay && (order !== undefined || isError),
  });

  const awaiting =
    order !== undefined &&
    ('awaiting_payment' in order
      ? order.awaiting_payment
      : isAwaitingPayment({
          // An admission payment carries no order status: unpaid reads as Pending.
          paymentMode: 'Pay now',
          orderStatus: order.status === 'Success' ? 'Processing' : 'Pending',
          paymentStatus: order.status as PaymentStatus,
          payNowPaise: rupeesToPaise(order.advance),
        }));

  const failed = outcome === 'failed';
  const onDelivery = order?.payment_mode === 'Pay on delivery';
  const nextPlace = admission ? 'on' : 'to your order';
  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-8 text-center"
      data-testid={`payment-result-${failed ? 'failed' : placedUnpaid ? 'placed' : 'success'}`}
    >
      <span
        className={`flex size-16 items-center justify-center rounded-full ${copy.tone}`}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-9 fill-none stroke-current stroke-[2.5]">
          <path d={copy.icon} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className={`text-2xl font-bold ${failed ? 'text-red-800' : 'text-slate-900'}`}>
        {copy.title}
      </h1>
      <p className="text-slate-800">{copy.lead}</p>
      {failed ? (
        <p
          className="w-full rounded-2xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200"
          data-testid="nothing-charged"
        >
          <strong className="block">Nothing was charged.</strong>
          {awaiting
            ? 'Your order is kept for you: try again, or choose another way to pay (UPI, card, net banking or wallet). '
            : ''}
          If money did leave your account, it is matched to this order or refunded.
        </p>
      ) : (
        order && <NextSteps order={order} placedUnpaid={placedUnpaid} admission={admission} />
      )}
      {failed && awaiting && user && order && (
        <PayAgainButton
          user={user}
          order={{
            order_id: order.order_id,
            order_number: order.order_number,
            mobile: 'mobile' in order ? order.mobile : user.mobile,
          }}
          admission={admission}
          label="Try again"
          otherWayLabel="Choose another way"
          onStart={() => setStay(true)}
          className="w-full"
        />
      )}
      {order ? (
        <dl
          className="grid w-full grid-cols-[auto_1fr] gap-y-2 [&>dd]:pl-4 rounded-2xl bg-white p-4 text-left text-sm shadow-sm ring-1 ring-slate-200"
          data-testid="payment-details"
        >
          <dt className="text-slate-700">Order number</dt>
          <dd className="text-right font-medium break-all">{order.order_number}</dd>
          <dt className="text-slate-700">Time and date</dt>
          <dd className="text-right font-medium">{formatPaymentTime(order.createdAt)}</dd>
          <dt className="text-slate-700">Ref number</dt>
          <dd className="text-right font-medium break-all">
            {order.razorpay_order_id ?? order.order_id}
          </dd>
          <dt className="text-slate-700">Payment method</dt>
          <dd className="text-right font-medium">
            {paymentMethodOf({
              paymentMode: order.payment_mode,
              totalPaise: rupeesToPaise(order.totalAmountbeforePay),
              onlinePaise: rupeesToPaise(order.advance),
            })}
          </dd>
          <dt className="text-slate-700">Sender</dt>
          <dd className="text-right font-medium break-words">{order.user_name}</dd>
          {placedUnpaid ? (
            onDelivery && (
              <>
                <dt className="text-slate-700">To pay on delivery</dt>
                <dd className="text-right font-medium">{inr(order.remaining_amount)}</dd>
              </>
            )
          ) : (
            <>
              <dt className="text-slate-700">Amount</dt>
              <dd className="text-right font-medium">{inr(order.advance)}</dd>
              {onDelivery && (
                <>
                  <dt className="text-slate-700">Advance Paid</dt>
                  <dd className="text-right font-medium">{inr(order.advance)}</dd>
                  <dt className="text-slate-700">Remaining Amount</dt>
                  <dd className="text-right font-medium">{inr(order.remaining_amount)}</dd>
                </>
              )}
            </>
          )}
          <dt className="border-t border-slate-200 pt-2 text-base font-bold">Total</dt>
          <dd className="border-t border-slate-200 pt-2 text-right text-base font-bold">
            {inr(order.totalAmountbeforePay)}
          </dd>
        </dl>
      ) : isError ? (
        <p className="text-slate-700">The order details could not be loaded.</p>
      ) : (
        <p className="text-slate-700">Loading the order details...</p>
      )}
      <p
        className="text-sm text-slate-700"
        role="status"
        aria-live="polite"
        data-testid="moving-on"
      >
        {stay
          ? ''
          : paused
            ? `Paused while you read: taking you ${nextPlace} 2 seconds after.`
            : order !== undefined || isError
              ? `Taking you ${nextPlace} in 2 seconds. Touch the page to stay.`
              : ''}
      </p>
      <Link
        to={next}
        replace
        className={buttonClass(failed && awaiting ? 'secondary' : 'primary', 'min-h-11 px-5')}
      >
        {copy.nextLabel}
      </Link>
    </section>
  );
}

/** What happens next after a placed or paid order, and when. */
function NextSteps({
  order,
  placedUnpaid,
  admission,
}: {
  order: { advance: number; remaining_amount: number; payment_mode: string };
  placedUnpaid: boolean;
  admission: boolean;
}) {
  let text: string;
  if (admission) text = `We received ${inr(order.advance)}. Your receipt is in your account.`;
  else if (placedUnpaid && order.payment_mode === 'Pay on delivery')
    text = `Nothing was charged now: pay ${inr(order.remaining_amount)} on delivery. The shop packs your order next; follow it on your order's page.`;
  else if (placedUnpaid)
    text =
      "Nothing to pay: your discount covers the whole order. The shop packs it next; follow it on your order's page.";
  else
    text = `We received ${inr(order.advance)}. The shop packs your order next; follow it on your order's page.`;
  return (
    <p className="text-sm text-slate-800" data-testid="next-steps">
      {text}
    </p>
  );
}

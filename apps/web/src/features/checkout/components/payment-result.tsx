import { useEffect, useRef, useState } from 'react';
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
    lead: 'Your payment could not be processed. Your order is kept: you can pay it again.',
    next: '/cart',
    nextLabel: 'View your order',
    tone: 'bg-red-100 text-red-800',
    icon: 'M6 6l12 12M18 6L6 18',
  },
} as const;

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
 * order; On delivery without an advance), sender, amount and total; a
 * pay on delivery order adds Advance Paid and Remaining Amount. After 2 s both go on to the
 * order's page (/track/{orderId}: the order just placed shown first; admission payments to
 * /my-account or the courses); the failed page offers Try again (the same order, decision 0040),
 * which stops the redirect.
 */
export function PaymentResult({
  outcome,
  orderId,
  onShown,
  admission = false,
}: PaymentResultProps) {
  const navigate = useNavigate();
  const user = useUser();
  const shopOrder = useOrder(orderId, !admission);
  const admissionPayment = useAdmissionPayment(orderId, admission);
  const { data: order, isError } = admission ? admissionPayment : shopOrder;
  const copy = admission
    ? outcome === 'failed'
      ? FAILED_ADMISSION
      : SUCCESS_ADMISSION
    : COPY[outcome];
  // A shop order's pages land on the order's own page, where it is shown first (decision 0040).
  const next = admission ? copy.next : `/track/${encodeURIComponent(orderId)}`;
  const shown = useRef(false);
  /** The shopper pressed Try again: the page stays (the payment window is open). */
  const [stay, setStay] = useState(false);

  useEffect(() => {
    if (!shown.current) {
      shown.current = true;
      onShown?.();
    }
    if (stay) return;
    const timer = setTimeout(() => void navigate(next, { replace: true }), RESULT_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, next, onShown, stay]);

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

  const onDelivery = order?.payment_mode === 'Pay on delivery';
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-8 text-center">
      <span
        className={`flex size-16 items-center justify-center rounded-full ${copy.tone}`}
        aria-hidden="true"
      >
        <svg viewBox="0 0 24 24" className="size-9 fill-none stroke-current stroke-[2.5]">
          <path d={copy.icon} strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <h1 className="text-2xl font-bold text-slate-900">{copy.title}</h1>
      <p className="text-slate-800">{copy.lead}</p>
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
      {outcome === 'failed' && awaiting && user && order && (
        <PayAgainButton
          user={user}
          order={{
            order_id: order.order_id,
            order_number: order.order_number,
            mobile: 'mobile' in order ? order.mobile : user.mobile,
          }}
          admission={admission}
          label="Try again"
          onStart={() => setStay(true)}
          className="w-full sm:w-auto"
        />
      )}
      {!stay && (
        <p className="text-sm text-slate-700" role="status">
          Taking you on in 2 seconds...
        </p>
      )}
      <Link
        to={next}
        replace
        className={buttonClass(
          outcome === 'failed' && awaiting ? 'secondary' : 'primary',
          'min-h-11 px-5',
        )}
      >
        {copy.nextLabel}
      </Link>
    </section>
  );
}

import type { Order } from '@shop/contracts';
import { trackingSteps, type TrackingStepView } from '@shop/domain';
import { formatOrderDate } from '../order-format.ts';

const STATE_TEXT: Record<TrackingStepView['state'], string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'not yet',
  cancelled: 'cancelled',
  waiting: 'waiting for the payment',
};

const DOT: Record<TrackingStepView['state'], string> = {
  done: 'bg-green-700 text-white',
  current: 'bg-green-700 text-white ring-4 ring-green-200',
  upcoming: 'bg-white text-slate-500 ring-2 ring-slate-300',
  cancelled: 'bg-red-700 text-white',
  // An unpaid order has reached no step: an amber dot with its number, never a green tick.
  waiting: 'bg-amber-100 text-amber-950 ring-2 ring-amber-600',
};

/**
 * The four-step progress line (accounts-checkout-payments §2, §4): Order Placed (or the first
 * step's label), Dispatch, Out for delivery, Delivered, each with its date or fallback; an order
 * of courses only has three: Order Placed, Paid, Enrolled (`trackingSteps`). A cancelled order
 * shows every step cancelled and its last dot a cross. An order waiting for its online payment
 * reaches no step: its first reads "Payment pending" with an amber dot (issue 59 item 4).
 */
export function TrackingLine({ order }: { order: Order }) {
  const steps = trackingSteps(order);
  const cancelled = order.orderStatus === 'Cancelled';
  return (
    <ol
      aria-label="Order progress"
      className={`grid ${steps.length === 3 ? 'grid-cols-3' : 'grid-cols-4'}`}
      data-testid="tracking-line"
    >
      {steps.map((s, i) => {
        const last = i === steps.length - 1;
        const reached = s.state === 'done' || s.state === 'current';
        const lineTone = cancelled
          ? 'bg-red-300'
          : s.state === 'done'
            ? 'bg-green-700'
            : 'bg-slate-300';
        return (
          <li
            key={s.step}
            aria-current={s.state === 'current' ? 'step' : undefined}
            data-state={s.state}
            data-testid={`track-step-${s.step}`}
            className="relative flex flex-col items-center px-1 text-center"
          >
            {!last && (
              <span
                aria-hidden="true"
                className={`absolute top-4 left-1/2 h-1 w-full -translate-y-1/2 ${lineTone}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative z-10 flex size-8 items-center justify-center rounded-full text-sm font-bold ${DOT[s.state]}`}
            >
              {cancelled && last ? (
                <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-[3]">
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
              ) : reached ? (
                <svg viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-[3]">
                  <path d="M5 13l4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : (
                s.step
              )}
            </span>
            <span
              className={`mt-2 text-xs leading-tight font-semibold sm:text-sm ${
                cancelled ? 'text-red-800' : reached ? 'text-slate-900' : 'text-slate-700'
              }`}
            >
              {s.label}
              <span className="sr-only"> ({STATE_TEXT[s.state]})</span>
            </span>
            <span className="mt-1 text-xs text-slate-700" data-testid={`track-step-${s.step}-date`}>
              {s.date ? (
                <time dateTime={s.date.toISOString()}>{formatOrderDate(s.date)}</time>
              ) : (
                (s.fallback ?? '')
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

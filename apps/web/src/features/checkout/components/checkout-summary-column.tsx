import type { ReactNode, Ref } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/api-request.ts';
import type { usePaymentSummary } from '../api/checkout-api.ts';
import { OrderSummarySkeleton } from './checkout-skeleton.tsx';
import { OrderSummaryCard } from './order-summary-card.tsx';

/**
 * Checkout's side column: the server's summary (or why it is missing), what stops the order,
 * Retry payment for an order whose payment window was closed, and Place order where no sticky
 * bar carries it.
 */
export function CheckoutSummaryColumn({
  summary,
  messageRef,
  error,
  onRetryPayment,
  placeButton,
}: {
  summary: ReturnType<typeof usePaymentSummary>;
  /** The column is scrolled to when a message shows while Place order is in the sticky bar. */
  messageRef: Ref<HTMLDivElement>;
  /** The form's or the placing's error, null when none. */
  error: string | null;
  /** Shown while an unpaid order can be paid again. */
  onRetryPayment: (() => void) | null;
  /** Place order, null when the sticky bar carries it. */
  placeButton: ReactNode;
}) {
  const data = summary.data;
  const unorderable = data && !data.orderable ? data.reason : undefined;
  return (
    <div
      key={data ? 'priced' : 'pricing'}
      ref={messageRef}
      className="flex h-fit flex-col gap-4 md:sticky md:top-20"
    >
      {data ? (
        <OrderSummaryCard summary={data} updating={summary.isFetching} />
      ) : summary.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {serverMessage(summary.error, 'The order summary could not be loaded.')}{' '}
          <Button variant="ghost" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <OrderSummarySkeleton />
      )}
      {unorderable && !error && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {unorderable}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {onRetryPayment && (
        <Button variant="secondary" className="min-h-11 w-full" onClick={onRetryPayment}>
          Retry payment
        </Button>
      )}
      {placeButton}
    </div>
  );
}

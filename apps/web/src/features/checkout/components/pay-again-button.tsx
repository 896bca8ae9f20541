import { Link } from 'react-router';
import type { AccountUser } from '@shop/contracts';
import { RETRY_MESSAGES } from '@shop/domain';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { usePlaceOrder } from '../hooks/use-place-order.ts';

interface PayAgainButtonProps {
  user: AccountUser;
  /** The order awaiting its payment, and the mobile it was placed with (the window's prefill). */
  order: { order_id: string; order_number: string; mobile: string };
  /** An admission payment: its result pages are the admission ones. */
  admission?: boolean;
  /** "Pay now" (my orders, the order page) or "Try again" (the failed page). */
  label?: string;
  /**
   * A second, quieter button that opens the same order's payment window to pick another method
   * (the failed page's "Choose another way"): the same order, never a second one.
   */
  otherWayLabel?: string;
  /** Called when the shopper starts paying (the failed page stops its redirect). */
  onStart?: () => void;
  className?: string;
}

/**
 * Pays an order awaiting its payment again (decision 0040): the same order, its payment window
 * opened again; success and failure go to the result pages as at checkout, a closed window
 * stays here with the reason.
 */
export function PayAgainButton({
  user,
  order,
  label = 'Pay now',
  otherWayLabel,
  onStart,
  admission = false,
  className = '',
}: PayAgainButtonProps) {
  const paying = usePlaceOrder(user, order.mobile, admission);
  const busy = paying.phase !== 'idle';
  const start = () => {
    onStart?.();
    void paying.payAgain(order.order_id);
  };
  return (
    <div
      className={`flex flex-col gap-2 ${otherWayLabel ? 'sm:flex-row sm:flex-wrap sm:justify-center' : ''} ${className}`}
    >
      <Button
        className="min-h-11 w-full px-5 sm:w-auto"
        disabled={busy}
        aria-disabled={busy}
        aria-label={`${label}: order ${order.order_number}`}
        onClick={start}
      >
        {busy ? 'Opening payment...' : label}
      </Button>
      {otherWayLabel && (
        <Button
          variant="secondary"
          className="min-h-11 w-full px-5 sm:w-auto"
          disabled={busy}
          aria-disabled={busy}
          aria-label={`${otherWayLabel}: order ${order.order_number}`}
          onClick={start}
        >
          {otherWayLabel}
        </Button>
      )}
      {paying.error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {paying.error}
        </p>
      )}
      {(paying.error === RETRY_MESSAGES.changed || paying.error === RETRY_MESSAGES.outOfStock) && (
        // The order cannot be paid as it was placed: the cart (kept until an order is paid)
        // places it again at today's price.
        <Link to="/cart" className={buttonClass('secondary', 'min-h-11 w-full px-5 sm:w-auto')}>
          Go to cart
        </Link>
      )}
    </div>
  );
}

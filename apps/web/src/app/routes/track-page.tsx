import { useCallback } from 'react';
import { useParams } from 'react-router';
import type { Order } from '@shop/contracts';
import { ORDER_MESSAGES } from '@shop/contracts/messages';
import { Button } from '../../components/ui/button.tsx';
import { PushOffer } from '../../features/accounts/components/push-offer.tsx';
import { useBuyAgain } from '../../features/cart/hooks/use-buy-again.ts';
import { UpiOrderNote } from '../../features/checkout/upi/upi-order-note.tsx';
import { useTrackedOrder } from '../../features/orders/api/orders-api.ts';
import { OrderTracking } from '../../features/orders/components/order-tracking.tsx';
import { PayAgainButton } from '../../features/checkout/components/pay-again-button.tsx';
import { useUser } from '../../lib/use-session.ts';
import { ServerError } from '../../lib/api-request.ts';
import { logError } from '../../lib/log-error.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { NotFound } from './not-found-page.tsx';

/**
 * /track/{order_id} (login required, owner only): the orders feature's tracking view with the
 * cart's Buy again and the accounts' offer of order notifications composed in. Another user's order, or none, is the not-found look.
 */
export function Component() {
  usePageTitle('Track order');
  const { orderId = '' } = useParams();
  const { data: order, error, isPending, refetch } = useTrackedOrder(orderId);
  const buyAgain = useBuyAgain();
  const user = useUser();
  const onBuyAgain = useCallback(
    (o: Order) => buyAgain(o.cart_products, `/track/${o.order_id}`),
    [buyAgain],
  );

  if (isPending) {
    return (
      <section
        aria-busy="true"
        aria-label="Loading the order"
        className="mx-auto flex w-full max-w-4xl flex-col gap-4 px-4 py-6 sm:py-10"
      >
        <div className="h-8 w-48 animate-pulse rounded bg-slate-200" />
        <div className="h-32 animate-pulse rounded-2xl bg-slate-200" />
        <div className="h-48 animate-pulse rounded-2xl bg-slate-200" />
      </section>
    );
  }
  if (error) {
    // 404 (and the id check's 400): not this user's order, or no such order.
    if (error instanceof ServerError && (error.status === 404 || error.status === 400)) {
      return <NotFound what="order" />;
    }
    logError('loading an order to track', error);
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-slate-700" role="alert">
          {ORDER_MESSAGES.orderFailed}
        </p>
        <Button className="mt-4 min-h-11 px-5" onClick={() => void refetch()}>
          Try again
        </Button>
      </section>
    );
  }
  return (
    <>
      <UpiOrderNote order={order} />
      <OrderTracking
        order={order}
        onBuyAgain={onBuyAgain}
        payNow={(o) => user && <PayAgainButton user={user} order={o} />}
      />
      <PushOffer />
    </>
  );
}

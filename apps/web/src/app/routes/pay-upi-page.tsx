import { useParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { useFreshCart } from '../../features/cart/hooks/use-fresh-cart.ts';
import { useSubmitUtr, useUpiPayment } from '../../features/checkout/upi/upi-api.ts';
import { UpiPayPanel } from '../../features/checkout/upi/upi-pay-panel.tsx';
import { ServerError } from '../../lib/api-request.ts';
import { logError } from '../../lib/log-error.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { NotFound } from './not-found-page.tsx';

/**
 * /pay-upi/{order_id} (login required, owner only): pay a placed order by UPI and enter the
 * payment's UTR (decision 0039). Checkout comes here after "Place order" with Pay by UPI; the
 * tracking page links here while the order waits for its payment.
 */
export function Component() {
  usePageTitle('Pay by UPI');
  const { orderId = '' } = useParams();
  const { data, error, isPending, refetch } = useUpiPayment(orderId);
  const submit = useSubmitUtr(orderId);
  useFreshCart();

  return (
    <section
      className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-6 sm:py-10"
      aria-labelledby="pay-upi-heading"
    >
      <h1 id="pay-upi-heading" className="text-2xl font-bold text-slate-900">
        Pay by UPI
      </h1>
      {data && (
        <p className="text-sm text-slate-700">
          Order <span className="font-semibold">{data.order_number}</span> is placed and its items
          are kept for you while you pay.
        </p>
      )}
      {isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading" className="flex flex-col gap-4">
          <div className="h-72 animate-pulse rounded-2xl bg-slate-200" />
          <div className="h-40 animate-pulse rounded-2xl bg-slate-200" />
        </div>
      ) : error ? (
        error instanceof ServerError && (error.status === 404 || error.status === 400) ? (
          <NotFound what="order" />
        ) : (
          <div className="text-center">
            <p role="alert" className="text-slate-700">
              The payment details could not be loaded.
            </p>
            <Button className="mt-4 min-h-11 px-5" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        )
      ) : (
        <UpiPayPanel
          payment={data}
          submitting={submit.isPending}
          onSubmitUtr={(utr) =>
            submit.mutateAsync(utr).catch((e: unknown) => {
              if (!(e instanceof ServerError)) logError('sending a UTR', e);
              throw e;
            })
          }
        />
      )}
    </section>
  );
}

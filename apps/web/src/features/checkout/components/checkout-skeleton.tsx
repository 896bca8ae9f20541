import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** The order summary while the server prices it: grey rows, no "₹0". */
export function OrderSummarySkeleton() {
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="order-summary-skeleton"
    >
      <p role="status" className="sr-only">
        Loading the order summary...
      </p>
      <div aria-hidden="true" className="flex flex-col gap-3">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-4 w-full" />
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
    </div>
  );
}

/**
 * Checkout while its parts load (addresses, the saved mobile, the payment methods): the page's
 * shape in grey, then the whole page at once as new elements (CheckoutView keys it), so
 * nothing on screen moves (no layout shift on a slow phone) and no figure or
 * active Place order shows before it is known.
 */
export function CheckoutSkeleton() {
  return (
    <div
      className="mt-4 grid min-h-[calc(100dvh-10rem)] grid-cols-1 content-start gap-6 md:grid-cols-[1fr_22rem]"
      data-testid="checkout-skeleton"
    >
      <p role="status" className="sr-only">
        Loading checkout...
      </p>
      <div aria-hidden="true" className="flex min-w-0 flex-col gap-6">
        <div className="flex flex-col gap-3">
          <Skeleton className="h-7 w-32" />
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            {[0, 1].map((i) => (
              <div
                key={i}
                className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
              >
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-10 w-24" />
              </div>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <Skeleton className="h-7 w-24" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      </div>
      <div className="hidden md:block">
        <OrderSummarySkeleton />
      </div>
    </div>
  );
}

import { Skeleton } from '../../../components/ui/skeleton.tsx';

/**
 * The cart while it loads: grey lines and a grey summary with no figures and no checkout
 * button (never a "₹0" total or an active Proceed to Checkout before the cart is known). Rendered as its
 * own tree (CartView keys it), so the loaded cart arrives as new elements instead of moving
 * these: no layout shift, whatever the number of lines. Tall enough to keep the footer below a
 * phone's screen.
 */
export function CartSkeleton() {
  return (
    <div
      className="mt-4 grid min-h-[calc(100dvh-10rem)] grid-cols-1 content-start gap-6 md:grid-cols-[1fr_20rem]"
      data-testid="cart-skeleton"
    >
      <p role="status" className="sr-only">
        Loading your cart...
      </p>
      <ul className="flex flex-col gap-3" aria-hidden="true">
        {[0, 1].map((i) => (
          <li key={i} className="flex gap-3 rounded-2xl bg-white p-3 ring-1 ring-slate-200">
            <Skeleton className="size-20 shrink-0 rounded-lg sm:size-28" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-5 w-1/4" />
              <Skeleton className="mt-1 h-11 w-32" />
            </div>
          </li>
        ))}
      </ul>
      <div
        aria-hidden="true"
        className="flex h-fit flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      >
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { itemCount } from '../../lib/format.ts';

const CART_ICON = 'M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2';

/**
 * The floating cart button (catalogue-and-cart §1), shown while the cart holds something and
 * never over a control. On phones it is docked: the last item of the bottom bar, labelled
 * "Cart" like the bar's other items, with the count in a badge; the bar makes room for it, so it
 * covers nothing the bar does not. From 640 px (no bottom bar) it floats at the bottom right,
 * lifted above any sticky bottom bar a page shows: such a bar sets `--sticky-bar-height` (its
 * height, the safe-area inset included) on the root element while it is on screen; without one
 * it clears the inset itself. The layout leaves it off the cart and checkout, whose own total and
 * main action it would cover.
 */
export function CartBubble({ count, docked = false }: { count: number; docked?: boolean }) {
  const name = `Open cart, ${itemCount(count)}`;
  if (docked) {
    return (
      <Link
        to="/cart"
        aria-label={name}
        className="relative flex min-h-12 min-w-14 flex-col items-center justify-center px-2 text-xs leading-4 font-semibold text-slate-700"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6 fill-none stroke-current stroke-2"
        >
          <path d={CART_ICON} />
          <circle cx="10" cy="20" r="1.5" />
          <circle cx="17" cy="20" r="1.5" />
        </svg>
        <span>Cart</span>
        <span
          data-testid="cart-bubble-count"
          className="absolute top-0.5 right-1 min-w-5 rounded-full bg-orange-700 px-1 text-center leading-5 text-white"
        >
          {count}
        </span>
      </Link>
    );
  }
  return (
    <Link
      to="/cart"
      aria-label={name}
      className="fixed right-[max(1rem,env(safe-area-inset-right,0px))] bottom-[calc(1.5rem+max(var(--sticky-bar-height,0px),var(--inset-bottom)))] z-20 hidden size-14 items-center justify-center rounded-full bg-orange-700 font-semibold text-white shadow-lg sm:flex"
    >
      {count}
    </Link>
  );
}

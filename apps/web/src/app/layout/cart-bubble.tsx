import { Link } from 'react-router';
import { itemCount } from '../../lib/format.ts';

/**
 * The floating cart button (catalogue-and-cart §1), shown while the cart holds something and
 * never over a control. On phones it is docked: the last slot of the bottom
 * bar, which makes room for it, so it covers nothing the bar does not. From 640 px (no bottom
 * bar) it floats at the bottom right, lifted above any sticky bottom bar a page shows: such a
 * bar sets `--sticky-bar-height` (its height, the safe-area inset included) on the root element
 * while it is on screen; without one it clears the inset itself. The
 * layout leaves it off the cart and checkout, whose own total and main action it would cover.
 */
export function CartBubble({ count, docked = false }: { count: number; docked?: boolean }) {
  const place = docked
    ? '-mt-2 size-12'
    : 'fixed right-[max(1rem,env(safe-area-inset-right,0px))] bottom-[calc(1.5rem+max(var(--sticky-bar-height,0px),var(--inset-bottom)))] z-20 hidden size-14 sm:flex';
  return (
    <Link
      to="/cart"
      aria-label={`Open cart, ${itemCount(count)}`}
      className={`flex items-center justify-center rounded-full bg-orange-700 font-semibold text-white shadow-lg ${place}`}
    >
      {count}
    </Link>
  );
}

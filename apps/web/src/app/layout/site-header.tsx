import { useCallback } from 'react';
import { itemCount } from '../../lib/format.ts';
import { Link } from 'react-router';
import { SearchBox } from '../../features/catalogue/components/search-box.tsx';
import { CategoryMenu } from './category-menu.tsx';
import { useHeaderHeight } from '../../lib/use-header-height.ts';
import { Marquee } from './marquee.tsx';
import { ShopLogo } from './shop-logo.tsx';
import { useCollapsingHeader } from './use-collapsing-header.ts';

interface SiteHeaderProps {
  cartCount: number;
  userName: string | null;
}

/**
 * The storefront header: the announcement, then one row of the category menu, the shop's logo or
 * name (cut with an ellipsis when long, so the row never wraps at 360 px), Login or the greeting,
 * and the cart; the search box on a row of its own below 640 px. On a phone it slides away while
 * the shopper scrolls down and returns on the way up (useCollapsingHeader).
 */
export function SiteHeader({ cartCount, userName }: SiteHeaderProps) {
  const publishHeight = useHeaderHeight();
  const { ref, collapsed } = useCollapsingHeader();
  const header = useCallback(
    (element: HTMLElement | null) => {
      ref.current = element;
      return publishHeight(element);
    },
    [ref, publishHeight],
  );
  return (
    <header
      ref={header}
      data-collapsed={collapsed}
      className={`sticky top-0 z-20 bg-slate-900 text-white shadow transition-transform duration-200 motion-reduce:transition-none ${
        collapsed ? '-translate-y-full' : ''
      }`}
    >
      <Marquee />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-2 sm:flex-nowrap sm:gap-3">
        <CategoryMenu />
        {/* Grows into the row's free space from nothing, so a long name is cut, never wraps. */}
        <Link
          to="/"
          className="tap flex-1 basis-0 justify-start text-xl font-extrabold tracking-tight sm:max-w-xs sm:flex-none sm:basis-auto"
        >
          <ShopLogo />
        </Link>
        <div className="order-3 w-full sm:order-2 sm:flex-1">
          <SearchBox />
        </div>
        <nav
          aria-label="Account and cart"
          className="order-2 ml-auto flex shrink-0 items-center gap-2 sm:order-3 sm:gap-3"
        >
          {userName ? (
            <Link
              to="/my-account"
              className="inline-block max-w-24 truncate py-3 text-sm font-medium hover:underline sm:max-w-60"
            >
              Hi, {userName}
            </Link>
          ) : (
            <Link
              to="/login"
              className="tap justify-center px-1 text-sm font-medium hover:underline"
            >
              Login
            </Link>
          )}
          <Link
            to="/cart"
            className="relative flex size-tap items-center justify-center rounded-full hover:bg-slate-800"
            aria-label={`Cart, ${itemCount(cartCount)}`}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6 fill-none stroke-current stroke-2"
            >
              <path d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.5h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2" />
              <circle cx="10" cy="20" r="1.5" />
              <circle cx="17" cy="20" r="1.5" />
            </svg>
            <span
              data-testid="cart-badge"
              className="absolute -right-1 -top-1 min-w-5 rounded-full bg-orange-500 px-1 text-center text-xs font-bold text-slate-950"
            >
              {cartCount}
            </span>
          </Link>
        </nav>
      </div>
    </header>
  );
}

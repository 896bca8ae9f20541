import { itemCount } from '../../lib/format.ts';
import { Link } from 'react-router';
import { SearchBox } from '../../features/catalogue/components/search-box.tsx';
import { CategoryMenu } from './category-menu.tsx';
import { useHeaderHeight } from '../../lib/use-header-height.ts';
import { Marquee } from './marquee.tsx';
import { ShopLogo } from './shop-logo.tsx';

interface SiteHeaderProps {
  cartCount: number;
  userName: string | null;
}

export function SiteHeader({ cartCount, userName }: SiteHeaderProps) {
  const header = useHeaderHeight();
  return (
    <header ref={header} className="sticky top-0 z-20 bg-slate-900 text-white shadow">
      <Marquee />
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-2 sm:flex-nowrap">
        <CategoryMenu />
        <Link to="/" className="tap text-xl font-extrabold tracking-tight">
          <ShopLogo />
        </Link>
        <div className="order-3 w-full sm:order-2 sm:flex-1">
          <SearchBox />
        </div>
        <nav
          aria-label="Account and cart"
          className="order-2 ml-auto flex items-center gap-3 sm:order-3"
        >
          {userName ? (
            <Link
              to="/my-account"
              className="inline-block max-w-40 truncate py-3 text-sm font-medium hover:underline sm:max-w-60"
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

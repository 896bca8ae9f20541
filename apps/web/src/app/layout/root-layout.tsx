import { useEffect } from 'react';
import { itemCount } from '../../lib/format.ts';
import { Link, Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toaster.tsx';
import { useAccountStart } from '../../features/accounts/hooks/use-account-start.ts';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { useCartActions } from '../../features/cart/hooks/use-cart-actions.ts';
import { useCartStart } from '../../features/cart/hooks/use-cart-start.ts';
import { PurchaseContext } from '../../lib/purchase.ts';
import { displayName, useUser } from '../../lib/use-session.ts';
import { BottomNav } from './bottom-nav.tsx';
import { PageMeta } from './page-meta.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Scrolls to the top on every route change. */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

export function RootLayout() {
  const user = useUser();
  const userName = user ? displayName(user) : null;
  useAccountStart();
  useCartStart();
  const { count: cartCount } = useCart();
  const purchase = useCartActions();
  // The cart and checkout have their own total and main action (a sticky bar on phones): the
  // bubble would only cover them.
  const { pathname } = useLocation();
  const hideBubble = /^\/(cart|checkout)\/?$/.test(pathname);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <ScrollToTop />
      <PageMeta />
      <SiteHeader cartCount={cartCount} userName={userName} />
      <main id="main" className="min-h-dvh flex-1">
        <PurchaseContext value={purchase}>
          <Outlet />
        </PurchaseContext>
      </main>
      <SiteFooter />
      <BottomNav />
      {cartCount > 0 && !hideBubble && (
        // Above the bottom nav (phones) and above any sticky bottom bar a page shows: such a bar
        // sets --sticky-bar-height (its height) on the root element while it is on screen.
        <Link
          to="/cart"
          aria-label={`Open cart, ${itemCount(cartCount)}`}
          className="fixed right-4 bottom-[calc(4rem+var(--sticky-bar-height,0px))] z-20 flex size-14 items-center justify-center rounded-full bg-orange-700 text-white shadow-lg sm:bottom-[calc(1.5rem+var(--sticky-bar-height,0px))]"
        >
          {cartCount}
        </Link>
      )}
      <Toaster />
    </div>
  );
}

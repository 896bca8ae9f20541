import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toaster.tsx';
import { useAccountStart } from '../../features/accounts/hooks/use-account-start.ts';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { useCartActions } from '../../features/cart/hooks/use-cart-actions.ts';
import { useCartStart } from '../../features/cart/hooks/use-cart-start.ts';
import { PurchaseContext } from '../../lib/purchase.ts';
import { displayName, useUser } from '../../lib/use-session.ts';
import { BottomNav } from './bottom-nav.tsx';
import { CartBubble } from './cart-bubble.tsx';
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
  const bubble = /^\/(cart|checkout)\/?$/.test(pathname) ? 0 : cartCount;
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
      <BottomNav cartCount={bubble} />
      {bubble > 0 && <CartBubble count={bubble} />}
      <Toaster />
    </div>
  );
}

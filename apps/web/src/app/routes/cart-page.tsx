import { addressesQuery } from '../../features/addresses/api/address-api.ts';
import { cartQuery } from '../../features/cart/api/cart-api.ts';
import { CartView } from '../../features/cart/components/cart-view.tsx';
import { useCart } from '../../features/cart/hooks/use-cart.ts';
import { useCartActions } from '../../features/cart/hooks/use-cart-actions.ts';
import { useCheckoutPayModes } from '../../features/checkout/hooks/use-checkout-pay-modes.ts';
import { QuoteForm } from '../../features/quotes/components/quote-form.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { getUser } from '../../lib/session.ts';
import { useCartMode } from '../../lib/store-queries.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useCartDelivery } from './use-cart-delivery.ts';

/**
 * A signed-in shopper's cart and addresses are asked for as the route loads, before the page
 * first renders: the page then draws from them in one pass, and the first line's image (the
 * largest paint) is requested a render earlier. Nothing is awaited.
 */
export function loader() {
  const user = getUser();
  if (user) {
    void queryClient.prefetchQuery(cartQuery(user.user_id));
    void queryClient.prefetchQuery(addressesQuery(user.user_id));
  }
  return null;
}

/** /cart: the cart, with its delivery charge, and the quote form in a Get Quote store. */
export function Component() {
  const mode = useCartMode();
  const delivery = useCartDelivery();
  // The cart offers what checkout will (no Pay now in a shop without gateway keys, no pay on
  // delivery for a course unless the shop takes payment at the academy).
  const { lines } = useCart();
  const pay = useCheckoutPayModes(null, lines);
  const payKnown =
    pay.payButtons !== undefined && !pay.settingsPending && (!pay.offline || pay.advanceKnown);
  usePageTitle('Your Cart');
  // A quantity typed in the quote form is the cart's too (issue 59 item 7).
  const cart = useCartActions();
  return (
    <CartView
      mode={mode}
      delivery={delivery}
      payModes={{
        buttons: payKnown ? pay.checkoutButtons : undefined,
        value: pay.modeId,
        onChange: pay.setChosenMode,
      }}
      quoteForm={(lines, onSent) => (
        <QuoteForm
          lines={lines}
          onSent={onSent}
          onQuantity={(sku, quantity) => cart.setQuantity(sku, quantity)}
        />
      )}
    />
  );
}

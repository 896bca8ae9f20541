import { CartView } from '../../features/cart/components/cart-view.tsx';
import { QuoteForm } from '../../features/quotes/components/quote-form.tsx';
import { useCartMode } from '../../lib/store-queries.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';
import { useCartDelivery } from './use-cart-delivery.ts';

/** /cart: the cart, with its delivery charge, and the quote form in a Get Quote store. */
export function Component() {
  const mode = useCartMode();
  const delivery = useCartDelivery();
  usePageTitle('Your Cart');
  return (
    <CartView
      mode={mode}
      delivery={delivery}
      quoteForm={(lines, onSent) => <QuoteForm lines={lines} onSent={onSent} />}
    />
  );
}

import { CartView } from '../../features/cart/components/cart-view.tsx';
import { QuoteForm } from '../../features/quotes/components/quote-form.tsx';
import { useCartMode } from '../../lib/store-queries.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';

/** /cart: the cart, with the quote form in a Get Quote store. */
export function Component() {
  const mode = useCartMode();
  usePageTitle('Your Cart');
  return (
    <CartView
      mode={mode}
      quoteForm={(lines, onSent) => <QuoteForm lines={lines} onSent={onSent} />}
    />
  );
}

import { CartView } from '../../features/cart/components/cart-view.tsx';
import { useCartMode } from '../../lib/store-queries.ts';
import { usePageTitle } from '../../lib/use-document-meta.ts';

/** /cart */
export function Component() {
  const mode = useCartMode();
  usePageTitle('Your Cart');
  return <CartView mode={mode} />;
}

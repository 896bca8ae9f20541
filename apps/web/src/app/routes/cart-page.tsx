import { CartView } from '../../features/cart/components/cart-view.tsx';
import { useCartMode } from '../../lib/store-queries.ts';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';

/** /cart */
export function Component() {
  const mode = useCartMode();
  useDocumentMeta('Your Cart | Urban Roll');
  return <CartView mode={mode} />;
}

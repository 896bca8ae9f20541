import type { Product } from '@shop/contracts';
import { CART_MODE_LABELS, type CardButtons } from '@shop/domain';
import { Button } from '../../../components/ui/button.tsx';
import { purchaseActions, type PurchaseAction } from '../../../lib/purchase.ts';
import type { ProductCardActions } from '../../../components/product/product-card.tsx';

type StoreButtons = Parameters<typeof purchaseActions>[1];

/**
 * The product page's buying buttons for the product's kind (catalogue-and-cart §2): Package,
 * Select, a disabled Out of Stock, Get Quote, or the store's Add to Cart / Buy Now (its default
 * first, filled). The same buttons sit in the page on a wide screen and in the phone's buy bar
 * (`wide`: each takes an equal share of the bar).
 */
export function BuyButtons({
  product,
  buttons,
  storeButtons,
  actions,
  onPurchase,
  onQuote,
  wide = false,
}: {
  product: Product;
  buttons: CardButtons;
  storeButtons: StoreButtons;
  actions: ProductCardActions;
  onPurchase: (action: PurchaseAction) => void;
  onQuote: () => void;
  wide?: boolean;
}) {
  const grow = wide ? 'flex-1 min-h-12 text-base' : '';
  switch (buttons.kind) {
    case 'package':
      return (
        <Button className={grow} onClick={() => actions.onPackage?.(product)}>
          Package
        </Button>
      );
    case 'select':
      return (
        <Button className={grow} onClick={() => actions.onSelect?.(product)}>
          Select
        </Button>
      );
    case 'out-of-stock':
      return (
        <Button className={grow} disabled>
          Out of Stock
        </Button>
      );
    case 'mode':
      if (buttons.mode === 'getquote') {
        return (
          <Button className={grow} onClick={onQuote}>
            {CART_MODE_LABELS.getquote}
          </Button>
        );
      }
      return (
        <>
          {purchaseActions(buttons.mode ?? undefined, storeButtons).map((action, i) => (
            <Button
              key={action}
              className={grow}
              variant={i === 0 ? 'primary' : 'secondary'}
              onClick={() => onPurchase(action)}
            >
              {CART_MODE_LABELS[action]}
            </Button>
          ))}
        </>
      );
  }
}

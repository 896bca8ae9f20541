import { useState, type ReactNode } from 'react';
import type { Product } from '@shop/contracts';
import type { CartMode } from '@shop/domain';
import type { ProductCardActions } from '../../../components/product/product-card.tsx';
import { usePurchase, type PurchaseAction } from '../../../lib/purchase.ts';
import { PackageViewer } from './package-viewer.tsx';
import { VariationChooser } from './variation-chooser.tsx';

/**
 * The card actions (catalogue-and-cart §4): Simple products are added or bought straight away;
 * Variable products open the variation chooser (closed after a successful add); Grouped products
 * open the package viewer, whose Select Package adds (or buys) the package. `quantity` is what
 * gets added (the product page's quantity; 1 on cards).
 */
export function useCardModals(
  mode: CartMode | undefined,
  quantity = 1,
): {
  actions: ProductCardActions;
  modals: ReactNode;
} {
  const purchase = usePurchase();
  const [selecting, setSelecting] = useState<Product | null>(null);
  const [viewingPackage, setViewingPackage] = useState<Product | null>(null);

  const run = async (product: Product, action: PurchaseAction, sku?: string) => {
    if (action === 'buynow') {
      purchase.buyNow({ product, sku, quantity });
      return true;
    }
    return (await purchase.addToCart({ product, sku, quantity })) === 'added';
  };

  return {
    actions: {
      onSelect: setSelecting,
      onPackage: setViewingPackage,
      onPurchase: (product, action) => void run(product, action),
    },
    modals: (
      <>
        <VariationChooser
          product={selecting}
          mode={mode}
          onClose={() => setSelecting(null)}
          onChoose={(product, sku, action) =>
            void run(product, action, sku).then((done) => done && setSelecting(null))
          }
        />
        <PackageViewer
          product={viewingPackage}
          onClose={() => setViewingPackage(null)}
          onSelectPackage={(product) =>
            void run(product, mode === 'buynow' ? 'buynow' : 'addtocart').then(
              (done) => done && setViewingPackage(null),
            )
          }
        />
      </>
    ),
  };
}

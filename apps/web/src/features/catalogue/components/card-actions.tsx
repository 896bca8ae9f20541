import { useState, type ReactNode } from 'react';
import type { Product } from '@shop/contracts';
import type { CartMode } from '@shop/domain';
import type { ProductCardActions } from '../../../components/product/product-card.tsx';
import { PackageViewer } from './package-viewer.tsx';
import { VariationChooser } from './variation-chooser.tsx';

/** The card actions that open the variation chooser and the package viewer, and their modals. */
export function useCardModals(mode: CartMode | undefined): {
  actions: ProductCardActions;
  modals: ReactNode;
} {
  const [selecting, setSelecting] = useState<Product | null>(null);
  const [viewingPackage, setViewingPackage] = useState<Product | null>(null);
  return {
    actions: { onSelect: setSelecting, onPackage: setViewingPackage },
    modals: (
      <>
        <VariationChooser product={selecting} mode={mode} onClose={() => setSelecting(null)} />
        <PackageViewer product={viewingPackage} onClose={() => setViewingPackage(null)} />
      </>
    ),
  };
}

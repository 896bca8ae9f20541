import { createContext, useContext } from 'react';
import type { Product } from '@shop/contracts';
import type { CartMode } from '@shop/domain';

export interface PurchaseRequest {
  product: Product;
  /** A variation's sku (Variable products); the product's own sku otherwise. */
  sku?: string | undefined;
  /** At least 1; 1 when absent. */
  quantity?: number;
}

export type AddResult = 'added' | 'duplicate' | 'failed';

/**
 * What the purchase buttons of the catalogue do (Add to Cart, Buy Now). The cart feature
 * implements it and the app layer provides it, so the catalogue never imports the cart.
 */
export interface Purchase {
  addToCart(request: PurchaseRequest): Promise<AddResult>;
  buyNow(request: PurchaseRequest): void;
}

const noPurchase: Purchase = {
  addToCart: () => Promise.resolve('failed'),
  buyNow: () => undefined,
};

export const PurchaseContext = createContext<Purchase>(noPurchase);

export function usePurchase(): Purchase {
  return useContext(PurchaseContext);
}

export type PurchaseAction = 'addtocart' | 'buynow';

/**
 * The purchase buttons a product page or the variation chooser offers: the store's default mode
 * first, then the other of Add to Cart and Buy Now when the store lists it as active. A Get Quote
 * store collects products in the cart (the quote is asked there), so it offers Add to Cart.
 */
export function purchaseActions(
  mode: CartMode | undefined,
  buttons: readonly { button_id: string; status?: string | null }[] | undefined,
): PurchaseAction[] {
  if (mode === 'getquote') return ['addtocart'];
  if (mode !== 'addtocart' && mode !== 'buynow') return [];
  const other: PurchaseAction = mode === 'addtocart' ? 'buynow' : 'addtocart';
  const listed = (buttons ?? []).some(
    (b) => b.button_id === other && (b.status == null || b.status === 'Active'),
  );
  return listed ? [mode, other] : [mode];
}

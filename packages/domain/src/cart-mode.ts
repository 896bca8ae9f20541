/** The purchase buttons a store can configure (catalogue-and-cart §1). */
export type CartButtonId = 'getquote' | 'addtocart' | 'buynow';

/** The store's default purchase mode; null when no button is flagged default. */
export type CartMode = CartButtonId | null;

/** Button captions of each mode. */
export const CART_MODE_LABELS: Record<CartButtonId, string> = {
  getquote: 'Get Quote',
  addtocart: 'Add to Cart',
  buynow: 'Buy Now',
};

const CART_MODE_PRIORITY: readonly CartButtonId[] = ['getquote', 'addtocart', 'buynow'];

/**
 * The default cart mode: among the buttons flagged default, getquote wins, else addtocart, else
 * buynow, else null. The order of the configured list does not matter; unknown ids are ignored.
 */
export function defaultCartMode(
  buttons: readonly { button_id: string; default: boolean }[],
): CartMode {
  const flagged = new Set(buttons.filter((b) => b.default === true).map((b) => b.button_id));
  return CART_MODE_PRIORITY.find((id) => flagged.has(id)) ?? null;
}

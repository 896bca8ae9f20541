import { isVariableProduct } from './cart-line-figures.ts';
import type { CartButtonId, CartMode } from './cart-mode.ts';

/** Which buttons a product card shows (catalogue-and-cart §2, product card table). */
export type CardButtons =
  /** Grouped Product: View Details and Package. */
  | { kind: 'package' }
  /** Variable Product: Select (opens the variation chooser). */
  | { kind: 'select' }
  /** No stock: a disabled Out of Stock button. */
  | { kind: 'out-of-stock' }
  /** The default-mode button (none when mode is null), plus View when showView. */
  | { kind: 'mode'; mode: CartButtonId | null; showView: boolean };

const GROUPED_PRODUCT = 'grouped product';

/**
 * The product card table, first matching row wins:
 * 1. product_type Grouped Product -> View Details and Package;
 * 2. product_type Variable Product -> Select;
 * 3. totalStock is 0 -> a disabled Out of Stock button;
 * 4. otherwise the default-mode button plus View. View is absent when the mode is Get Quote
 *    (Get Quote itself goes to the product page); with no default mode only View shows.
 *
 * product_type is compared trimmed and case-insensitively. A totalStock that is not above 0
 * (0, negative, NaN) counts as out of stock.
 */
export function cardButtons(
  product: { product_type: string; totalStock: number },
  mode: CartMode,
): CardButtons {
  const type = product.product_type.trim().toLowerCase();
  if (type === GROUPED_PRODUCT) return { kind: 'package' };
  if (isVariableProduct(product)) return { kind: 'select' };
  if (!(product.totalStock > 0)) return { kind: 'out-of-stock' };
  return { kind: 'mode', mode, showView: mode !== 'getquote' };
}

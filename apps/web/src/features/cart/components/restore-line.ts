import type { QueryClient } from '@tanstack/react-query';
import type { CartLine } from '@shop/contracts';
import { serverMessage } from '../../../lib/api-request.ts';
import { getUser } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { postCartItem, refreshCart } from '../api/cart-api.ts';
import { isDuplicateError } from '../api/cart-errors.ts';
import { getGuestCart, saveGuestCart } from '../guest-cart.ts';

export const RESTORE_FAILED = 'Could not put the item back in your cart';

/**
 * Undo of a Remove in the cart: puts the removed line back with its quantity. A guest's line goes
 * back into its old place in the stored cart; a signed-in shopper's is added again through the
 * API (the server is the truth: it prices it and checks the stock again, and the cart is read
 * again either way). Resolves to whether the line is in the cart now.
 */
export async function restoreLine(
  queryClient: QueryClient,
  line: CartLine,
  index: number,
): Promise<boolean> {
  const user = getUser();
  if (!user) {
    const lines = [...getGuestCart()];
    if (!lines.some((l) => l.product_sku === line.product_sku)) {
      lines.splice(Math.min(index, lines.length), 0, line);
      saveGuestCart(lines);
    }
    return true;
  }
  let restored = true;
  try {
    const res = await postCartItem({
      product_id: line.product_id,
      product_sku: line.product_sku,
      quantity: line.quantity,
      user_id: user.user_id,
    });
    if (res.isError) {
      toast.warning(res.msg || RESTORE_FAILED);
      restored = false;
    }
  } catch (error) {
    // Already back (a second tap, another tab): the line is in the cart, as asked.
    if (!isDuplicateError(error)) {
      toast.warning(serverMessage(error, RESTORE_FAILED));
      restored = false;
    }
  }
  await refreshCart(queryClient, user.user_id);
  return restored;
}

import { CART_MESSAGES } from '@shop/contracts/messages';
import { ServerError } from '../../lib/api-request.ts';
import { postCartItem } from './api/cart-api.ts';
import { isDuplicateError } from './api/cart-errors.ts';

/** A line of a past order to buy again: what it was, how many. */
export interface BuyAgainLine {
  product_id: string;
  product_sku: string;
  product_name: string;
  quantity: number;
}

export interface BuyAgainResult {
  /** Names put in the cart (priced today by the server). */
  added: string[];
  /** Names already in the cart: left as they are. */
  alreadyInCart: string[];
  /** Names not put in the cart, each with why. */
  skipped: { name: string; reason: string }[];
}

export const NO_LONGER_SOLD = 'it is no longer sold.';

/**
 * Puts a past order's lines back in the signed-in user's server cart, one POST /cart per line
 * (the server prices each from today's catalogue). A line whose product is gone, inactive or no
 * longer sold under that sku is skipped as no longer sold; one out of stock or short of stock is
 * skipped with the server's reason; a line already in the cart counts as there.
 */
export async function putBackInCart(
  userId: string,
  lines: readonly BuyAgainLine[],
  post: typeof postCartItem = postCartItem,
): Promise<BuyAgainResult> {
  const result: BuyAgainResult = { added: [], alreadyInCart: [], skipped: [] };
  for (const line of lines) {
    const name = line.product_name;
    if (!line.product_id) {
      // The product was deleted from the catalogue after the order.
      result.skipped.push({ name, reason: NO_LONGER_SOLD });
      continue;
    }
    try {
      const res = await post({
        product_id: line.product_id,
        product_sku: line.product_sku,
        quantity: line.quantity,
        user_id: userId,
      });
      if (res.isError) result.skipped.push({ name, reason: res.msg || 'something went wrong.' });
      else result.added.push(name);
    } catch (error) {
      if (isDuplicateError(error)) result.alreadyInCart.push(name);
      else result.skipped.push({ name, reason: skipReason(error) });
    }
  }
  return result;
}

function skipReason(error: unknown): string {
  if (!(error instanceof ServerError)) return 'something went wrong.';
  if (error.status === 404 || error.field === 'product_sku' || error.field === 'product_id') {
    return NO_LONGER_SOLD;
  }
  if (error.status === 409) return 'it is out of stock.';
  const msg = error.serverMessage ?? CART_MESSAGES.notFound;
  return msg.charAt(0).toLowerCase() + msg.slice(1);
}

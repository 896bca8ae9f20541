import type { CartLine } from '@shop/contracts';
import { isDuplicateError } from './api/cart-errors.ts';

/**
 * After login (accounts-checkout-payments §4): each guest line is pushed to the server cart, one
 * after the other. A line the server took, or already had (duplicate), is done; a line that
 * failed in any other way stays in the guest cart. Returns the skus that are done.
 */
export async function mergeGuestLines(
  lines: readonly CartLine[],
  push: (line: CartLine) => Promise<{ isError: boolean; msg: string }>,
): Promise<string[]> {
  const done: string[] = [];
  for (const line of lines) {
    try {
      const res = await push(line);
      if (!res.isError) done.push(line.product_sku);
    } catch (error) {
      if (isDuplicateError(error)) done.push(line.product_sku);
    }
  }
  return done;
}

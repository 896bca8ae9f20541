import { DUPLICATE_CART_LINE } from '@shop/contracts/messages';
import { ServerError } from '../../../lib/api-request.ts';

/** The server's answer that the sku is already in the cart: read by status and field, not text. */
export function isDuplicateError(error: unknown): boolean {
  return (
    error instanceof ServerError &&
    error.status === DUPLICATE_CART_LINE.status &&
    error.field === DUPLICATE_CART_LINE.field
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { AccountUser, CartLine } from '@shop/contracts';
import { ServerError } from '../../../lib/api-request.ts';
import { useGuestCart } from '../guest-cart.ts';
import { useUser } from '../../../lib/use-session.ts';
import { cartQuery } from '../api/cart-api.ts';

export interface CartState {
  user: AccountUser | null;
  lines: readonly CartLine[];
  /** The header badge: the guest cart's length, or the server cart's. */
  count: number;
  isPending: boolean;
}

const NO_LINES: readonly CartLine[] = [];

/**
 * The cart (catalogue-and-cart §4): a guest's lines from localStorage, a signed-in user's from
 * GET /cart/{userId}. Read failures say "Failed to fetch cart" (the server refused) or "Error
 * fetching cart" (no answer), once however many components read the cart.
 */
export function useCart(): CartState {
  const user = useUser();
  const guestLines = useGuestCart();
  const userId = user?.user_id ?? null;
  const query = useQuery({ ...cartQuery(userId ?? ''), enabled: userId !== null });
  useEffect(() => {
    if (!query.isError) return;
    const message =
      query.error instanceof ServerError ? 'Failed to fetch cart' : 'Error fetching cart';
    if (query.error instanceof ServerError && query.error.status === 401) return;
    toast.error(message, { id: 'cart-read' });
  }, [query.isError, query.error]);

  if (!user) return { user, lines: guestLines, count: guestLines.length, isPending: false };
  const lines = query.data && !query.data.isError ? query.data.data : NO_LINES;
  return { user, lines, count: lines.length, isPending: query.isPending };
}

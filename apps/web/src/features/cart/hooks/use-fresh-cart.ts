import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '../../../lib/use-session.ts';
import { refreshCart } from '../api/cart-api.ts';

/**
 * Reads the signed-in shopper's cart again when a page opens: the pages an order lands on (Pay by
 * UPI, an admission's result) after the server took the order's lines out of the cart (issue 59
 * item 1), so the header's count and the cart never show them for the next 30 s.
 */
export function useFreshCart(): void {
  const userId = useUser()?.user_id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId) void refreshCart(queryClient, userId);
  }, [userId, queryClient]);
}

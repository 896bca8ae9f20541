import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { buyAgainSkipped, ORDER_MESSAGES } from '@shop/contracts/messages';
import { getUser, rememberReturnPage } from '../../../lib/session.ts';
import { refreshCart } from '../api/cart-api.ts';
import { putBackInCart, type BuyAgainLine } from '../buy-again.ts';

/**
 * Buy again: puts a past order's lines (priced today) in the server cart, says which were left
 * out and why, then goes to /cart; stays put when none could be added.
 */
export function useBuyAgain(): (lines: readonly BuyAgainLine[], from: string) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async (lines, from) => {
      const user = getUser();
      if (!user) {
        rememberReturnPage(from);
        await navigate('/login');
        return;
      }
      const result = await putBackInCart(user.user_id, lines);
      await refreshCart(queryClient, user.user_id);
      for (const s of result.skipped) toast.warning(buyAgainSkipped(s.name, s.reason));
      const inCart = result.added.length + result.alreadyInCart.length;
      if (inCart === 0) {
        toast.error(ORDER_MESSAGES.buyAgainNothing);
        return;
      }
      if (result.added.length > 0) {
        toast.success(
          `Added ${result.added.length} ${result.added.length === 1 ? 'product' : 'products'} to your cart`,
        );
      }
      await navigate('/cart');
    },
    [navigate, queryClient],
  );
}

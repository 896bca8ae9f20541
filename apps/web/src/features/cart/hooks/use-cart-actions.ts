import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { CartLine } from '@shop/contracts';
import { ServerError, serverMessage } from '../../../lib/api-request.ts';
import { cartLineFor } from '../../../lib/cart-line.ts';
import { addGuestLine, removeGuestLines, setGuestQuantity } from '../../../lib/guest-cart.ts';
import type { AddResult, Purchase, PurchaseRequest } from '../../../lib/purchase.ts';
import { getUser, rememberReturnPage } from '../../../lib/session.ts';
import { cartKey, deleteCartLine, patchCartQuantity, postCartLine } from '../api/cart-api.ts';
import {
  checkoutDataFor,
  COURSE_BUY_NOW_KEY,
  saveCheckoutData,
  type CheckoutData,
} from '../checkout-data.ts';
import { DUPLICATE_MSG } from '../merge-guest-cart.ts';

export const ADDED_MSG = 'Added to cart';

/** A line's stock problem as the server words it, or null when the quantity fits. */
function stockProblem(line: CartLine): string | null {
  if (line.stock <= 0) return 'This product is out of stock.';
  if (line.quantity > line.stock) return `Only ${line.stock} left in stock.`;
  return null;
}

export interface CartActions extends Purchase {
  remove(sku: string): Promise<void>;
  setQuantity(sku: string, quantity: number): Promise<void>;
  /** Proceed to Checkout from the cart: checkout data of all lines, then /checkout. */
  checkout(lines: readonly CartLine[]): void;
}

/**
 * What the purchase buttons do (catalogue-and-cart §4): a guest's cart is kept in localStorage,
 * a signed-in user's on the server; Buy Now and checkout write checkout_data and go on.
 */
export function useCartActions(): CartActions {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useMemo(() => {
    const refreshCart = (userId: string) =>
      queryClient.invalidateQueries({ queryKey: cartKey(userId) });

    /**
     * A course bought now goes to /admission-form with the course buy-now flag; anything else to
     * /checkout, or for a guest to /login with /checkout remembered (accounts §4).
     */
    const goCheckout = (data: CheckoutData, courseBuyNow: boolean) => {
      saveCheckoutData(data);
      if (courseBuyNow) {
        localStorage.setItem(COURSE_BUY_NOW_KEY, 'true');
        void navigate('/admission-form');
      } else if (getUser()) {
        void navigate('/checkout');
      } else {
        rememberReturnPage('/checkout');
        void navigate('/login');
      }
    };

    async function addToCart({ product, sku, quantity }: PurchaseRequest): Promise<AddResult> {
      const user = getUser();
      const line = cartLineFor(product, { sku, quantity: quantity ?? 1, user });
      if (!user) {
        const problem = stockProblem(line);
        if (problem) {
          toast.warning(problem);
          return 'failed';
        }
        if (addGuestLine(line) === 'duplicate') {
          toast.warning(DUPLICATE_MSG);
          return 'duplicate';
        }
        toast.success(ADDED_MSG);
        return 'added';
      }
      try {
        const res = await postCartLine(line);
        if (res.isError) {
          toast.warning(res.msg || DUPLICATE_MSG);
          return res.msg === DUPLICATE_MSG ? 'duplicate' : 'failed';
        }
        await refreshCart(user.user_id);
        toast.success(res.msg || ADDED_MSG);
        return 'added';
      } catch (error) {
        if (error instanceof ServerError) {
          const msg = serverMessage(error, DUPLICATE_MSG);
          toast.warning(msg);
          return msg === DUPLICATE_MSG ? 'duplicate' : 'failed';
        }
        toast.error('Something went wrong');
        return 'failed';
      }
    }

    function buyNow({ product, sku, quantity }: PurchaseRequest) {
      const line = cartLineFor(product, { sku, quantity: quantity ?? 1, user: getUser() });
      const problem = stockProblem(line);
      if (problem) {
        toast.warning(problem);
        return;
      }
      goCheckout(checkoutDataFor([line]), line.course);
    }

    async function remove(sku: string) {
      const user = getUser();
      if (!user) {
        removeGuestLines([sku]);
        return;
      }
      try {
        await deleteCartLine(sku);
      } catch {
        toast.error('Failed to remove product');
      }
      await refreshCart(user.user_id);
    }

    async function setQuantity(sku: string, quantity: number) {
      const user = getUser();
      if (!user) {
        setGuestQuantity(sku, quantity);
        return;
      }
      try {
        await patchCartQuantity(sku, quantity);
      } catch (error) {
        toast.warning(serverMessage(error, 'Something went wrong'));
      }
      await refreshCart(user.user_id);
    }

    function checkout(lines: readonly CartLine[]) {
      if (lines.length === 0) {
        toast.error('Your cart is empty!');
        return;
      }
      goCheckout(checkoutDataFor(lines), false);
    }

    return { addToCart, buyNow, remove, setQuantity, checkout };
  }, [navigate, queryClient]);
}

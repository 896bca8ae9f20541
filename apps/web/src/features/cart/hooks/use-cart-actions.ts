import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { CartLine } from '@shop/contracts';
import { CART_MESSAGES } from '@shop/contracts/messages';
import { ServerError, serverMessage } from '../../../lib/api-request.ts';
import {
  checkoutDataFor,
  saveCheckoutData,
  setCourseBuyNow,
  type CheckoutData,
} from '../../../lib/checkout-handoff.ts';
import type { AddResult, Purchase, PurchaseRequest } from '../../../lib/purchase.ts';
import { getUser, rememberReturnPage } from '../../../lib/session.ts';
import {
  deleteAllCartLines,
  deleteCartLine,
  patchCartQuantity,
  postCartLine,
  refreshCart,
} from '../api/cart-api.ts';
import { isDuplicateError } from '../api/cart-errors.ts';
import { toastAdded } from '../components/added-toast.tsx';
import { cartLineFor, lineStockProblem } from '../cart-line.ts';
import { addGuestLine, removeGuestLines, setGuestQuantity } from '../guest-cart.ts';

export interface CartActions extends Purchase {
  remove(sku: string): Promise<void>;
  setQuantity(sku: string, quantity: number): Promise<void>;
  /** Proceed to Checkout from the cart: checkout data of all lines, then /checkout. */
  checkout(lines: readonly CartLine[]): void;
  /** Empties the cart (after a sent quote): the server's, or the guest's lines given. */
  clear(lines: readonly CartLine[]): Promise<void>;
}

/**
 * What the purchase buttons do (catalogue-and-cart §4): a guest's cart is kept in localStorage,
 * a signed-in user's on the server; Buy Now and checkout write checkout_data and go on.
 */
export function useCartActions(): CartActions {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  return useMemo(() => {
    /**
     * A course bought now goes to /admission-form with the course buy-now flag; anything else to
     * /checkout, or for a guest to /login with /checkout remembered (accounts §4).
     */
    const goCheckout = (data: CheckoutData, courseBuyNow: boolean) => {
      saveCheckoutData(data);
      if (courseBuyNow) {
        setCourseBuyNow(true);
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
        const problem = lineStockProblem(line);
        if (problem) {
          toast.warning(problem);
          return 'failed';
        }
        if (addGuestLine(line) === 'duplicate') {
          toast.warning(CART_MESSAGES.duplicate);
          return 'duplicate';
        }
        toastAdded(CART_MESSAGES.added);
        return 'added';
      }
      try {
        const res = await postCartLine(line);
        if (res.isError) {
          // The spec: the server's msg, or "Product already in cart" (issue 59 item 8).
          toast.warning(res.msg || CART_MESSAGES.duplicate);
          return 'failed';
        }
        await refreshCart(queryClient, user.user_id);
        toastAdded(res.msg || CART_MESSAGES.added);
        return 'added';
      } catch (error) {
        if (isDuplicateError(error)) {
          toast.warning(CART_MESSAGES.duplicate);
          return 'duplicate';
        }
        if (error instanceof ServerError) {
          toast.warning(serverMessage(error, 'Something went wrong'));
          return 'failed';
        }
        toast.error('Something went wrong');
        return 'failed';
      }
    }

    function buyNow({ product, sku, quantity }: PurchaseRequest) {
      const line = cartLineFor(product, { sku, quantity: quantity ?? 1, user: getUser() });
      const problem = lineStockProblem(line);
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
      await refreshCart(queryClient, user.user_id);
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
      await refreshCart(queryClient, user.user_id);
    }

    function checkout(lines: readonly CartLine[]) {
      if (lines.length === 0) {
        toast.error('Your cart is empty!');
        return;
      }
      goCheckout(checkoutDataFor(lines), false);
    }

    async function clear(lines: readonly CartLine[]) {
      const user = getUser();
      if (!user) {
        removeGuestLines(lines.map((l) => l.product_sku));
        return;
      }
      try {
        await deleteAllCartLines(user.user_id);
      } catch {
        toast.error('Failed to remove product');
      }
      await refreshCart(queryClient, user.user_id);
    }

    return { addToCart, buyNow, remove, setQuantity, checkout, clear };
  }, [navigate, queryClient]);
}

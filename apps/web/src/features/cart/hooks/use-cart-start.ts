import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AccountUser, CartResponse } from '@shop/contracts';
import { refreshedLine } from '../cart-line.ts';
import { getGuestCart, removeGuestLines, saveGuestCart } from '../guest-cart.ts';
import {
  checkoutDataFor,
  clearCheckoutData,
  readCheckoutData,
  saveCheckoutData,
} from '../../../lib/checkout-handoff.ts';
import { toast } from '../../../lib/toast.ts';
import { useUser } from '../../../lib/use-session.ts';
import { fetchCart, fetchProduct, postCartLine, refreshCart } from '../api/cart-api.ts';
import { mergeGuestLines, refusedNotice, type RefusedLine } from '../merge-guest-cart.ts';

/**
 * On app start (catalogue-and-cart §4) each guest line is refreshed from the catalogue (name,
 * prices, stock, status, image, gallery); a line whose product cannot be read stays as it was.
 */
export async function refreshGuestCart(read = fetchProduct): Promise<void> {
  const ids = [...new Set(getGuestCart().map((l) => l.product_id))];
  if (ids.length === 0) return;
  const products = new Map(
    await Promise.all(
      ids.map((id) =>
        read(id).then(
          (p) => [id, p] as const,
          () => [id, null] as const,
        ),
      ),
    ),
  );
  // The cart may have changed while the products were read: apply to what is stored now.
  saveGuestCart(
    getGuestCart().map((line) => {
      const product = products.get(line.product_id);
      return product ? refreshedLine(line, product) : line;
    }),
  );
}

/**
 * Pushes the guest cart to the user's server cart; what went in (or was there) leaves it, and
 * the lines refused are answered. Checkout data handed over with a refused line (the guest's
 * Proceed to Checkout before signing in) is made again from the server's cart, so checkout
 * never shows a line the server cart does not have (issue 59 item 8).
 */
export async function mergeGuestCart(
  user: AccountUser,
  readCart: (userId: string) => Promise<CartResponse> = fetchCart,
): Promise<RefusedLine[]> {
  const lines = getGuestCart().map((l) => ({
    ...l,
    user_id: user.user_id,
    user_name: user.name || user.full_name,
  }));
  if (lines.length === 0) return [];
  const { done, refused } = await mergeGuestLines(lines, postCartLine);
  removeGuestLines(done);
  const handed = readCheckoutData();
  const refusedSkus = new Set(refused.map((r) => r.line.product_sku));
  if (handed && handed.products.some((l) => refusedSkus.has(l.product_sku))) {
    const serverLines = (await readCart(user.user_id)).data;
    if (serverLines.length > 0) saveCheckoutData(checkoutDataFor(serverLines));
    else clearCheckoutData();
  }
  return refused;
}

let startedRefresh = false;
let merging: Promise<void> | null = null;

/**
 * The cart's part of the app start and of signing in: the guest cart is refreshed once per
 * start, and when a user appears in the session (login, Google sign-in) the guest cart is
 * merged into theirs and the count read again. Used once, by the app layout.
 */
export function useCartStart() {
  const user = useUser();
  const queryClient = useQueryClient();
  const previous = useRef(user);

  useEffect(() => {
    if (startedRefresh) return;
    startedRefresh = true;
    void refreshGuestCart();
  }, []);

  useEffect(() => {
    const was = previous.current;
    previous.current = user;
    if (was !== null || user === null || merging) return;
    merging = mergeGuestCart(user)
      .then((refused) => {
        for (const r of refused) {
          toast.warning(refusedNotice(r), { id: `merge-${r.line.product_sku}`, duration: 10_000 });
        }
      })
      .catch((error: unknown) => console.error('Cart merge failed', error))
      .finally(() => {
        merging = null;
        void refreshCart(queryClient, user.user_id);
      });
  }, [user, queryClient]);
}

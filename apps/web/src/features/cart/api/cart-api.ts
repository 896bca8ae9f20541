import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CartLine, CartResponse, CartWriteResponse, Product } from '@shop/contracts';
import { getJson, STORE_ID } from '../../../lib/api-client.ts';
import { authJson } from '../../../lib/api-request.ts';

const sku = (s: string) => encodeURIComponent(s);

export const cartKey = (userId: string) => ['cart', userId] as const;

export const fetchCart = (userId: string, signal?: AbortSignal) =>
  authJson<CartResponse>('GET', `/cart/${encodeURIComponent(userId)}`, undefined, signal);

/** GET /cart/{userId}, the user's server cart. */
export const cartQuery = (userId: string) =>
  queryOptions({
    queryKey: cartKey(userId),
    queryFn: ({ signal }) => fetchCart(userId, signal),
    staleTime: 30_000,
    retry: false,
  });

/**
 * Reads the user's cart again after a write. A first read still on its way may have left before
 * the write, and TanStack Query joins it rather than starting another when the query has no data
 * yet (`cancelRefetch` cancels only a query that has data): the cart would show the answer from
 * before the write for the next 30 s. So any read in flight is cancelled first.
 */
export async function refreshCart(queryClient: QueryClient, userId: string): Promise<void> {
  const queryKey = cartKey(userId);
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}

/** POST /cart with the whole line; the server reads product, sku, quantity and user only. */
export const postCartLine = (line: CartLine) => authJson<CartWriteResponse>('POST', '/cart', line);

export const patchCartQuantity = (lineSku: string, quantity: number) =>
  authJson<CartWriteResponse>('PATCH', `/cart/${sku(lineSku)}`, { quantity });

export const deleteCartLine = (lineSku: string) =>
  authJson<CartWriteResponse>('DELETE', `/cart/${sku(lineSku)}`);

/** DELETE /cart/deleteall/{userId}: empties the user's server cart (after a sent quote). */
export const deleteAllCartLines = (userId: string) =>
  authJson<CartWriteResponse>('DELETE', `/cart/deleteall/${encodeURIComponent(userId)}`);

export const fetchProduct = (productId: string, signal?: AbortSignal) =>
  getJson<{ data: Product }>(
    `/grouped-product/single/${encodeURIComponent(productId)}`,
    signal,
  ).then((r) => r.data);

/** POST /cart with only what the server reads: which product and sku, how many, for whom. */
export const postCartItem = (item: {
  product_id: string;
  product_sku: string;
  quantity: number;
  user_id: string;
}) => authJson<CartWriteResponse>('POST', '/cart', { ...item, main_id: STORE_ID });

import { useQuery } from '@tanstack/react-query';
import type { Order } from '@shop/contracts';
import { authJson } from '../../../lib/api-request.ts';

const id = (s: string) => encodeURIComponent(s);

export const ordersKey = (userId: string) => ['orders', userId] as const;
export const orderKey = (orderId: string) => ['order', orderId] as const;

/** GET /payment/{user_id}: the user's orders, newest first (the server sorts them). */
export function useOrders(userId: string) {
  return useQuery({
    queryKey: ordersKey(userId),
    queryFn: ({ signal }) =>
      authJson<{ data: Order[] }>('GET', `/payment/${id(userId)}`, undefined, signal).then(
        (r) => r.data,
      ),
  });
}

/** GET /payment/order/{id}: one of the caller's orders (404 for anyone else's). */
export function useTrackedOrder(orderId: string) {
  return useQuery({
    queryKey: orderKey(orderId),
    retry: false,
    // Tracking follows the shop's moves: read again when the page is looked at again.
    refetchOnWindowFocus: true,
    staleTime: 0,
    queryFn: ({ signal }) =>
      authJson<{ data: Order }>('GET', `/payment/order/${id(orderId)}`, undefined, signal).then(
        (r) => r.data,
      ),
  });
}

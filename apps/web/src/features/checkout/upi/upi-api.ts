import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpiPayment, UpiPaymentResponse } from '@shop/contracts';
import { authJson } from '../../../lib/api-request.ts';

const id = (s: string) => encodeURIComponent(s);
export const upiPaymentKey = (orderId: string) => ['upi-payment', orderId] as const;

/**
 * GET /payment/order/{id}/upi: how to pay one of the caller's UPI orders and where it stands.
 * While the shop has not confirmed, it is read again every 20 s, so the page turns to
 * "Processing" by itself once the shop confirms.
 */
export function useUpiPayment(orderId: string) {
  return useQuery<UpiPayment>({
    queryKey: upiPaymentKey(orderId),
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (q) => (q.state.data?.state === 'awaiting-confirmation' ? 20_000 : false),
    queryFn: ({ signal }) =>
      authJson<UpiPaymentResponse>(
        'GET',
        `/payment/order/${id(orderId)}/upi`,
        undefined,
        signal,
      ).then((r) => r.data),
  });
}

/** POST /payment/order/{id}/utr: the UTR of the customer's UPI payment. */
export function useSubmitUtr(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (utr: string) =>
      authJson<UpiPaymentResponse>('POST', `/payment/order/${id(orderId)}/utr`, { utr }).then(
        (r) => r.data,
      ),
    onSuccess: (data: UpiPayment) => {
      client.setQueryData(upiPaymentKey(orderId), data);
      void client.invalidateQueries({ queryKey: ['order', orderId] });
    },
  });
}

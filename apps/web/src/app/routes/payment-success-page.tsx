import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useParams } from 'react-router';
import { refreshCart } from '../../features/cart/api/cart-api.ts';
import { clearServerCart } from '../../features/checkout/api/checkout-api.ts';
import { PaymentResult } from '../../features/checkout/components/payment-result.tsx';
import { clearCheckoutData } from '../../lib/checkout-handoff.ts';
import { logError } from '../../lib/log-error.ts';
import { useUser } from '../../lib/use-session.ts';

/**
 * /payment-success/{orderId} (login required): on arrival the server cart and the checkout data
 * are cleared (accounts §4), then /my-account after 2 s.
 */
export function Component() {
  const { orderId = '' } = useParams();
  const user = useUser();
  const queryClient = useQueryClient();
  const userId = user?.user_id;
  const clear = useCallback(() => {
    clearCheckoutData();
    if (!userId) return;
    clearServerCart(userId)
      .catch((e: unknown) => logError('clearing the cart after payment', e))
      .finally(() => void refreshCart(queryClient, userId));
  }, [userId, queryClient]);
  return <PaymentResult outcome="success" orderId={orderId} onShown={clear} />;
}

import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useFreshCart } from '../../features/cart/hooks/use-fresh-cart.ts';
import { PaymentResult } from '../../features/checkout/components/payment-result.tsx';
import { clearCheckoutData, setCourseBuyNow } from '../../lib/checkout-handoff.ts';

/**
 * /payment-successad/{receiptId} (login required): an admission payment's result. The checkout
 * data and the course buy-now flag are cleared (the shop cart is left as it is), then
 * /my-account after 2 s.
 */
export function Component() {
  const { receiptId = '' } = useParams();
  useFreshCart();
  const clear = useCallback(() => {
    clearCheckoutData();
    setCourseBuyNow(false);
  }, []);
  return <PaymentResult outcome="success" orderId={receiptId} admission onShown={clear} />;
}

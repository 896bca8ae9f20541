import { useCallback } from 'react';
import { useParams } from 'react-router';
import { PaymentResult } from '../../features/checkout/components/payment-result.tsx';
import { clearCheckoutData, setCourseBuyNow } from '../../lib/checkout-handoff.ts';

/**
 * /payment-successad/{receiptId} (login required): an admission payment's result. The checkout
 * data and the course buy-now flag are cleared (the shop cart is left as it is), then
 * /my-account after 2 s.
 */
export function Component() {
  const { receiptId = '' } = useParams();
  const clear = useCallback(() => {
    clearCheckoutData();
    setCourseBuyNow(false);
  }, []);
  return <PaymentResult outcome="success" orderId={receiptId} admission onShown={clear} />;
}

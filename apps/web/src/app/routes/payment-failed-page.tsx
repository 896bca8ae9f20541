import { useParams } from 'react-router';
import { PaymentResult } from '../../features/checkout/components/payment-result.tsx';

/** /payment-failed/{orderId} (login required): the order's details, Try again, then the order's page after 2 s. */
export function Component() {
  const { orderId = '' } = useParams();
  return <PaymentResult outcome="failed" orderId={orderId} />;
}

import { useParams } from 'react-router';
import { PaymentResult } from '../../features/checkout/components/payment-result.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

/** /payment-failed/{orderId} (login required): the order's details, then /cart after 2 s. */
export function Component() {
  usePageTitle('Payment failed');
  const { orderId = '' } = useParams();
  return <PaymentResult outcome="failed" orderId={orderId} />;
}

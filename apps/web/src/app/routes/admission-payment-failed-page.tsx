import { useParams } from 'react-router';
import { PaymentResult } from '../../features/checkout/components/payment-result.tsx';
import { usePageTitle } from '../../lib/use-document-meta.ts';

/** /payment-failedad/{receiptId} (login required): a failed admission payment, then the courses. */
export function Component() {
  usePageTitle('Payment failed');
  const { receiptId = '' } = useParams();
  return <PaymentResult outcome="failed" orderId={receiptId} admission />;
}

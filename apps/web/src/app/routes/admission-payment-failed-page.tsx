import { useParams } from 'react-router';
import { PaymentResult } from '../../features/checkout/components/payment-result.tsx';

/** /payment-failedad/{receiptId} (login required): a failed admission payment, then the courses. */
export function Component() {
  const { receiptId = '' } = useParams();
  return <PaymentResult outcome="failed" orderId={receiptId} admission />;
}

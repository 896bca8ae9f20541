import { formatInr } from '@shop/domain';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { CartDelivery } from '../delivery-estimate.ts';

/** The delivery row of the totals: one line tall in every state, so nothing moves. */
export function DeliveryFigure({ delivery }: { delivery: CartDelivery }) {
  switch (delivery.status) {
    case 'loading':
      return (
        <>
          <Skeleton className="h-4 w-14" />
          <span className="sr-only">Working out the delivery charge</span>
        </>
      );
    case 'from':
      return delivery.fromPaise === 0 ? 'Free nearby' : `from ${formatInr(delivery.fromPaise)}`;
    case 'to-address':
      return delivery.chargePaise === 0 ? 'Free' : formatInr(delivery.chargePaise);
    case 'unavailable':
      return 'Not available';
    case 'none':
      return null;
  }
}

/** What the sticky bar says under the total. */
export function deliveryNote(delivery: CartDelivery): string | undefined {
  switch (delivery.status) {
    case 'from':
      return delivery.fromPaise === 0
        ? '+ delivery, free nearby'
        : `+ delivery from ${formatInr(delivery.fromPaise)}`;
    case 'to-address':
      return delivery.chargePaise === 0
        ? 'Free delivery included'
        : `Includes delivery ${formatInr(delivery.chargePaise)}`;
    case 'unavailable':
      return delivery.reason;
    case 'loading':
      return '+ delivery';
    case 'none':
      return undefined;
  }
}

import type { OrderStatus } from '@shop/domain';
import { statusTone } from './order-format.ts';

/** An order's status as a coloured pill. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusTone(status)}`}
      data-testid="status-badge"
    >
      {status}
    </span>
  );
}

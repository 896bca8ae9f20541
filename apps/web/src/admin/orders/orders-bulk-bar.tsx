import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FORWARD_ORDER_STATUSES, type OrderStatus } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { errorText } from '../../lib/api-request.ts';
import type { ListSelection } from '../lib/resource-list/use-resource-list.ts';
import { FilterSelect } from '../layout/list-controls.tsx';
import { bulkMove } from './orders-api.ts';

/** The statuses the ticked orders can be moved to together. */
const BULK_TARGETS = [...FORWARD_ORDER_STATUSES.slice(1), 'Cancelled' as const];

/** What moving orders to `to` does besides their status, said before the shop confirms. */
export function bulkMoveEffect(to: OrderStatus): string {
  if (to === 'Cancelled') {
    return 'Each order is cancelled: its stock goes back on sale, its coupon use is given back, what was paid online is refunded to the customer, and the customer is emailed. This cannot be undone.';
  }
  if (to === 'Shipped' || to === 'Out for delivery') {
    return 'They are sent without a courier or tracking number (add those on each order’s page), invoices are numbered, and each customer is emailed.';
  }
  return 'Each customer is emailed about the new status.';
}

/**
 * Moves the ticked orders to one status after saying what it will do, and says how many moved
 * and why others were refused.
 */
export function OrdersBulkBar({
  list,
  moveTo,
  onMoveTo,
}: {
  list: ListSelection;
  moveTo: OrderStatus;
  onMoveTo: (status: OrderStatus) => void;
}) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const count = list.selected.size;
  const bulk = useMutation({
    mutationFn: () => bulkMove([...list.selected], moveTo),
    onSuccess: async (results) => {
      setConfirming(false);
      const moved = results.filter((r) => r.result === 'moved').length;
      const refused = results.filter((r) => r.result === 'refused');
      list.setNotice(
        `${moved} moved to ${moveTo}` +
          (refused.length > 0
            ? `; ${refused.length} refused: ${[...new Set(refused.map((r) => r.reason))].join(' ')}`
            : '.'),
      );
      list.clearSelection();
      await client.invalidateQueries({ queryKey: ['admin-orders'] });
    },
    onError: (err) => {
      setConfirming(false);
      list.setNotice(errorText(err));
    },
  });
  return (
    <div
      className="flex flex-wrap items-end gap-2 rounded-lg bg-orange-50 p-3 ring-1 ring-orange-200"
      data-testid="bulk-bar"
    >
      <p className="basis-full text-sm font-semibold text-slate-900 sm:basis-auto">
        {list.selected.size} selected
      </p>
      <FilterSelect
        label="Move to"
        value={moveTo}
        onChange={(v) => onMoveTo(v as OrderStatus)}
        options={BULK_TARGETS.map((s) => [s, s] as const)}
      />
      <Button onClick={() => setConfirming(true)} disabled={bulk.isPending}>
        {bulk.isPending ? 'Moving…' : 'Move selected'}
      </Button>
      <Button variant="ghost" onClick={list.clearSelection}>
        Clear
      </Button>
      <Modal
        title={`Move ${count} order${count === 1 ? '' : 's'} to ${moveTo}?`}
        open={confirming}
        onClose={() => setConfirming(false)}
      >
        <div className="flex flex-col gap-4" data-testid="bulk-confirm">
          <p className="text-slate-700">{bulkMoveEffect(moveTo)}</p>
          <p className="text-sm text-slate-600">
            An order that cannot move to {moveTo} from where it is stays as it is, and the list says
            why.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => bulk.mutate()} disabled={bulk.isPending}>
              {bulk.isPending ? 'Moving…' : `Move ${count} to ${moveTo}`}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Go back
            </Button>
          </div>
        </div>
      </Modal>
    </div>
  );
}

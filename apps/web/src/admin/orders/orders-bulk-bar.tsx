import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORWARD_ORDER_STATUSES, type OrderStatus } from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api-request.ts';
import type { ListSelection } from '../lib/resource-list/use-resource-list.ts';
import { FilterSelect } from '../layout/list-controls.tsx';
import { bulkMove } from './orders-api.ts';

/** The statuses the ticked orders can be moved to together. */
const BULK_TARGETS = [...FORWARD_ORDER_STATUSES.slice(1), 'Cancelled' as const];

/** Moves the ticked orders to one status and says how many moved and why others were refused. */
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
  const bulk = useMutation({
    mutationFn: () => bulkMove([...list.selected], moveTo),
    onSuccess: async (results) => {
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
    onError: (err) => list.setNotice(errorText(err)),
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
      <Button onClick={() => bulk.mutate()} disabled={bulk.isPending}>
        {bulk.isPending ? 'Moving…' : 'Move selected'}
      </Button>
      <Button variant="ghost" onClick={list.clearSelection}>
        Clear
      </Button>
    </div>
  );
}

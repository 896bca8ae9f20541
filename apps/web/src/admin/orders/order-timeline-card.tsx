import type { AdminOrder } from '@shop/contracts';
import { DeskCard } from './order-desk-card.tsx';
import { when } from './order-format.ts';

/** The order's history, newest first: each status it took, who moved it, when, and the note. */
export function OrderTimelineCard({ order }: { order: AdminOrder }) {
  return (
    <DeskCard title="Timeline">
      <ol
        className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3"
        data-testid="admin-timeline"
      >
        {[...order.timeline].reverse().map((e, i) => (
          <li key={`${e.at}-${i}`} className="text-sm">
            <p className="font-semibold text-slate-900">
              {e.from === null
                ? 'Placed'
                : e.event === 'collected'
                  ? 'Collected at delivery'
                  : e.to}
              <span className="font-normal text-slate-700"> · {e.by}</span>
            </p>
            <p className="text-slate-700">{when(e.at)}</p>
            {e.note && <p className="break-words text-slate-800">{e.note}</p>}
          </li>
        ))}
      </ol>
    </DeskCard>
  );
}

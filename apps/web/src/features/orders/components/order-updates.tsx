import type { Order } from '@shop/contracts';
import { formatOrderDateTime } from '../order-format.ts';

/** The order's updates from the shop, newest first. */
export function OrderUpdates({ order }: { order: Order }) {
  // Until the shop moves the order there is one update: it was placed.
  const entries =
    order.timeline.length > 0
      ? [...order.timeline].reverse()
      : [
          {
            at: order.createdAt,
            from: null,
            to: order.orderStatus,
            by: 'customer',
            note: '',
            event: 'status',
          },
        ];
  return (
    <section
      aria-labelledby="updates-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="updates-heading" className="text-lg font-bold text-slate-900">
        Updates
      </h2>
      <ol className="flex flex-col gap-3 border-l-2 border-slate-200 pl-4" data-testid="timeline">
        {entries.map((e, i) => (
          <li key={`${e.at}-${i}`} className="text-sm">
            <p className="font-semibold text-slate-900">
              {e.from === null ? 'Order placed' : e.event === 'collected' ? 'Paid in full' : e.to}
            </p>
            <p className="text-slate-700">
              <time dateTime={e.at}>{formatOrderDateTime(e.at)}</time>
            </p>
            {e.note && <p className="break-words text-slate-800">{e.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

import { Fragment } from 'react';
import type { Order } from '@shop/contracts';

/** "UR-10005", "UR-10005 and UR-10006", "UR-10004, UR-10005 and UR-10006"; a number never wraps. */
function listed(numbers: readonly string[]) {
  return numbers.map((n, i) => (
    <Fragment key={n}>
      {i === 0 ? '' : i === numbers.length - 1 ? ' and ' : ', '}
      <span className="font-semibold whitespace-nowrap">{n}</span>
    </Fragment>
  ));
}

/**
 * On the newer order's page: the earlier unpaid orders of the same goods that placing it
 * cancelled (decision 0050, issue 59 item 8), so the shopper is never left wondering where the
 * first order went. Nothing when it replaced none.
 */
export function ReplacedOrdersNote({ order }: { order: Pick<Order, 'replaced_orders'> }) {
  const numbers = order.replaced_orders;
  if (numbers.length === 0) return null;
  const one = numbers.length === 1;
  return (
    <p
      className="rounded-2xl bg-sky-50 p-4 text-sm text-sky-950 ring-1 ring-sky-200"
      data-testid="replaced-orders-note"
    >
      <span className="block font-semibold">
        {one ? 'Your earlier order was replaced' : 'Your earlier orders were replaced'}
      </span>
      This order replaces your unpaid {one ? 'order' : 'orders'} {listed(numbers)} of the same
      items, so you have one order to pay, not two. {one ? 'It was' : 'They were'} cancelled; if you
      were charged for {one ? 'it' : 'them'}, the money is refunded in full.
    </p>
  );
}

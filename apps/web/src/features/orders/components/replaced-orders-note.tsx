import type { Order } from '@shop/contracts';

/** "UR-10005", "UR-10005 and UR-10006", "UR-10004, UR-10005 and UR-10006". */
function listed(numbers: readonly string[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)!}`;
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

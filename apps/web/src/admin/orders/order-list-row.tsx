import { Link } from 'react-router';
import type { AdminOrderSummary } from '@shop/contracts';
import { inr } from '../../lib/format.ts';
import type { ResourceColumn } from '../lib/resource-list/resource-list.tsx';
import { when } from './order-format.ts';
import { StatusBadge } from './status-badge.tsx';

/** Whether an order of the list is paid, awaiting its payment, or partly paid. */
const paidLabel = (o: AdminOrderSummary) =>
  o.fully_paid ? 'Paid' : o.awaiting_payment ? 'Awaiting payment' : 'Not fully paid';

const itemsText = (o: AdminOrderSummary) => `${o.items} ${o.items === 1 ? 'item' : 'items'}`;

/** An order as a phone card of the orders desk's list. */
export function OrderCard({ order: o }: { order: AdminOrderSummary }) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      {/* A long badge ("Cancelled · payment not received") goes under the number, never splits it. */}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Link
          to={`/orders/${o.order_id}`}
          className="tap font-semibold break-all text-orange-800 underline"
        >
          {o.order_number}
        </Link>
        <StatusBadge order={o} />
      </div>
      <p className="text-sm text-slate-900">
        {o.user_name} · {o.city}
      </p>
      <p className="text-sm text-slate-700">
        {when(o.createdAt)} · {itemsText(o)}
      </p>
      <p className="text-sm text-slate-900">
        <span className="font-semibold">{inr(o.totalAmountbeforePay)}</span> · {o.payment_mode} ·{' '}
        {paidLabel(o)}
      </p>
    </div>
  );
}

export const ORDER_COLUMNS: ResourceColumn[] = [
  { heading: 'Order' },
  { heading: 'Placed' },
  { heading: 'Customer' },
  { heading: 'Payment' },
  { heading: 'Total', alignRight: true },
  { heading: 'Status' },
];

/** An order's cells in the orders desk's table, one per column of ORDER_COLUMNS. */
export function OrderCells({ order: o }: { order: AdminOrderSummary }) {
  return (
    <>
      <td className="p-2">
        <Link to={`/orders/${o.order_id}`} className="font-semibold text-orange-800 underline">
          {o.order_number}
        </Link>
        <span className="block text-xs text-slate-700">{itemsText(o)}</span>
      </td>
      <td className="p-2 whitespace-nowrap">{when(o.createdAt)}</td>
      <td className="p-2">
        {o.user_name}
        <span className="block text-xs text-slate-700">
          {o.mobile} · {o.city}
        </span>
      </td>
      <td className="p-2">
        {o.payment_mode}
        <span className="block text-xs text-slate-700">{paidLabel(o)}</span>
      </td>
      <td className="p-2 text-right font-semibold whitespace-nowrap">
        {inr(o.totalAmountbeforePay)}
      </td>
      <td className="p-2">
        <StatusBadge order={o} />
      </td>
    </>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_ORDER_SORTS, type AdminOrderSort, type AdminOrderSummary } from '@shop/contracts';
import {
  FORWARD_ORDER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_MODES,
  type OrderStatus,
  type PaymentMode,
} from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { FilterSelect, Pager } from '../layout/list-controls.tsx';
import {
  bulkMove,
  exportCsv,
  listOrders,
  NO_FILTERS,
  PAGE_SIZE,
  type DeskFilters,
} from './orders-api.ts';
import { rupees, when } from './order-format.ts';
import { StatusBadge } from './status-badge.tsx';

const SORT_LABELS: Record<AdminOrderSort, string> = {
  placed_desc: 'Newest first',
  placed_asc: 'Oldest first',
  total_desc: 'Total: high to low',
  total_asc: 'Total: low to high',
  status_asc: 'Status: Pending first',
  status_desc: 'Status: Cancelled first',
};

/** Whether an order of the list is paid, awaiting its payment, or partly paid. */
const paidLabel = (o: AdminOrderSummary) =>
  o.fully_paid ? 'Paid' : o.awaiting_payment ? 'Awaiting payment' : 'Not fully paid';

/** /admin/orders: the orders desk's list. */
export function Component() {
  const [filters, setFilters] = useState<DeskFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkTo, setBulkTo] = useState<OrderStatus>('Packed');
  const [notice, setNotice] = useState<string | null>(null);
  const client = useQueryClient();
  const list = useQuery({
    queryKey: ['admin-orders', filters],
    queryFn: () => listOrders(filters),
    placeholderData: (previous) => previous,
  });
  const set = (patch: Partial<DeskFilters>) => {
    setFilters((f) => ({ ...f, page: 1, ...patch }));
    setSelected(new Set());
  };
  const toggleStatus = (s: OrderStatus) =>
    set({
      status: filters.status.includes(s)
        ? filters.status.filter((x) => x !== s)
        : [...filters.status, s],
    });
  const bulk = useMutation({
    mutationFn: () => bulkMove([...selected], bulkTo),
    onSuccess: async (results) => {
      const moved = results.filter((r) => r.result === 'moved').length;
      const refused = results.filter((r) => r.result === 'refused');
      setNotice(
        `${moved} moved to ${bulkTo}` +
          (refused.length > 0
            ? `; ${refused.length} refused: ${[...new Set(refused.map((r) => r.reason))].join(' ')}`
            : '.'),
      );
      setSelected(new Set());
      await client.invalidateQueries({ queryKey: ['admin-orders'] });
    },
    onError: (err) => setNotice(errorText(err)),
  });
  const csv = useMutation({
    mutationFn: () => exportCsv(filters),
    onError: (err) => setNotice(errorText(err)),
  });

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.order_id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <AdminPage
      title="Orders"
      actions={
        <Button
          variant="secondary"
          onClick={() => csv.mutate()}
          disabled={csv.isPending}
          data-testid="export-csv"
        >
          {csv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      }
    >
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: search });
        }}
      >
        <label htmlFor="order-search" className="sr-only">
          Search orders
        </label>
        <input
          id="order-search"
          type="search"
          className={fieldClass}
          placeholder="Order number, name, mobile or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </form>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Status</legend>
        <div className="flex flex-wrap gap-2">
          {ORDER_STATUSES.map((s) => {
            const on = filters.status.includes(s);
            return (
              <button
                key={s}
                type="button"
                aria-pressed={on}
                onClick={() => toggleStatus(s)}
                className={`min-h-tap shrink-0 rounded-full px-3 text-sm font-semibold ring-1 ${
                  on
                    ? 'bg-slate-900 text-white ring-slate-900'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-100'
                }`}
              >
                {s}
              </button>
            );
          })}
          <button
            type="button"
            aria-pressed={filters.awaiting}
            onClick={() => set({ awaiting: !filters.awaiting })}
            className={`min-h-10 shrink-0 rounded-full px-3 text-sm font-semibold ring-1 ${
              filters.awaiting
                ? 'bg-amber-700 text-white ring-amber-700'
                : 'bg-white text-amber-900 ring-amber-300 hover:bg-amber-50'
            }`}
          >
            Awaiting payment
          </button>
        </div>
      </fieldset>

      <div className="grid grid-cols-2 gap-2 md:grid-cols-5">
        <FilterSelect
          label="Payment"
          value={filters.paymentMode}
          onChange={(v) => set({ paymentMode: v as PaymentMode | '' })}
          options={[['', 'Any payment'], ...PAYMENT_MODES.map((m) => [m, m] as const)]}
        />
        <FilterSelect
          label="Paid"
          value={filters.paid}
          onChange={(v) => set({ paid: v as DeskFilters['paid'] })}
          options={[
            ['', 'Paid or not'],
            ['true', 'Fully paid'],
            ['false', 'Not fully paid'],
          ]}
        />
        <DateField label="From" value={filters.from} onChange={(from) => set({ from })} />
        <DateField label="To" value={filters.to} onChange={(to) => set({ to })} />
        <FilterSelect
          label="Sort"
          value={filters.sort}
          onChange={(v) => set({ sort: v as AdminOrderSort })}
          options={ADMIN_ORDER_SORTS.map((s) => [s, SORT_LABELS[s]] as const)}
        />
      </div>

      {selected.size > 0 && (
        <div
          className="flex flex-wrap items-end gap-2 rounded-lg bg-orange-50 p-3 ring-1 ring-orange-200"
          data-testid="bulk-bar"
        >
          <p className="basis-full text-sm font-semibold text-slate-900 sm:basis-auto">
            {selected.size} selected
          </p>
          <FilterSelect
            label="Move to"
            value={bulkTo}
            onChange={(v) => setBulkTo(v as OrderStatus)}
            options={[...FORWARD_ORDER_STATUSES.slice(1), 'Cancelled' as const].map(
              (s) => [s, s] as const,
            )}
          />
          <Button onClick={() => bulk.mutate()} disabled={bulk.isPending}>
            {bulk.isPending ? 'Moving…' : 'Move selected'}
          </Button>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
        </div>
      )}
      {notice && (
        <p
          role="status"
          className="rounded-lg bg-white p-3 text-sm text-slate-800 ring-1 ring-slate-200"
        >
          {notice}
        </p>
      )}

      {list.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {errorText(list.error)}
        </p>
      ) : list.isPending ? (
        <p className="text-slate-700">Loading orders…</p>
      ) : rows.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          No orders match these filters.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {total} {total === 1 ? 'order' : 'orders'}
          </p>
          {/* Phones: cards. */}
          <ul className="flex flex-col gap-2 md:hidden" aria-label="Orders">
            {rows.map((o) => (
              <li
                key={o.order_id}
                className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200"
                data-testid="order-card"
              >
                <Pick order={o} checked={selected.has(o.order_id)} onChange={toggle} />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={`/orders/${o.order_id}`}
                      className="tap font-semibold break-all text-orange-800 underline"
                    >
                      {o.order_number}
                    </Link>
                    <StatusBadge status={o.orderStatus} awaitingPayment={o.awaiting_payment} />
                  </div>
                  <p className="text-sm text-slate-900">
                    {o.user_name} · {o.city}
                  </p>
                  <p className="text-sm text-slate-700">
                    {when(o.createdAt)} · {o.items} {o.items === 1 ? 'item' : 'items'}
                  </p>
                  <p className="text-sm text-slate-900">
                    <span className="font-semibold">{rupees(o.totalAmountbeforePay)}</span> ·{' '}
                    {o.payment_mode} · {paidLabel(o)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {/* 768 px and up: a table. */}
          <div className="hidden overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200 md:block">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="p-2">
                    <input
                      type="checkbox"
                      className="size-5"
                      aria-label="Select all orders on this page"
                      checked={allOnPage}
                      onChange={() =>
                        setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.order_id)))
                      }
                    />
                  </th>
                  <th scope="col" className="p-2">
                    Order
                  </th>
                  <th scope="col" className="p-2">
                    Placed
                  </th>
                  <th scope="col" className="p-2">
                    Customer
                  </th>
                  <th scope="col" className="p-2">
                    Payment
                  </th>
                  <th scope="col" className="p-2 text-right">
                    Total
                  </th>
                  <th scope="col" className="p-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((o) => (
                  <tr
                    key={o.order_id}
                    className="border-t border-slate-200"
                    data-testid="order-row"
                  >
                    <td className="p-2">
                      <Pick order={o} checked={selected.has(o.order_id)} onChange={toggle} />
                    </td>
                    <td className="p-2">
                      <Link
                        to={`/orders/${o.order_id}`}
                        className="font-semibold text-orange-800 underline"
                      >
                        {o.order_number}
                      </Link>
                      <span className="block text-xs text-slate-700">
                        {o.items} {o.items === 1 ? 'item' : 'items'}
                      </span>
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
                      {rupees(o.totalAmountbeforePay)}
                    </td>
                    <td className="p-2">
                      <StatusBadge status={o.orderStatus} awaitingPayment={o.awaiting_payment} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={filters.page}
            pages={pages}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </>
      )}
    </AdminPage>
  );
}

function Pick({
  order,
  checked,
  onChange,
}: {
  order: AdminOrderSummary;
  checked: boolean;
  onChange: (id: string) => void;
}) {
  // The label is the 44 px tap area around the 20 px box; its negative margin keeps the layout.
  return (
    <label className="-mx-3 -mt-2 -mb-3 shrink-0 self-start justify-center">
      <input
        type="checkbox"
        className="size-5"
        aria-label={`Select order ${order.order_number}`}
        checked={checked}
        onChange={() => onChange(order.order_id)}
      />
    </label>
  );
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
      {label}
      <input
        type="date"
        className={fieldClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

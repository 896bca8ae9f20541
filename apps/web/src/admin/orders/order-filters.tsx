import { ADMIN_ORDER_SORTS, type AdminOrderSort } from '@shop/contracts';
import { ORDER_STATUSES, PAYMENT_MODES, type OrderStatus, type PaymentMode } from '@shop/domain';
import { FilterSelect, ListField } from '../layout/list-controls.tsx';
import type { DeskFilters } from './orders-api.ts';

const SORT_LABELS: Record<AdminOrderSort, string> = {
  placed_desc: 'Newest first',
  placed_asc: 'Oldest first',
  total_desc: 'Total: high to low',
  total_asc: 'Total: low to high',
  status_asc: 'Status: Pending first',
  status_desc: 'Status: Cancelled first',
};

/** The orders desk's filters: status chips (and "awaiting payment"), payment, dates and sort. */
export function OrderFilters({
  filters,
  onFilter,
}: {
  filters: DeskFilters;
  onFilter: (patch: Partial<DeskFilters>) => void;
}) {
  const toggleStatus = (s: OrderStatus) =>
    onFilter({
      status: filters.status.includes(s)
        ? filters.status.filter((x) => x !== s)
        : [...filters.status, s],
    });
  return (
    <>
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
            onClick={() => onFilter({ awaiting: !filters.awaiting })}
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
          onChange={(v) => onFilter({ paymentMode: v as PaymentMode | '' })}
          options={[['', 'Any payment'], ...PAYMENT_MODES.map((m) => [m, m] as const)]}
        />
        <FilterSelect
          label="Paid"
          value={filters.paid}
          onChange={(v) => onFilter({ paid: v as DeskFilters['paid'] })}
          options={[
            ['', 'Paid or not'],
            ['true', 'Fully paid'],
            ['false', 'Not fully paid'],
          ]}
        />
        <ListField
          type="date"
          label="From"
          value={filters.from}
          onChange={(from) => onFilter({ from })}
        />
        <ListField type="date" label="To" value={filters.to} onChange={(to) => onFilter({ to })} />
        <FilterSelect
          label="Sort"
          value={filters.sort}
          onChange={(v) => onFilter({ sort: v as AdminOrderSort })}
          options={ADMIN_ORDER_SORTS.map((s) => [s, SORT_LABELS[s]] as const)}
        />
      </div>
    </>
  );
}

import { SORT_OPTIONS, isSortOption, type SortOption } from '@shop/domain';

export function SortSelect({
  value,
  onChange,
}: {
  value: SortOption;
  onChange: (s: SortOption) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      Sort by
      <select
        value={value}
        onChange={(e) => isSortOption(e.target.value) && onChange(e.target.value)}
        className="min-h-tap rounded-lg bg-white px-2 ring-1 ring-slate-300"
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

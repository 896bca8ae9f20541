import type { InputHTMLAttributes } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';

/** A labelled filter or sort choice above an admin list. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
      {label}
      <select className={fieldClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled box above or beside an admin list (a date filter, a bulk edit's amount). */
export function ListField({
  label,
  className = '',
  value,
  onChange,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'> & {
  label: string;
  /** Classes of the label around the box (a width). */
  className?: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label
      className={`flex flex-col gap-1 text-sm font-semibold text-slate-800 ${className}`.trim()}
    >
      {label}
      <input
        {...input}
        className={fieldClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

/** Previous / "Page n of m" / Next under an admin list paged by the server. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-slate-700">
        Page {page} of {pages}
      </p>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

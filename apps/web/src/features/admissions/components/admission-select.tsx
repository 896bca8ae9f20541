import { useId } from 'react';
import { fieldClass } from '../../../components/ui/text-field.tsx';

/** A select matches :read-only in Chromium: it keeps the editable look of the text boxes. */
const selectClass = fieldClass.replace(/read-only:\S+/g, '');

/** A labelled choice of the admission form ("Select" first), with its problem under it. */
export function AdmissionSelect({
  label,
  options,
  error,
  ...rest
}: {
  label: string;
  options: readonly string[];
  error: string | undefined;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        className={selectClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        <option value="">Select</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

import { useId, useState, type KeyboardEvent } from 'react';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { termList } from './product-form.ts';

/**
 * A list of short values as chips: type "S, M, L" and press Enter (or a comma, or leave the
 * box), or tap a preset; each chip has its own remove button. Answers the whole list on change.
 */
export function ChipsField({
  label,
  values,
  presets,
  placeholder,
  onChange,
}: {
  label: string;
  values: readonly string[];
  presets: readonly string[];
  placeholder?: string;
  onChange: (next: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const has = (v: string) => values.some((x) => x.toLowerCase() === v.toLowerCase());
  const add = (typed: string) => {
    const fresh = termList(typed).filter((t) => !has(t) && t.length <= 60);
    setText('');
    if (fresh.length > 0) onChange([...values, ...fresh]);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(text);
    } else if (e.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        {label}
      </label>
      {values.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${label} chosen`}>
          {values.map((v) => (
            <li
              key={v}
              className="inline-flex items-center rounded-full bg-orange-100 pl-3 text-sm font-semibold text-orange-900"
            >
              {v}
              <button
                type="button"
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full hover:bg-orange-200"
                aria-label={`Remove ${v}`}
                onClick={() => onChange(values.filter((x) => x !== v))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={id}
        className={fieldClass}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="done"
        onChange={(e) => {
          const typed = e.target.value;
          if (typed.includes(',')) add(typed);
          else setText(typed);
        }}
        onKeyDown={onKey}
        onBlur={() => add(text)}
      />
      <div
        role="group"
        className="flex flex-wrap gap-2"
        aria-label={`Quick ${label.toLowerCase()}`}
      >
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={has(p)}
            className="min-h-11 min-w-11 rounded-full px-3 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 aria-pressed:bg-slate-900 aria-pressed:text-white"
            onClick={() =>
              onChange(
                has(p) ? values.filter((x) => x.toLowerCase() !== p.toLowerCase()) : [...values, p],
              )
            }
          >
            {p}
          </button>
        ))}
      </div>
    </div>
  );
}

import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSuggestions } from '../api/catalogue-queries.ts';

/**
 * The header search: a combobox whose suggestions (at most 8, from the server) are picked with
 * the arrow keys and Enter, or the mouse; Enter on the text searches for it.
 */
export function SearchBox() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const id = useId();
  const { data: suggestions = [] } = useSuggestions(text);
  const visible = open && text.trim() !== '' && suggestions.length > 0;

  const go = (q: string) => {
    const query = q.trim();
    if (!query) return;
    setOpen(false);
    setActive(-1);
    setText(query);
    void navigate(`/product?search=${encodeURIComponent(query)}`);
  };

  return (
    <form
      role="search"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        go(active >= 0 ? (suggestions[active] ?? text) : text);
      }}
    >
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={visible}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={visible && active >= 0 ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder="Search products…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && suggestions.length) {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % suggestions.length);
          } else if (e.key === 'ArrowUp' && suggestions.length) {
            e.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (e.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        className="min-h-tap w-full rounded-full bg-white px-4 text-sm text-slate-900 ring-1 ring-slate-300 placeholder:text-slate-500"
      />
      {visible && (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label="Suggestions"
          className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-xl bg-white text-slate-900 shadow-lg ring-1 ring-slate-200"
        >
          {suggestions.map((s, i) => (
            <li
              key={s}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                go(s);
              }}
              className={`cursor-pointer px-4 py-2 text-sm ${i === active ? 'bg-orange-100' : 'hover:bg-slate-100'}`}
            >
              {s}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

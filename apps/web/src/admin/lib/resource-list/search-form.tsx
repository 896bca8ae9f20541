import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { fieldClass } from '../../../components/ui/text-field.tsx';

/** The search box above an admin list: the words go to the list when submitted. */
export function SearchForm({
  id,
  label,
  placeholder,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  onSearch: (words: string) => void;
}) {
  const [words, setWords] = useState('');
  return (
    <form
      role="search"
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(words);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className={fieldClass}
        placeholder={placeholder}
        value={words}
        onChange={(e) => setWords(e.target.value)}
      />
      <Button type="submit">Search</Button>
    </form>
  );
}

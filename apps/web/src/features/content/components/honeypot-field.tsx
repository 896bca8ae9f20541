import { HONEYPOT_FIELD } from '@shop/contracts/messages';

/**
 * The hidden spam trap of a public form: off screen, out of the tab order and hidden from
 * assistive technology, so people leave it empty; bots that fill every box do not.
 */
export function HoneypotField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this empty
        <input
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

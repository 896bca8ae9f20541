import type { PayButton } from '@shop/contracts';
import type { PayButtonId } from '@shop/domain';

const KNOWN: readonly string[] = ['paymanual', 'paynow', 'payondelivery'];

interface PayModeChoiceProps {
  buttons: readonly PayButton[];
  value: PayButtonId | null;
  onChange: (mode: PayButtonId) => void;
}

/** The store's payment buttons as a choice; the default follows the spec's priority. */
export function PayModeChoice({ buttons, value, onChange }: PayModeChoiceProps) {
  const usable = buttons.filter((b) => KNOWN.includes(b.button_id) && b.status === 'Active');
  if (usable.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-800">Payment mode</legend>
      {usable.map((b) => (
        <label
          key={b.button_id}
          className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 ring-1 ring-slate-300 has-checked:ring-2 has-checked:ring-orange-700"
        >
          <input
            type="radio"
            name="pay-mode"
            value={b.button_id}
            checked={value === b.button_id}
            onChange={() => onChange(b.button_id as PayButtonId)}
            className="size-4 accent-orange-700"
          />
          <span className="text-sm font-medium">{b.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

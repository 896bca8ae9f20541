import { MAX_LINE_QUANTITY, type CartLine } from '@shop/contracts';
import { TextField } from '../../../components/ui/text-field.tsx';

/** The most of a line a quote may ask for: its stock (as the cart's stepper), at least 1. */
export const quoteLineMax = (line: CartLine) =>
  Math.min(MAX_LINE_QUANTITY, Math.max(1, line.stock));

/** A typed quantity read as a whole number from 1 to max, or the message saying what to type. */
export function readQuantity(
  text: string,
  max: number,
): { ok: true; quantity: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  const quantity = /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
  if (quantity >= 1 && quantity <= max) return { ok: true, quantity };
  return { ok: false, message: max === 1 ? 'Only 1 can be asked for.' : `Type 1 to ${max}.` };
}

/**
 * How many of each line the quote asks for, typed (issue 59 item 7: 15 jerseys are two key
 * presses, not 14 taps of +). A number pad on phones; a value out of 1 to the line's cap says so
 * beside the box. The cart's own stepper stays; a valid number typed here is the cart's too.
 */
export function QuoteQuantities({
  lines,
  typed,
  errors,
  onType,
  onDone,
}: {
  lines: readonly CartLine[];
  /** What is being typed, by SKU (unset: the line's quantity). */
  typed: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  onType: (sku: string, text: string) => void;
  /** The box was left: its text is checked and, when valid, becomes the line's quantity. */
  onDone: (line: CartLine) => void;
}) {
  if (lines.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-bold text-slate-900">How many?</legend>
      {lines.map((line) => (
        <TextField
          key={line.product_sku}
          label={`Quantity of ${line.product_name}${variationOf(line)}`}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          enterKeyHint="done"
          className="max-w-32"
          data-quote-quantity={line.product_sku}
          value={typed[line.product_sku] ?? String(line.quantity)}
          onChange={(e) => onType(line.product_sku, e.target.value.replace(/\D/g, ''))}
          onBlur={() => onDone(line)}
          error={errors[line.product_sku]}
        />
      ))}
    </fieldset>
  );
}

const variationOf = (line: CartLine) => {
  const values = Object.values(line.variation_attributes);
  return values.length ? ` (${values.join(', ')})` : '';
};

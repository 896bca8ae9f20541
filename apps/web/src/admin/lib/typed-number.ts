/** Digits grouped as an owner writes them: 1,499 or the Indian 1,49,999 (and 12,34,567.50). */
const GROUPED = /^\d{1,3}(,\d{2,3})+(\.\d*)?$/;

/**
 * The number an owner typed in an amount or count box: a leading ₹ or "Rs", spaces and the
 * commas of digit groups are allowed ("₹1,499", "Rs. 1,49,999.50"); anything else that is not a
 * number is NaN, so the form's check names the box. '' is `blank`.
 */
export function typedNumber<B>(text: string, blank: B): number | B {
  const t = text
    .trim()
    .replace(/^(₹|rs\.?)\s*/i, '')
    .replace(/\s+/g, '');
  if (t === '') return blank;
  return Number(GROUPED.test(t) ? t.replace(/,/g, '') : t);
}

/** India Standard Time is UTC+5:30 all year (no daylight saving): 19,800,000 ms. */
export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The time of a payment as the result pages show it (accounts-checkout-payments §9): the instant
 * shifted to IST and written dd/mm/yy - hh:mm (24-hour), e.g. 2026-11-23T13:05:00Z ->
 * "23/11/26 - 18:35". Independent of the device's time zone. Null for an unreadable date.
 */
export function formatPaymentTime(at: Date | string | number): string | null {
  const ms = at instanceof Date ? at.getTime() : new Date(at).getTime();
  if (!Number.isFinite(ms)) return null;
  const ist = new Date(ms + IST_OFFSET_MS);
  const date = `${two(ist.getUTCDate())}/${two(ist.getUTCMonth() + 1)}/${two(ist.getUTCFullYear() % 100)}`;
  return `${date} - ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`;
}

import { addDays, startOfDay } from 'date-fns';

/** The estimated-delivery window is this many days wide (accounts-checkout-payments §9). */
const WINDOW_DAYS = 4;

/**
 * The rounded (half up) average of the products' delivery_days. Entries that are not positive
 * finite numbers are ignored; null when none is left (e.g. an empty list).
 */
export function averageDeliveryDays(days: readonly number[]): number | null {
  const usable = days.filter((d) => Number.isFinite(d) && d > 0);
  if (usable.length === 0) return null;
  const sum = usable.reduce((total, d) => total + d, 0);
  return Math.round(sum / usable.length);
}

/**
 * The estimated delivery window shown on tracking (accounts-checkout-payments §9).
 *
 * The spec sentence "the range runs from today through that number plus 4 days" is read as the
 * window from today + average days to today + average + 4 days (a window starting today would
 * promise same-day delivery); see docs/spec-deviations.md.
 *
 * Both dates are local midnights of their calendar day (the time of day of `today` is dropped),
 * computed with date-fns so month ends, leap years and daylight-saving changes keep the calendar
 * date. Null when no average can be computed.
 */
export function estimatedDeliveryRange(
  days: readonly number[],
  today: Date,
): { from: Date; to: Date } | null {
  const average = averageDeliveryDays(days);
  if (average === null) return null;
  const start = startOfDay(today);
  return { from: addDays(start, average), to: addDays(start, average + WINDOW_DAYS) };
}

/** Orders are shown in India's time, like every date of the shop. */
export {
  formatIndiaDate as formatOrderDate,
  formatIndiaDateTime as formatOrderDateTime,
} from '../../lib/india-dates.ts';

/** How many units the order holds (the sum of its lines' quantities). */
export const unitCount = (lines: readonly { quantity: number }[]) =>
  lines.reduce((n, l) => n + l.quantity, 0);

import { formatInr, rupeesToPaise } from '@shop/domain';

/** en-IN's short month names (CLDR: "Sept"). */
const months = 'Jan Feb Mar Apr May Jun Jul Aug Sept Oct Nov Dec'.split(' ');

/**
 * "27 Nov", in the browser's time zone: what `Intl.DateTimeFormat('en-IN', { day: 'numeric',
 * month: 'short' })` writes, without `Intl`, whose first use on a page costs 20–80 ms in Chrome
 * (the cart and product pages draw a delivery estimate on their first screen; issue 29).
 */
function dayMonth(date: Date): string {
  return `${date.getDate()} ${months[date.getMonth()]!}`;
}

/** "27 Nov – 1 Dec" */
export function formatDateRange(from: Date, to: Date): string {
  return `${dayMonth(from)} – ${dayMonth(to)}`;
}

/** "1 item", "3 items" */
export function itemCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/**
 * Rupees from the API as the shop shows them: "₹1,234.50", whole rupees as "₹1,234"
 * (`alwaysPaise`: "₹1,234.00", as on a tax invoice).
 */
export const inr = (rupees: number, options?: { alwaysPaise?: boolean }) =>
  formatInr(rupeesToPaise(rupees), options);

import { formatInr, rupeesToPaise } from '@shop/domain';

const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });

/** "27 Nov – 1 Dec" */
export function formatDateRange(from: Date, to: Date): string {
  return `${dayMonth.format(from)} – ${dayMonth.format(to)}`;
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

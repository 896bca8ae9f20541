const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });

/** "27 Nov – 1 Dec" */
export function formatDateRange(from: Date, to: Date): string {
  return `${dayMonth.format(from)} – ${dayMonth.format(to)}`;
}

/** "1 item", "3 items" */
export function itemCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

import { formatPaymentTime, type OrderStatus } from '@shop/domain';

/** An instant as the desk shows it (India time, dd/mm/yy - hh:mm). */
export const when = (iso: string) => formatPaymentTime(iso) ?? '';

/** A status badge's colours. */
export function statusTone(s: OrderStatus): string {
  switch (s) {
    case 'Pending':
      return 'bg-amber-100 text-amber-900';
    case 'Cancelled':
      return 'bg-red-100 text-red-900';
    case 'Delivered':
      return 'bg-green-100 text-green-900';
    default:
      return 'bg-sky-100 text-sky-900';
  }
}

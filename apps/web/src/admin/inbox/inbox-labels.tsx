import { formatPaymentTime, INBOX_STATUS_LABELS, type InboxStatus } from '@shop/domain';

const badge: Record<InboxStatus, string> = {
  new: 'bg-orange-100 text-orange-900',
  contacted: 'bg-sky-100 text-sky-900',
  closed: 'bg-slate-200 text-slate-800',
};

/** An inbox item's status as a coloured badge. */
export function StatusBadge({ status }: { status: InboxStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badge[status]}`}>
      {INBOX_STATUS_LABELS[status]}
    </span>
  );
}

/** A received-at instant as the shop reads it (IST, dd/mm/yy - hh:mm). */
export function receivedAt(iso: string): string {
  return formatPaymentTime(iso) ?? '';
}

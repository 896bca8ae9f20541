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

/** An erasure request's due date as the shop reads it (IST, dd/mm/yyyy). */
export function dueDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Asia/Kolkata' });
}

/** "Due by 01/03/2027" under an item that has a due date (an erasure request); else nothing. */
export function DueBy({ dueAt }: { dueAt: string | null }) {
  if (!dueAt) return null;
  return <span className="text-sm font-semibold text-slate-900">Due by {dueDay(dueAt)}</span>;
}

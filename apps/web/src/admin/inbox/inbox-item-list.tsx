import { Link } from 'react-router';
import type { InboxItem } from '@shop/contracts';
import { INBOX_KIND_LABELS } from '@shop/domain';
import { ContactLinks } from './contact-links.tsx';
import { DueBy, receivedAt, StatusBadge } from './inbox-labels.tsx';

const itemPath = (item: InboxItem) => `/inbox/${item.kind}/${item.id}`;

/** An inbox item as a phone card. */
export function InboxItemCard({ item }: { item: InboxItem }) {
  return (
    <article className="flex flex-col gap-2 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            {INBOX_KIND_LABELS[item.kind]} · {receivedAt(item.created_at)}
          </p>
          <h2 className="truncate font-semibold text-slate-900">
            <Link to={itemPath(item)} className="tap underline-offset-2 hover:underline">
              {item.name}
            </Link>
          </h2>
        </div>
        <StatusBadge status={item.status} />
      </div>
      {item.summary && <p className="line-clamp-2 text-sm text-slate-800">{item.summary}</p>}
      <DueBy dueAt={item.due_at} />
      <ContactLinks item={item} compact />
    </article>
  );
}

/** The inbox items as a table, from 768 px. */
export function InboxItemTable({ items }: { items: InboxItem[] }) {
  return (
    <table className="hidden w-full overflow-hidden rounded-lg bg-white text-left text-sm shadow-sm ring-1 ring-slate-200 md:table">
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="p-3">
            Received
          </th>
          <th scope="col" className="p-3">
            Kind
          </th>
          <th scope="col" className="p-3">
            From
          </th>
          <th scope="col" className="p-3">
            Message
          </th>
          <th scope="col" className="p-3">
            Status
          </th>
          <th scope="col" className="p-3">
            Assignee
          </th>
          <th scope="col" className="p-3">
            <span className="sr-only">Contact</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={`${item.kind}:${item.id}`} className="border-t border-slate-200 align-top">
            <td className="p-3 whitespace-nowrap text-slate-700">{receivedAt(item.created_at)}</td>
            <td className="p-3 whitespace-nowrap">{INBOX_KIND_LABELS[item.kind]}</td>
            <td className="p-3">
              <Link
                to={itemPath(item)}
                className="tap font-semibold text-slate-900 underline-offset-2 hover:underline"
              >
                {item.name}
              </Link>
              <div className="text-slate-700">{item.email}</div>
            </td>
            <td className="max-w-xs p-3 text-slate-800">
              <span className="line-clamp-2">{item.summary}</span>
              <DueBy dueAt={item.due_at} />
            </td>
            <td className="p-3">
              <StatusBadge status={item.status} />
            </td>
            <td className="p-3 text-slate-700">{item.assignee_email ?? '—'}</td>
            <td className="p-3">
              <ContactLinks item={item} compact />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

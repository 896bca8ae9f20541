import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { InboxItemDetail } from '@shop/contracts';
import {
  INBOX_KIND_LABELS,
  INBOX_STATUS_LABELS,
  INBOX_STATUSES,
  type InboxStatus,
} from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { fieldClass, TextAreaField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { useStaffUser } from '../lib/use-staff-user.ts';
import { useAddNote, useAssignees, useInboxItem, useUpdateInboxItem } from './inbox-api.ts';
import { ContactLinks } from './contact-links.tsx';
import { receivedAt, StatusBadge } from './inbox-labels.tsx';
import { RevealAadhaar } from './reveal-aadhaar.tsx';
import { inr } from '../../lib/format.ts';

const card = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200';

const ACTIONS: Record<string, string> = {
  'inbox.update': 'Changed',
  'inbox.note': 'Added a note',
  'admission.aadhaar_reveal': 'Revealed the Aadhaar number',
};

/** /admin/inbox/:kind/:id: one item, its sender's links, status, assignee, notes, history. */
export function Component() {
  const { kind = '', id = '' } = useParams();
  const item = useInboxItem(kind, id);
  return (
    <AdminPage
      title={item.data ? item.data.name : 'Inbox item'}
      actions={
        <Link
          to="/inbox"
          className="inline-flex min-h-tap items-center text-sm font-semibold text-slate-800 underline"
        >
          Back to inbox
        </Link>
      }
    >
      {item.isPending && <p className="text-slate-700">Loading…</p>}
      {item.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {errorText(item.error)}
        </p>
      )}
      {item.data && <ItemDetail item={item.data} />}
    </AdminPage>
  );
}

function ItemDetail({ item }: { item: InboxItemDetail }) {
  const user = useStaffUser();
  return (
    // Sender, then what to do (status, assignee), then notes and history: on a phone in that
    // order, at 1280 in two columns.
    <div className="grid items-start gap-4 lg:grid-cols-[2fr_1fr]">
      <section className={`${card} flex flex-col gap-3`} aria-label="Sender">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="font-semibold">{INBOX_KIND_LABELS[item.kind]}</span>
          <span>· {receivedAt(item.created_at)}</span>
          <StatusBadge status={item.status} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-700">Email</dt>
          <dd className="break-all text-slate-900">{item.email || '—'}</dd>
          <dt className="font-semibold text-slate-700">Mobile</dt>
          <dd className="text-slate-900">{item.mobile ? `+91 ${item.mobile}` : '—'}</dd>
          {item.fields.map((f) => (
            <FieldRow key={f.label} label={f.label} value={f.value} />
          ))}
          {item.amount !== null && (
            <>
              <dt className="font-semibold text-slate-700">Quoted total</dt>
              <dd className="text-slate-900">{inr(item.amount)}</dd>
            </>
          )}
        </dl>
        <ContactLinks item={item} />
        {item.kind === 'admission' &&
          user?.role === 'owner' &&
          // The Aadhaar is optional (issue 61 item 7): nothing to reveal when none was given.
          item.fields.some((f) => f.label === 'Aadhaar' && f.value.startsWith('XXXX')) && (
            <RevealAadhaar id={item.id} />
          )}
      </section>
      <StateForm item={item} />
      <Notes item={item} />
      <History item={item} />
    </div>
  );
}

function FieldRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd className="whitespace-pre-line break-words text-slate-900">{value || '—'}</dd>
    </>
  );
}

function StateForm({ item }: { item: InboxItemDetail }) {
  const update = useUpdateInboxItem(item.kind, item.id);
  const assignees = useAssignees();
  return (
    <section className={`${card} flex flex-col gap-3`} aria-labelledby="inbox-state-title">
      <h2 id="inbox-state-title" className="font-bold text-slate-900">
        Follow-up
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="inbox-item-status" className="text-sm font-semibold text-slate-800">
          Status
        </label>
        <select
          id="inbox-item-status"
          className={fieldClass}
          value={item.status}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ status: e.target.value as InboxStatus })}
        >
          {INBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {INBOX_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="inbox-item-assignee" className="text-sm font-semibold text-slate-800">
          Assigned to
        </label>
        <select
          id="inbox-item-assignee"
          className={fieldClass}
          value={item.assignee_id ?? ''}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ assignee_id: e.target.value || null })}
        >
          <option value="">Nobody</option>
          {(assignees.data ?? []).map((a) => (
            <option key={a.user_id} value={a.user_id}>
              {a.email}
            </option>
          ))}
          {item.assignee_id && !assignees.data?.some((a) => a.user_id === item.assignee_id) && (
            <option value={item.assignee_id}>{item.assignee_email ?? 'Someone'}</option>
          )}
        </select>
      </div>
      <FormAlert message={update.isError ? errorText(update.error) : null} />
      <p className="sr-only" aria-live="polite">
        {update.isSuccess ? 'Saved.' : ''}
      </p>
    </section>
  );
}

function Notes({ item }: { item: InboxItemDetail }) {
  const add = useAddNote(item.kind, item.id);
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    add.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <section className={`${card} flex flex-col gap-3`} aria-labelledby="inbox-notes-title">
      <h2 id="inbox-notes-title" className="font-bold text-slate-900">
        Notes
      </h2>
      {item.notes.length === 0 ? (
        <p className="text-sm text-slate-700">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {item.notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-slate-50 p-2 text-sm">
              <p className="whitespace-pre-line text-slate-900">{n.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.author_email || 'Former staff'} · {receivedAt(n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-col gap-2">
        <TextAreaField
          label="Add a note"
          value={text}
          maxLength={2000}
          rows={3}
          onChange={(e) => setText(e.target.value)}
          error={add.isError ? errorText(add.error) : undefined}
        />
        <Button type="submit" disabled={add.isPending || !text.trim()} className="self-start">
          Save note
        </Button>
      </form>
    </section>
  );
}

function History({ item }: { item: InboxItemDetail }) {
  if (item.history.length === 0) return null;
  return (
    <section className={`${card} flex flex-col gap-2`} aria-labelledby="inbox-history-title">
      <h2 id="inbox-history-title" className="font-bold text-slate-900">
        History
      </h2>
      <ol className="flex flex-col gap-2 text-sm">
        {item.history.map((h, i) => (
          <li key={`${h.at}-${i}`} className="text-slate-800">
            <span className="font-semibold">{ACTIONS[h.action] ?? h.action}</span>
            {h.action === 'inbox.update' && <span> {describeChange(h.before, h.after)}</span>}
            <span className="block text-xs text-slate-600">
              {h.actor_email || 'Former staff'} · {receivedAt(h.at)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function describeChange(before: unknown, after: unknown): string {
  const b = (before ?? {}) as { status?: InboxStatus; assignee_id?: string | null };
  const a = (after ?? {}) as { status?: InboxStatus; assignee_id?: string | null };
  const parts: string[] = [];
  if (a.status && b.status !== a.status) {
    parts.push(`status to ${INBOX_STATUS_LABELS[a.status]}`);
  }
  if (b.assignee_id !== a.assignee_id) parts.push(a.assignee_id ? 'the assignee' : 'unassigned');
  return parts.join(', ');
}

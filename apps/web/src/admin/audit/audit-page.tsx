import { useState, type FormEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditListResponse } from '@shop/contracts';
import { Button } from '../../components/ui/button.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { adminJson } from '../lib/admin-api.ts';
import { auditActionWords, auditEntryPath } from '../lib/audit-actions.ts';
import { LinkIf } from '../lib/link-if.tsx';

interface Filter {
  entity: string;
  entityId: string;
}

function auditPath(filter: Filter, before: string | null) {
  const q = new URLSearchParams({ limit: '25' });
  if (filter.entity) q.set('entity', filter.entity);
  if (filter.entityId) q.set('entity_id', filter.entityId);
  if (before) q.set('before', before);
  return `/admin/audit?${q.toString()}`;
}

const json = (value: unknown) => (value == null ? '—' : JSON.stringify(value, null, 1));

function Entry({ e }: { e: AuditEntry }) {
  return (
    <li className="flex flex-col gap-1 rounded-lg bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200">
      <p className="flex flex-wrap items-center gap-x-2">
        <LinkIf
          to={auditEntryPath(e)}
          className="inline-flex min-h-11 items-center font-semibold text-orange-800 underline underline-offset-2 focus-visible:ring-2 focus-visible:ring-orange-700"
          plainClassName="font-semibold"
        >
          {auditActionWords(e.action)}
        </LinkIf>
        <span className="text-slate-700">
          {e.entity} {e.entity_id}
        </span>
      </p>
      <p className="text-slate-700">
        {e.email || 'System'} ·{' '}
        <time dateTime={e.at}>{new Date(e.at).toLocaleString('en-IN')}</time>
      </p>
      <details>
        <summary className="cursor-pointer font-semibold text-orange-800">Before and after</summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">{json(e.before)}</pre>
          <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs">{json(e.after)}</pre>
        </div>
      </details>
    </li>
  );
}

/** /admin/audit (owner only): every admin write, newest first, filtered by what it touched. */
export function Component() {
  const [draft, setDraft] = useState<Filter>({ entity: '', entityId: '' });
  const [filter, setFilter] = useState<Filter>(draft);
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ pageParam }) => adminJson<AuditListResponse>('GET', auditPath(filter, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.data.next_before,
  });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter({ entity: draft.entity.trim(), entityId: draft.entityId.trim() });
  };
  const entries = log.data?.pages.flatMap((p) => p.data.entries) ?? [];
  return (
    <AdminPage title="Audit log">
      <form
        onSubmit={apply}
        aria-label="Filter the audit log"
        className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-end"
      >
        <div className="flex-1">
          <TextField
            label="Entity (user, staff_invite, order…)"
            value={draft.entity}
            onChange={(e) => setDraft({ ...draft, entity: e.target.value })}
          />
        </div>
        <div className="flex-1">
          <TextField
            label="Entity id"
            value={draft.entityId}
            onChange={(e) => setDraft({ ...draft, entityId: e.target.value })}
          />
        </div>
        <Button type="submit" className="min-h-11">
          Filter
        </Button>
      </form>
      {log.isPending && <p className="text-slate-700">Loading...</p>}
      {log.isError && <FormAlert message={errorText(log.error)} />}
      {log.isSuccess && entries.length === 0 && <p className="text-slate-700">No entries.</p>}
      <ul className="flex flex-col gap-2" aria-label="Entries">
        {entries.map((e) => (
          <Entry key={e.entry_id} e={e} />
        ))}
      </ul>
      {log.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      )}
    </AdminPage>
  );
}

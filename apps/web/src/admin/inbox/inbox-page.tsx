import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  INBOX_KIND_PLURAL_LABELS,
  INBOX_KINDS,
  INBOX_STATUS_LABELS,
  INBOX_STATUSES,
  type InboxKind,
  type InboxStatus,
} from '@shop/domain';
import { Button } from '../../components/ui/button.tsx';
import { fieldClass } from '../../components/ui/text-field.tsx';
import { errorText } from '../../lib/api-request.ts';
import { AdminPage } from '../layout/admin-page.tsx';
import { InboxItemCard, InboxItemTable } from './inbox-item-list.tsx';
import { downloadInboxCsv, useInboxList, type InboxFilters } from './inbox-api.ts';

const PAGE_SIZE = 20;

function filtersOf(params: URLSearchParams): InboxFilters {
  const kind = params.get('kind') ?? '';
  const status = params.get('status') ?? '';
  return {
    kind: (INBOX_KINDS as readonly string[]).includes(kind) ? (kind as InboxKind) : '',
    status: (INBOX_STATUSES as readonly string[]).includes(status) ? (status as InboxStatus) : '',
    search: params.get('search') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

const chip = (active: boolean) =>
  `min-h-tap shrink-0 rounded-full px-3 text-sm font-semibold ring-1 ${
    active
      ? 'bg-slate-900 text-white ring-slate-900'
      : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-100'
  }`;

/** /admin/inbox: leads, enquiries, quote requests and admissions, newest first. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [search, setSearch] = useState(filters.search);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useInboxList(filters);

  const go = (patch: Partial<InboxFilters>) => {
    const next = { ...filters, page: 1, ...patch };
    const q = new URLSearchParams();
    if (next.kind) q.set('kind', next.kind);
    if (next.status) q.set('status', next.status);
    if (next.search.trim()) q.set('search', next.search.trim());
    if (next.page > 1) q.set('page', String(next.page));
    setParams(q);
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    go({ search });
  };
  const exportCsv = () => {
    setExportError(null);
    downloadInboxCsv(filters).catch((err: unknown) => setExportError(errorText(err)));
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.limit || PAGE_SIZE))) : 1;

  return (
    <AdminPage
      title="Inbox"
      actions={
        <Button variant="secondary" onClick={exportCsv}>
          Export CSV
        </Button>
      }
    >
      {exportError && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {exportError}
        </p>
      )}
      <div className="flex flex-col gap-3">
        <div role="group" aria-label="Kind" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
          <button
            type="button"
            className={chip(filters.kind === '')}
            aria-pressed={filters.kind === ''}
            onClick={() => go({ kind: '' })}
          >
            All
          </button>
          {INBOX_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={chip(filters.kind === k)}
              aria-pressed={filters.kind === k}
              onClick={() => go({ kind: k })}
            >
              {INBOX_KIND_PLURAL_LABELS[k]}
            </button>
          ))}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-col gap-1 sm:w-48">
            <label htmlFor="inbox-status" className="text-sm font-semibold text-slate-800">
              Status
            </label>
            <select
              id="inbox-status"
              className={fieldClass}
              value={filters.status}
              onChange={(e) => go({ status: e.target.value as InboxStatus | '' })}
            >
              <option value="">Any status</option>
              {INBOX_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {INBOX_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <form role="search" onSubmit={onSearch} className="flex flex-1 items-end gap-2">
            <div className="flex flex-1 flex-col gap-1">
              <label htmlFor="inbox-search" className="text-sm font-semibold text-slate-800">
                Search name, email or mobile
              </label>
              <input
                id="inbox-search"
                type="search"
                className={fieldClass}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <Button type="submit" className="min-h-11">
              Search
            </Button>
          </form>
        </div>
      </div>

      {list.isError && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {errorText(list.error)}
        </p>
      )}
      {list.isPending && <p className="text-slate-700">Loading…</p>}
      {data && data.data.length === 0 && (
        <p className="rounded-lg bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          Nothing here{filters.kind || filters.status || filters.search ? ' for these filters' : ''}
          .
        </p>
      )}
      {data && data.data.length > 0 && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {data.total} item{data.total === 1 ? '' : 's'}
          </p>
          <ul className="flex flex-col gap-3 md:hidden" aria-label="Inbox items">
            {data.data.map((item) => (
              <li key={`${item.kind}:${item.id}`}>
                <InboxItemCard item={item} />
              </li>
            ))}
          </ul>
          <InboxItemTable items={data.data} />
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-2">
              <Button
                variant="secondary"
                disabled={filters.page <= 1}
                onClick={() => go({ page: filters.page - 1 })}
              >
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {filters.page} of {pages}
              </span>
              <Button
                variant="secondary"
                disabled={filters.page >= pages}
                onClick={() => go({ page: filters.page + 1 })}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </AdminPage>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboxItemResponse, InboxListResponse, InboxNote, InboxPatch } from '@shop/contracts';
import type { InboxKind, InboxStatus } from '@shop/domain';
import { adminBlob, adminJson } from '../lib/admin-api.ts';

export interface InboxFilters {
  kind: InboxKind | '';
  status: InboxStatus | '';
  search: string;
  page: number;
}

/** The query string of the filters (empty ones left out). */
export function inboxQuery(f: InboxFilters, withPage = true): string {
  const q = new URLSearchParams();
  if (f.kind) q.set('kind', f.kind);
  if (f.status) q.set('status', f.status);
  if (f.search.trim()) q.set('search', f.search.trim());
  if (withPage && f.page > 1) q.set('page', String(f.page));
  const text = q.toString();
  return text ? `?${text}` : '';
}

const keys = {
  all: ['admin', 'inbox'] as const,
  list: (f: InboxFilters) => ['admin', 'inbox', 'list', f] as const,
  item: (kind: string, id: string) => ['admin', 'inbox', 'item', kind, id] as const,
};

export function useInboxList(f: InboxFilters) {
  return useQuery({
    queryKey: keys.list(f),
    queryFn: () => adminJson<InboxListResponse>('GET', `/admin/inbox${inboxQuery(f)}`),
    placeholderData: (previous) => previous,
  });
}

export function useInboxItem(kind: string, id: string) {
  return useQuery({
    queryKey: keys.item(kind, id),
    queryFn: () => adminJson<InboxItemResponse>('GET', `/admin/inbox/${kind}/${id}`),
    select: (r) => r.data,
  });
}

export function useAssignees() {
  return useQuery({
    queryKey: ['admin', 'inbox', 'assignees'],
    queryFn: () =>
      adminJson<{ data: { user_id: string; email: string; role: string }[] }>(
        'GET',
        '/admin/inbox/assignees',
      ),
    select: (r) => r.data,
    staleTime: 60_000,
  });
}

/** Status and assignee changes; the item and every list are read again after. */
export function useUpdateInboxItem(kind: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: InboxPatch) =>
      adminJson<InboxItemResponse>('PATCH', `/admin/inbox/${kind}/${id}`, patch),
    onSuccess: async (res) => {
      client.setQueryData(keys.item(kind, id), res);
      await client.invalidateQueries({ queryKey: keys.all });
      await client.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
}

export function useAddNote(kind: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      adminJson<{ data: InboxNote }>('POST', `/admin/inbox/${kind}/${id}/notes`, { text }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.item(kind, id) }),
  });
}

export function useRevealAadhaar(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminJson<{ data: { aadhar: string } }>('POST', `/admin/inbox/admission/${id}/reveal`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.item('admission', id) }),
  });
}

/** Downloads the filtered inbox as inbox.csv. */
export async function downloadInboxCsv(f: InboxFilters) {
  const blob = await adminBlob(`/admin/inbox/export.csv${inboxQuery(f, false)}`);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'inbox.csv';
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminContentPage,
  AdminContentPageRow,
  AdminPageMeta,
  PolicyPagesResult,
} from '@shop/contracts';
import { adminJson } from '../lib/admin-api.ts';
import type { ContentKind } from './content-kinds.ts';

export type Item = Record<string, unknown> & { id: string; position: number };
interface Ok<T> {
  data: T;
}
const BASE = '/admin/content';

export function useItems(kind: ContentKind) {
  return useQuery({
    queryKey: ['admin-content', kind],
    queryFn: async () => (await adminJson<Ok<Item[]>>('GET', `${BASE}/${kind}`)).data,
  });
}

/** Create (no id), update, delete and reorder of one kind; each refreshes its list. */
export function useItemWrites(kind: ContentKind) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: ['admin-content', kind] });
  return {
    save: useMutation({
      mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
        id
          ? adminJson<Ok<Item>>('PATCH', `${BASE}/${kind}/${id}`, body)
          : adminJson<Ok<Item>>('POST', `${BASE}/${kind}`, body),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => adminJson('DELETE', `${BASE}/${kind}/${id}`),
      onSuccess: done,
    }),
    // `was`: the order on screen; a list changed elsewhere meanwhile is refused, then reloaded.
    reorder: useMutation({
      mutationFn: ({ ids, was }: { ids: string[]; was: string[] }) =>
        adminJson<Ok<Item[]>>('POST', `${BASE}/${kind}/reorder`, { ids, was }),
      onSuccess: (res) => qc.setQueryData(['admin-content', kind], res.data),
      onError: done,
    }),
  };
}

export function usePages() {
  return useQuery({
    queryKey: ['admin-content', 'pages'],
    queryFn: async () => (await adminJson<Ok<AdminContentPageRow[]>>('GET', `${BASE}/pages`)).data,
  });
}

export function usePage(slug: string | undefined) {
  return useQuery({
    queryKey: ['admin-content', 'pages', slug],
    enabled: slug !== undefined,
    queryFn: async () =>
      (await adminJson<Ok<AdminContentPage>>('GET', `${BASE}/pages/${slug ?? ''}`)).data,
  });
}

export function useSavePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, body }: { slug: string | null; body: Record<string, unknown> }) =>
      slug
        ? adminJson<Ok<AdminContentPage>>('PATCH', `${BASE}/pages/${slug}`, body)
        : adminJson<Ok<AdminContentPage>>('POST', `${BASE}/pages`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin-content', 'pages'] }),
  });
}

/** "Create policy pages": the missing ones from templates (existing pages are kept). */
export function useCreatePolicyPages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await adminJson<PolicyPagesResult>('POST', `${BASE}/pages/policies`, {})).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin-content', 'pages'] }),
  });
}

export function useDeletePage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => adminJson('DELETE', `${BASE}/pages/${slug}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin-content', 'pages'] }),
  });
}

/** The server's rendering of Markdown (the storefront's own rules). */
export async function previewMarkdown(body_markdown: string): Promise<string> {
  return (await adminJson<Ok<{ html: string }>>('POST', `${BASE}/pages/preview`, { body_markdown }))
    .data.html;
}

export function usePageMeta() {
  return useQuery({
    queryKey: ['admin-content', 'page-meta'],
    queryFn: async () => (await adminJson<Ok<AdminPageMeta>>('GET', `${BASE}/page-meta`)).data,
  });
}

export function useSavePageMeta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminPageMeta) =>
      adminJson<Ok<AdminPageMeta>>('PUT', `${BASE}/page-meta`, body),
    onSuccess: (res) => qc.setQueryData(['admin-content', 'page-meta'], res.data),
  });
}

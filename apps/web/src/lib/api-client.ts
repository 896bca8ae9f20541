/**
 * The meta element naming the page's store, written by the server into every page it serves
 * (apps/api/src/plugins/page-html.ts, STORE_META_NAME; decision 0051): one build serves any
 * store, chosen by STORE_ID or by the request's host (STORE_HOSTS).
 */
export const STORE_META_NAME = 'shop-store-id';

/** The store a page names; throws when it names none (a page not served by the shop's server). */
export function readStoreId(doc: Document): string {
  const id = doc.querySelector<HTMLMetaElement>(`meta[name="${STORE_META_NAME}"]`)?.content;
  if (!id) {
    throw new Error(
      `This page names no store (<meta name="${STORE_META_NAME}">): open it from the shop's server (npm run serve), which writes it in.`,
    );
  }
  return id;
}

/** The store this page serves, read once as the app starts. */
export const STORE_ID = readStoreId(document);

/** An API answer that was not 2xx; `message` is the server's `msg` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** GETs a JSON resource under /api. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(`/api${path}`, {
    signal: signal ?? null,
    headers: { accept: 'application/json' },
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const msg =
      body && typeof body === 'object' && 'msg' in body && typeof body.msg === 'string'
        ? body.msg
        : `Request failed (${res.status})`;
    throw new ApiError(res.status, msg);
  }
  return body as T;
}

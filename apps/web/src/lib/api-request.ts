import type { TokenPair } from '@shop/contracts';
import { ApiError } from './api-client.ts';
import { clearSession, getAccessToken, getRefreshToken, saveTokens } from './session.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The server's message of an error answer: `msg`, else `message`, else null. */
function serverMessageOf(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.msg === 'string' && b.msg) return b.msg;
    if (typeof b.message === 'string' && b.message) return b.message;
  }
  return null;
}

/** The input field an error answer names (`field`), or null. */
function serverFieldOf(body: unknown): string | null {
  if (body && typeof body === 'object') {
    const field = (body as Record<string, unknown>).field;
    if (typeof field === 'string' && field) return field;
  }
  return null;
}

/**
 * A non-2xx answer; `serverMessage` is what the server said, when it said something, and
 * `field` the input it named. Code reads `status` and `field`, never the message's text.
 */
export class ServerError extends ApiError {
  constructor(
    status: number,
    readonly serverMessage: string | null,
    readonly field: string | null = null,
  ) {
    super(status, serverMessage ?? `Request failed (${status})`);
    this.name = 'ServerError';
  }
}

/** The server's message of a failed call, else `fallback` (network errors, silent servers). */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ServerError && error.serverMessage) || fallback;
}

/** The spec's "shows the server message, or the error text" (login). */
export function errorText(error: unknown): string {
  if (error instanceof ServerError && error.serverMessage) return error.serverMessage;
  return error instanceof Error ? error.message : String(error);
}

function send(
  method: Method,
  path: string,
  body: unknown,
  token: string | null,
  signal?: AbortSignal,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const headers: Record<string, string> = { ...extraHeaders, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
}

async function parse<T>(res: Response): Promise<T> {
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new ServerError(res.status, serverMessageOf(body), serverFieldOf(body));
  return body as T;
}

/**
 * Sends JSON to /api and reads the JSON answer. A non-2xx answer throws an ApiError carrying
 * the server's message; a network failure throws the browser's error (its text is shown).
 */
export async function requestJson<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
): Promise<T> {
  return parse<T>(await send(method, path, body, null, signal));
}

/**
 * Where an app keeps its session's tokens. The storefront and the admin keep theirs apart (their
 * own storage keys), so a customer's and a staff member's sessions never mix.
 */
export interface TokenStore {
  accessToken(): string | null;
  refreshToken(): string | null;
  /** Refresh tokens rotate: both new tokens replace the old pair. */
  saveTokens(tokens: TokenPair): void;
  /** Signs out locally (the refresh was refused). */
  clear(): void;
  /** The Web Lock the tabs of this app take turns on while one exchanges the refresh token. */
  lockName: string;
}

/** The authenticated calls of an app whose tokens are kept in `store`. */
export function authClient(store: TokenStore) {
  let refreshing: Promise<string | null> | null = null;

  async function exchangeRefreshToken(): Promise<string | null> {
    const held = store.refreshToken();
    const exchange = async (): Promise<string | null> => {
      const sent = store.refreshToken();
      if (!sent) return null;
      // Another tab rotated the pair while this one waited for the lock: use what it stored.
      if (sent !== held) return store.accessToken();
      const res = await send('POST', '/auth/refresh', { refreshToken: sent }, null);
      if (res.ok) {
        const pair = (await res.json()) as TokenPair;
        store.saveTokens(pair);
        return pair.accessToken;
      }
      if (res.status >= 500) throw new ServerError(res.status, null);
      // Another tab may have rotated the pair while this one asked: use the pair it stored.
      const current = store.refreshToken();
      return current && current !== sent ? store.accessToken() : null;
    };
    // A refresh token works once, and the server revokes the session when a used one comes
    // back: tabs take turns (Web Locks), so two tabs never send the same token.
    return typeof navigator !== 'undefined' && 'locks' in navigator
      ? navigator.locks.request(store.lockName, exchange)
      : exchange();
  }

  /**
   * A new access token from the stored refresh token, or null when the server refused it.
   * Calls made at the same time share one exchange (a refresh token is good for one use).
   */
  function refreshAccessToken(): Promise<string | null> {
    refreshing ??= exchangeRefreshToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /**
   * An authenticated call (Bearer access token). Access tokens live 15 minutes: an answer of 401
   * refreshes the tokens once and retries once; when the refresh is refused, the stored session
   * is cleared (signed out) and the 401 is thrown. `headers` are sent as well (an Idempotency-Key).
   */
  async function authJson<T>(
    method: Method,
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    headers?: Record<string, string>,
  ): Promise<T> {
    const first = await send(method, path, body, store.accessToken(), signal, headers);
    if (first.status !== 401) return parse<T>(first);
    const token = await refreshAccessToken();
    if (!token) {
      store.clear();
      return parse<T>(first);
    }
    return parse<T>(await send(method, path, body, token, signal, headers));
  }

  /**
   * An authenticated download (Bearer access token, refreshed once on 401 like `authJson`): the
   * answer's bytes as a Blob; an error answer throws a ServerError with the server's message.
   */
  async function authBlob(path: string, signal?: AbortSignal): Promise<Blob> {
    const get = (token: string | null) =>
      fetch(`/api${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: signal ?? null,
      });
    let res = await get(store.accessToken());
    if (res.status === 401) {
      const token = await refreshAccessToken();
      if (!token) store.clear();
      else res = await get(token);
    }
    if (!res.ok) return parse<never>(res);
    return res.blob();
  }

  return { refreshAccessToken, authJson, authBlob };
}

/** The storefront's authenticated calls (the customer's session, spec storage keys). */
export const { refreshAccessToken, authJson, authBlob } = authClient({
  accessToken: getAccessToken,
  refreshToken: getRefreshToken,
  saveTokens,
  clear: clearSession,
  lockName: 'shop-token-refresh',
});

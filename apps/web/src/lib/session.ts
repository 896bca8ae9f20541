import type { AccountUser, TokenPair } from '@shop/contracts';
import { safeReturnPath } from './return-path.ts';

/**
 * The signed-in session as the spec keeps it (accounts-checkout-payments §3): the user under the
 * fixed localStorage key `user`, the tokens under `accessToken` and `refreshToken`, and the page
 * to return to after login under sessionStorage `navigatepage`.
 */
export const STORAGE_KEYS = {
  user: 'user',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  returnPage: 'navigatepage',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedUser: AccountUser | null = null;

function emit() {
  for (const listener of listeners) listener();
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function isAccountUser(value: unknown): value is AccountUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.user_id === 'string' && typeof v.id === 'string';
}

/** The stored user, or null for a guest. The same object is returned until the store changes. */
export function getUser(): AccountUser | null {
  const raw = read(localStorage, STORAGE_KEYS.user);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedUser = isAccountUser(parsed) ? parsed : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

export function getAccessToken(): string | null {
  return read(localStorage, STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return read(localStorage, STORAGE_KEYS.refreshToken);
}

/** Stores a signed-in user and both tokens (after login, Google sign-in or registration). */
export function saveSession(user: AccountUser, tokens: TokenPair) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  saveTokens(tokens);
  emit();
}

/** Replaces the stored user record (the app-start refresh) and keeps the tokens. */
export function saveUser(user: AccountUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Refresh tokens rotate: both new tokens replace the old pair. */
export function saveTokens(tokens: TokenPair) {
  localStorage.setItem(STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

/** Signs out locally: the user and both tokens go. */
export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.accessToken);
  localStorage.removeItem(STORAGE_KEYS.refreshToken);
  emit();
}

/** Remembers where a guest was going, so login can send them back there. */
export function rememberReturnPage(path: string) {
  sessionStorage.setItem(STORAGE_KEYS.returnPage, path);
}

/**
 * Where to go after signing in or registering: the page in `?next=` when it is one of this
 * site's, else the remembered page, else `/`. The remembered page is forgotten either way.
 * Never another origin (safeReturnPath).
 */
export function takeReturnPage(next: string | null = null): string {
  const page = read(sessionStorage, STORAGE_KEYS.returnPage);
  sessionStorage.removeItem(STORAGE_KEYS.returnPage);
  return safeReturnPath(next) ?? safeReturnPath(page) ?? '/';
}

/** For useSyncExternalStore: notified on changes in this tab and in other tabs. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

import type { StaffUser, TokenPair } from '@shop/contracts';

/**
 * The admin's session, kept apart from the storefront's (its own localStorage keys): signing in
 * at /admin never signs a customer in or out of the shop in the same browser, and back.
 * Bearer tokens only; no cookies.
 */
export const ADMIN_STORAGE_KEYS = {
  user: 'admin.user',
  accessToken: 'admin.accessToken',
  refreshToken: 'admin.refreshToken',
} as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let cachedRaw: string | null | undefined;
let cachedUser: StaffUser | null = null;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

function isStaffUser(value: unknown): value is StaffUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.user_id === 'string' &&
    typeof v.main_id === 'string' &&
    (v.role === 'staff' || v.role === 'owner')
  );
}

/** The signed-in staff member, or null. The same object is returned until the store changes. */
export function getStaffUser(): StaffUser | null {
  const raw = read(ADMIN_STORAGE_KEYS.user);
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    cachedUser = isStaffUser(parsed) ? parsed : null;
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

export const getAdminAccessToken = () => read(ADMIN_STORAGE_KEYS.accessToken);
export const getAdminRefreshToken = () => read(ADMIN_STORAGE_KEYS.refreshToken);

export function saveAdminTokens(tokens: TokenPair) {
  localStorage.setItem(ADMIN_STORAGE_KEYS.accessToken, tokens.accessToken);
  localStorage.setItem(ADMIN_STORAGE_KEYS.refreshToken, tokens.refreshToken);
}

/** Stores the staff member and both tokens after the admin sign-in. */
export function saveAdminSession(user: StaffUser, tokens: TokenPair) {
  localStorage.setItem(ADMIN_STORAGE_KEYS.user, JSON.stringify(user));
  saveAdminTokens(tokens);
  emit();
}

/** Signs out of the admin locally: the user and both tokens go. */
export function clearAdminSession() {
  for (const key of Object.values(ADMIN_STORAGE_KEYS)) localStorage.removeItem(key);
  emit();
}

/** For useSyncExternalStore: notified on changes in this tab and in other tabs. */
export function subscribeAdminSession(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === ADMIN_STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

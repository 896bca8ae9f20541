import { useSyncExternalStore } from 'react';
import type { AccountUser } from '@shop/contracts';
import { requestJson } from './api-request.ts';
import { getRefreshToken, getUser, subscribe } from './session.ts';

/** The signed-in user, or null for a guest; re-renders on sign-in and sign-out (any tab). */
export function useUser(): AccountUser | null {
  return useSyncExternalStore(subscribe, getUser, () => null);
}

/** The name the header greets a user with. */
export function displayName(user: AccountUser): string {
  return (user.name || user.full_name || user.email.split('@')[0] || '').trim();
}

/** Revokes the stored refresh token on the server; never fails (signing out works offline). */
export async function revokeSession(): Promise<void> {
  const refreshToken = getRefreshToken();
  try {
    if (refreshToken) await requestJson('POST', '/auth/logout', { refreshToken });
  } catch {
    // The token stays valid until it expires; the browser forgets it anyway.
  }
}

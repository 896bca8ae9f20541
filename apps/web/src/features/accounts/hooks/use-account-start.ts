import { useEffect } from 'react';
import { ServerError } from '../../../lib/api-request.ts';
import { clearSession, saveUser } from '../../../lib/session.ts';
import { useUser } from '../../../lib/use-session.ts';
import { fetchUser, registerDeviceToken } from '../api/accounts-api.ts';

/**
 * The push device token: without a push SDK in the web build there is none to get, so it is
 * null unless the user granted notifications, when a stable id of this browser stands in.
 */
export function currentDeviceToken(): string | null {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return null;
  const key = 'deviceToken';
  let token = localStorage.getItem(key);
  if (!token) {
    token = `web-${crypto.randomUUID()}`;
    localStorage.setItem(key, token);
  }
  return token;
}

/**
 * On app start (accounts-checkout-payments §4): the stored user is refreshed from the server and
 * removed when the server says "User not found" or answers status 201; the push device token is
 * registered for the user.
 */
export function useAccountStart() {
  const userId = useUser()?.user_id;
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    fetchUser(userId, controller.signal)
      .then((res) => {
        if ((res.status as number) === 201) clearSession();
        else saveUser(res.data);
      })
      .catch((error: unknown) => {
        // "User not found" is the server's 404 for this read: the status says it.
        if (error instanceof ServerError && error.status === 404) clearSession();
      });
    registerDeviceToken(userId, currentDeviceToken()).catch(() => {
      // A missed registration is retried on the next start.
    });
    return () => controller.abort();
  }, [userId]);
}

import { useEffect } from 'react';
import { ServerError } from '../../../lib/api-request.ts';
import { clearSession, saveUser } from '../../../lib/session.ts';
import { useUser } from '../../../lib/use-session.ts';
import { fetchUser } from '../api/accounts-api.ts';
import { registerWebPush } from '../web-push.ts';

/**
 * On app start (accounts-checkout-payments §4): the stored user is refreshed from the server and
 * removed when the server says "User not found" or answers status 201; the web push token is
 * registered for the user when there is a real one (registerWebPush).
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
    registerWebPush(userId, controller.signal, true).catch(() => {
      // A missed registration is retried on the next start.
    });
    return () => controller.abort();
  }, [userId]);
}

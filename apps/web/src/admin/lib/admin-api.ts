import type { AdminLoginResponse } from '@shop/contracts';
import { STORE_ID } from '../../lib/api-client.ts';
import { authClient, requestJson } from '../../lib/api-request.ts';
import {
  clearAdminSession,
  getAdminAccessToken,
  getAdminRefreshToken,
  saveAdminSession,
  saveAdminTokens,
} from './admin-session.ts';

/**
 * The admin's authenticated calls, with the staff member's tokens (never the storefront's):
 * `adminJson(method, path, body?)` sends the bearer token to `/api${path}`, refreshes once on
 * 401 and signs out of the admin when the session is over. `adminBlob(path)` for downloads.
 */
export const {
  authJson: adminJson,
  authBlob: adminBlob,
  refreshAccessToken: refreshAdminToken,
} = authClient({
  accessToken: getAdminAccessToken,
  refreshToken: getAdminRefreshToken,
  saveTokens: saveAdminTokens,
  clear: clearAdminSession,
  lockName: 'admin-token-refresh',
});

/** POST /api/admin/login at this build's store; stores the session on success. */
export async function adminSignIn(email: string, password: string) {
  const res = await requestJson<AdminLoginResponse>('POST', '/admin/login', {
    main_id: STORE_ID,
    email,
    password,
  });
  saveAdminSession(res.user, res);
  return res.user;
}

/** Ends the session on the server (its refresh-token family) and forgets it here. */
export async function adminSignOut() {
  const refreshToken = getAdminRefreshToken();
  clearAdminSession();
  if (refreshToken) {
    await requestJson('POST', '/auth/logout', { refreshToken }).catch(() => undefined);
  }
}

import type { AdminLoginResponse, AdminSession, StaffUser } from '@shop/contracts';
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

/**
 * POST /api/admin/login at this build's store; stores the session on success. When the store
 * asks staff for an emailed code, no session starts: the challenge comes back for
 * `adminVerifyCode`.
 */
export async function adminSignIn(
  email: string,
  password: string,
): Promise<{ user: StaffUser } | { challenge: string; sentTo: string }> {
  const res = await requestJson<AdminLoginResponse>('POST', '/admin/login', {
    main_id: STORE_ID,
    email,
    password,
  });
  if ('needs_code' in res) return { challenge: res.challenge, sentTo: res.sent_to };
  saveAdminSession(res.user, res);
  return { user: res.user };
}

/** POST /api/admin/login/verify: the emailed code of a sign-in challenge; stores the session. */
export async function adminVerifyCode(challenge: string, code: string) {
  const res = await requestJson<AdminSession>('POST', '/admin/login/verify', {
    main_id: STORE_ID,
    challenge,
    code,
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

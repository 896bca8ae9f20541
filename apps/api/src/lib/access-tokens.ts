import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import {
  parseRole,
  parseSessionScope,
  sessionRole,
  type Role,
  type SessionScope,
} from '@shop/domain';
import type { Clock } from './clock.ts';

const ISSUER = 'storefront';
const AUDIENCE = 'storefront-api';

/** Who a valid access token speaks for. */
export interface TokenUser {
  userId: string;
  storeId: string;
  /**
   * The role the session acts with: the account's role read from the database when the token
   * was signed (sign-in or refresh) in an admin session, 'customer' in any other.
   */
  role: Role;
  /** Where the session was started: only 'admin' (the admin sign-in) carries staff power. */
  scope: SessionScope;
  /**
   * The session (its refresh-token family) an admin token belongs to, so a staff request can
   * ask whether that session may still act (`sid`; absent from storefront tokens and from
   * admin tokens signed before it existed).
   */
  sessionId?: string | undefined;
}

export interface AccessTokens {
  sign(user: TokenUser): Promise<string>;
  /** The token's user, or null when it is malformed, forged or expired. */
  verify(token: string): Promise<TokenUser | null>;
}

/**
 * How many verified tokens are remembered. A token's claims never change, so a token seen
 * valid before is valid again until its `exp` without checking its signature: every signed-in
 * request verified it (HMAC through WebCrypto, about a tenth of a placed order's CPU time).
 */
const MAX_REMEMBERED = 10_000;

/**
 * Short-lived HS256 JWTs carrying the user id, its store, its role and, for a session started
 * at the admin sign-in, `scope: 'admin'` and the session's id (`sid`). A token without that
 * scope acts as a customer whatever role it names (storefront sign-ins sign 'customer'; older
 * tokens named the account's role).
 */
export function accessTokens(key: Uint8Array, ttlSeconds: number, clock: Clock): AccessTokens {
  const remembered = new LRUCache<string, { user: TokenUser; expiresAtMs: number }>({
    max: MAX_REMEMBERED,
  });
  return {
    sign({ userId, storeId, role, scope, sessionId }) {
      const now = Math.floor(clock().getTime() / 1000);
      const claims = {
        store: storeId,
        role: sessionRole(role, scope),
        ...(scope === 'admin' && { scope, ...(sessionId && { sid: sessionId }) }),
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const now = clock();
      const known = remembered.get(token);
      if (known) {
        if (now.getTime() < known.expiresAtMs) return known.user;
        remembered.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: now,
        });
        const { sub, store, role, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof store !== 'string' || typeof role !== 'string') {
          return null;
        }
        const scope = parseSessionScope(payload.scope);
        const user: TokenUser = {
          userId: sub,
          storeId: store,
          role: sessionRole(parseRole(role), scope),
          scope,
          ...(scope === 'admin' && typeof sid === 'string' && { sessionId: sid }),
        };
        if (exp !== undefined) remembered.set(token, { user, expiresAtMs: exp * 1000 });
        return user;
      } catch {
        return null;
      }
    },
  };
}

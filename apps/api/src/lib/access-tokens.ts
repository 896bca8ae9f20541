import { jwtVerify, SignJWT } from 'jose';
import { parseRole, type Role } from '@shop/domain';
import type { Clock } from './clock.ts';

const ISSUER = 'storefront';
const AUDIENCE = 'storefront-api';

/** Who a valid access token speaks for. */
export interface TokenUser {
  userId: string;
  storeId: string;
  /** Read from the database when the token was signed (sign-in or refresh). */
  role: Role;
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

/** Short-lived HS256 JWTs carrying the user id, its store and its role. */
export function accessTokens(key: Uint8Array, ttlSeconds: number, clock: Clock): AccessTokens {
  const remembered = new Map<string, { user: TokenUser; expiresAtMs: number }>();
  return {
    sign({ userId, storeId, role }) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ store: storeId, role })
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
        const { sub, store, role, exp } = payload;
        if (typeof sub !== 'string' || typeof store !== 'string' || typeof role !== 'string') {
          return null;
        }
        const user = { userId: sub, storeId: store, role: parseRole(role) };
        if (exp !== undefined) {
          if (remembered.size >= MAX_REMEMBERED) {
            remembered.delete(remembered.keys().next().value!);
          }
          remembered.set(token, { user, expiresAtMs: exp * 1000 });
        }
        return user;
      } catch {
        return null;
      }
    },
  };
}

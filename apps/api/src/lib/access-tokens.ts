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

/** Short-lived HS256 JWTs carrying the user id, its store and its role. */
export function accessTokens(key: Uint8Array, ttlSeconds: number, clock: Clock): AccessTokens {
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
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        const { sub, store, role } = payload;
        if (typeof sub !== 'string' || typeof store !== 'string' || typeof role !== 'string') {
          return null;
        }
        return { userId: sub, storeId: store, role: parseRole(role) };
      } catch {
        return null;
      }
    },
  };
}

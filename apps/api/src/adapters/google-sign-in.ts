import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Clock } from '../lib/clock.ts';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
/** The audience of locally issued test tokens. */
export const LOCAL_GOOGLE_CLIENT_ID = 'local-google-sign-in';

export interface GoogleIdentity {
  sub: string;
  email: string;
  /** Whether Google says it verified the email (`email_verified`): only then may it link or create an account. */
  emailVerified: boolean;
  name: string;
}

/** Verifies a Google ID token: signature against the JWKS, audience, issuer, expiry. */
export interface GoogleTokenVerifier {
  verify(idToken: string): Promise<GoogleIdentity>;
}

export class GoogleTokenError extends Error {}

export function googleTokenVerifier(options: {
  keys: JWTVerifyGetKey;
  clientId: string;
  clock: Clock;
}): GoogleTokenVerifier {
  return {
    async verify(idToken) {
      let payload;
      try {
        ({ payload } = await jwtVerify(idToken, options.keys, {
          issuer: GOOGLE_ISSUERS,
          audience: options.clientId,
          algorithms: ['RS256'],
          currentDate: options.clock(),
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        throw new GoogleTokenError(`Google ID token rejected: ${(err as Error).message}`);
      }
      const { sub, email, email_verified: verified, name } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string') {
        throw new GoogleTokenError('Google ID token has no email');
      }
      return {
        sub,
        email,
        emailVerified: verified === true,
        name: typeof name === 'string' ? name : '',
      };
    },
  };
}

/** Google's own keys (fetched and cached by jose), for GOOGLE_CLIENT_ID. */
export const googleKeys = (): JWTVerifyGetKey => createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));

export const localKeys = (jwks: JSONWebKeySet): JWTVerifyGetKey => createLocalJWKSet(jwks);

/**
 * How this shop signs in with Google: `google` with GOOGLE_CLIENT_ID; `local` (the local test
 * issuer) in the demo (SEED_DEMO=true) or with GOOGLE_SIGN_IN=local; otherwise `off`, so a real
 * shop started as the README says has no Google sign-in, and no issuer anyone can mint
 * credentials from, until it sets GOOGLE_CLIENT_ID (decision 0032).
 */
export type GoogleSignInMode = 'google' | 'local' | 'off';

export function googleSignInMode(config: {
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_SIGN_IN?: 'local' | undefined;
  SEED_DEMO: boolean;
}): GoogleSignInMode {
  if (config.GOOGLE_CLIENT_ID !== undefined) return 'google';
  return config.GOOGLE_SIGN_IN === 'local' || config.SEED_DEMO ? 'local' : 'off';
}

/** Addresses the local sign-in will issue tokens for: reserved names nobody really owns. */
export function isReservedTestEmail(email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return (
    ['example.com', 'example.net', 'example.org'].includes(domain) ||
    /\.(test|example|invalid|localhost)$/.test(domain)
  );
}

export interface LocalGoogleIssuer {
  jwks: JSONWebKeySet;
  /** A token for the identity; `emailVerified` false (default true) as for an unverified email. */
  issue(identity: { email: string; name: string; emailVerified?: boolean }): Promise<string>;
}

/**
 * The local stand-in for Google (the demo's, or GOOGLE_SIGN_IN=local): an RS256 key pair kept
 * in `keyFile`, whose public half is the JWKS the verifier trusts. It signs tokens shaped like
 * Google's, so the verification path is the same one real tokens take.
 */
export async function localGoogleIssuer(keyFile: string, clock: Clock): Promise<LocalGoogleIssuer> {
  let privateJwk: JWK;
  if (existsSync(keyFile)) {
    privateJwk = JSON.parse(readFileSync(keyFile, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256' };
    mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, JSON.stringify(privateJwk), { mode: 0o600 });
  }
  const { kty, n, e, kid } = privateJwk;
  const publicJwk: JWK = { kty, n, e, kid, alg: 'RS256', use: 'sig' };
  const privateKey = await importJWK(privateJwk, 'RS256');
  return {
    jwks: { keys: [publicJwk] },
    async issue({ email, name, emailVerified = true }) {
      const now = Math.floor(clock().getTime() / 1000);
      return new SignJWT({ email, email_verified: emailVerified, name })
        .setProtectedHeader({ alg: 'RS256', kid: kid ?? '' })
        .setIssuer(GOOGLE_ISSUERS[0]!)
        .setAudience(LOCAL_GOOGLE_CLIENT_ID)
        .setSubject(`local-${email}`)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
    },
  };
}

import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret kept in a file, making a random one (0600) the first time. Used when no
 * secret is configured, so a fresh `npm start` is secure without setup.
 */
export function loadOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

/** A 32-byte key for one purpose, derived from the master secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'storefront', purpose, 32));
}

/** SHA-256 hex of a random token, which is what the database keeps. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

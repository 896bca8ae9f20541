import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * Reads a secret kept in a file, making a random one (0600) the first time. Used when no
 * secret is configured, so a fresh `npm start` is secure without setup. Two processes that
 * start together on one data dir (the cluster) agree on one secret: each writes its candidate
 * to a file of its own and links it into place, which only one link can do; the other reads
 * the winner's (never a half-written file).
 */
export function loadOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(candidate, `${randomBytes(48).toString('base64url')}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  try {
    linkSync(candidate, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(candidate);
  }
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

/** A 32-byte key for one purpose, derived from the master secret (HKDF-SHA256). */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, 'storefront', purpose, 32));
}

/** SHA-256 hex of a random token, which is what the database keeps. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

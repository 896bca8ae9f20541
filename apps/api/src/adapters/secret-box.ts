import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from '../lib/secrets.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * Encrypts secrets kept in the database (a store's payment-gateway key secret and webhook
 * secret) with AES-256-GCM. The context (e.g. "urbanroll:key_secret") is bound as associated
 * data, so a ciphertext copied to another store or field does not open. Sealed form:
 * `v1.<base64url(iv | tag | ciphertext)>`.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws SecretBoxError when the value was altered, sealed for another context or key. */
  open(sealed: string, context: string): string;
}

export function secretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error('A secret box needs a 32-byte key.');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
      return `${VERSION}.${sealed.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, body, ...rest] = sealed.split('.');
      if (version !== VERSION || !body || rest.length > 0) {
        throw new SecretBoxError('Not a sealed secret.');
      }
      const bytes = Buffer.from(body, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Not a sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed secret does not open with this key and context.');
      }
    },
  };
}

/** The box for per-store secrets, keyed from AUTH_SECRET (HKDF, its own purpose). */
export function storeSecretBox(authSecret: string): SecretBox {
  return secretBox(deriveKey(authSecret, 'store-secrets-v1'));
}

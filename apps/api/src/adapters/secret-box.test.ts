import { describe, expect, it } from 'vitest';
import { deriveKey } from '../lib/secrets.ts';
import { SecretBoxError, secretBox, storeSecretBox } from './secret-box.ts';

const AUTH_SECRET = 'a'.repeat(40);

describe('secretBox', () => {
  const box = storeSecretBox(AUTH_SECRET);

  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = box.seal('rzp_secret_123', 'urbanroll:key_secret');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('rzp_secret_123');
    expect(box.open(sealed, 'urbanroll:key_secret')).toBe('rzp_secret_123');
  });

  it('seals the same secret differently each time (random IV)', () => {
    expect(box.seal('x', 'c')).not.toBe(box.seal('x', 'c'));
  });

  it('refuses another context, another key, and any altered byte', () => {
    const sealed = box.seal('secret', 'urbanroll:key_secret');
    expect(() => box.open(sealed, 'threadline:key_secret')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'urbanroll:webhook_secret')).toThrow(SecretBoxError);
    expect(() => storeSecretBox('b'.repeat(40)).open(sealed, 'urbanroll:key_secret')).toThrow(
      SecretBoxError,
    );
    const body = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 14, body.length - 1]) {
      const altered = Buffer.from(body);
      altered[at] = (altered[at] ?? 0) ^ 1;
      expect(() => box.open(`v1.${altered.toString('base64url')}`, 'urbanroll:key_secret')).toThrow(
        SecretBoxError,
      );
    }
  });

  it('refuses values that are not sealed secrets', () => {
    for (const bad of ['', 'secret', 'v2.abcd', 'v1.', 'v1.abc', `v1.${'A'.repeat(20)}.x`]) {
      expect(() => box.open(bad, 'c'), bad).toThrow(SecretBoxError);
    }
  });

  it('uses a key derived for this purpose only', () => {
    const direct = secretBox(deriveKey(AUTH_SECRET, 'store-secrets-v1'));
    expect(direct.open(box.seal('s', 'c'), 'c')).toBe('s');
    const other = secretBox(deriveKey(AUTH_SECRET, 'access-token-v1'));
    expect(() => other.open(box.seal('s', 'c'), 'c')).toThrow(SecretBoxError);
    expect(() => secretBox(new Uint8Array(16))).toThrow();
  });
});

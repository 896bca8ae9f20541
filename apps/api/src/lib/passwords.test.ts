import { describe, expect, it } from 'vitest';
import { argon2Hasher } from './passwords.ts';

describe('argon2Hasher', () => {
  it('hashes argon2id and verifies only the right password', async () => {
    const hasher = argon2Hasher();
    const stored = await hasher.hash('skate-or-die-42');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify(stored, 'skate-or-die-42')).toBe(true);
    expect(await hasher.verify(stored, 'wrong')).toBe(false);
    expect(await hasher.verifyNothing('anything')).toBe(false);
  });

  it('refuses a flood beyond its queue with a 503 instead of piling up hashes', async () => {
    const hasher = argon2Hasher({ concurrency: 1, maxWaiting: 2 });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => hasher.hash('flood-password')),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ reason: { statusCode: 503 } });
  });
});

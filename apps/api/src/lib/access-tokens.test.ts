import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokens } from './access-tokens.ts';

const user = { userId: 'u-1', storeId: 'urbanroll', role: 'customer' as const };

describe('accessTokens', () => {
  it('verifies its own tokens until they expire, also when it verified them before', async () => {
    let now = new Date('2026-11-25T10:00:00Z');
    const tokens = accessTokens(randomBytes(32), 60, () => now);
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    now = new Date('2026-11-25T10:00:59Z');
    expect(await tokens.verify(token)).toEqual(user);
    now = new Date('2026-11-25T10:01:00Z');
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another key, a tampered one and garbage', async () => {
    const now = () => new Date('2026-11-25T10:00:00Z');
    const tokens = accessTokens(randomBytes(32), 60, now);
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toEqual(user);
    const other = await accessTokens(randomBytes(32), 60, now).sign(user);
    expect(await tokens.verify(other)).toBeNull();
    const [head, body, signature] = token.split('.');
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), role: 'owner' }),
    ).toString('base64url');
    expect(await tokens.verify(`${head}.${admin}.${signature}`)).toBeNull();
    expect(await tokens.verify('not-a-token')).toBeNull();
  });
});

import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokens } from './access-tokens.ts';

const user = {
  userId: 'u-1',
  storeId: 'urbanroll',
  role: 'customer' as const,
  scope: 'storefront' as const,
};

/** The claims of a token, unverified (to see what a storefront sign-in puts in it). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

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

  it('carries staff power only in an admin session: a storefront one acts as a customer', async () => {
    const now = () => new Date('2026-11-25T10:00:00Z');
    const tokens = accessTokens(randomBytes(32), 60, now);
    const owner = { ...user, role: 'owner' as const };
    const admin = await tokens.sign({ ...owner, scope: 'admin' });
    expect(claimsOf(admin)).toMatchObject({ role: 'owner', scope: 'admin' });
    expect(await tokens.verify(admin)).toEqual({ ...owner, scope: 'admin' });
    const storefront = await tokens.sign({ ...owner, scope: 'storefront' });
    expect(claimsOf(storefront).role).toBe('customer');
    expect(claimsOf(storefront)).not.toHaveProperty('scope');
    expect(await tokens.verify(storefront)).toEqual({ ...user, scope: 'storefront' });
  });

  it('names the session of an admin token (`sid`), never of a storefront one', async () => {
    const now = () => new Date('2026-11-25T10:00:00Z');
    const tokens = accessTokens(randomBytes(32), 60, now);
    const staff = { ...user, role: 'staff' as const, sessionId: 'family-1' };
    const admin = await tokens.sign({ ...staff, scope: 'admin' });
    expect(claimsOf(admin)).toMatchObject({ scope: 'admin', sid: 'family-1' });
    expect(await tokens.verify(admin)).toEqual({ ...staff, scope: 'admin' });
    const storefront = await tokens.sign({ ...staff, scope: 'storefront' });
    expect(claimsOf(storefront)).not.toHaveProperty('sid');
    expect(await tokens.verify(storefront)).toEqual({ ...user, scope: 'storefront' });
  });

  it("reads a validly signed token naming a staff role without the admin scope as a customer's", async () => {
    const key = randomBytes(32);
    const now = new Date('2026-11-25T10:00:00Z');
    const tokens = accessTokens(key, 60, () => now);
    // As the server signed storefront sessions before the scope existed.
    const legacy = await new SignJWT({ store: 'urbanroll', role: 'owner' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('storefront')
      .setAudience('storefront-api')
      .setSubject('u-1')
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(now.getTime() / 1000) + 60)
      .sign(key);
    expect(await tokens.verify(legacy)).toEqual(user);
  });
});

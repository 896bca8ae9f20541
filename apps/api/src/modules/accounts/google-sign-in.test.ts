import { eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoogleSignupResponse } from '@shop/contracts';
import { users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { manualClock } from '../../lib/clock.ts';
import {
  MAIN,
  capturingEmail,
  client,
  login,
  registerUser,
  uniqueEmail,
} from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const CLIENT_ID = 'shop-test.apps.googleusercontent.com';
type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

describe.each(testDatabaseTargets())('Google sign-in on $name', (target) => {
  let t: TestApp;
  let googleKey: Key;
  let strangerKey: Key;
  const mail = capturingEmail();
  const clock = manualClock();

  beforeAll(async () => {
    const google = await generateKeyPair('RS256', { extractable: true });
    const stranger = await generateKeyPair('RS256');
    googleKey = google.privateKey;
    strangerKey = stranger.privateKey;
    const publicJwk: JWK = {
      ...(await exportJWK(google.publicKey)),
      kid: 'google-1',
      alg: 'RS256',
    };
    t = await startTestApp(target, {
      config: { GOOGLE_CLIENT_ID: CLIENT_ID },
      adapters: { clock, email: mail.sender, googleKeys: createLocalJWKSet({ keys: [publicJwk] }) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A token as Google would sign it, with any claim overridable. */
  const idToken = (
    claims: Record<string, unknown>,
    opts: { key?: Key; aud?: string; iss?: string; expiresInS?: number } = {},
  ) => {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT({ email_verified: true, name: 'Gopal Rao', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' })
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setSubject(typeof claims.sub === 'string' ? claims.sub : 'google-sub-1')
      .setIssuedAt(now)
      .setExpirationTime(now + (opts.expiresInS ?? 3600))
      .sign(opts.key ?? googleKey);
  };
  const signIn = (token: string | undefined) =>
    client(t).post<GoogleSignupResponse>('/api/registeruser/api/google-signup', {
      ...(token !== undefined && { token }),
      main_id: MAIN,
    });

  it('says "Google credential is missing." without a token', async () => {
    const res = await signIn(undefined);
    expect(res).toMatchObject({
      status: 400,
      body: { msg: 'Google credential is missing.', field: 'token' },
    });
  });

  it('creates an account on first sign-in and finds it again after', async () => {
    const email = uniqueEmail('gopal');
    const sub = `sub-${email}`;
    const first = await signIn(await idToken({ sub, email }));
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Login successful!');
    expect(first.body.data.user).toMatchObject({ email, full_name: 'Gopal Rao' });
    expect(first.body.data.accessToken).toMatch(/^ey/);
    const again = await signIn(await idToken({ sub, email }));
    expect(again.body.data.user.user_id).toBe(first.body.data.user.user_id);
    // A Google-only account has no password to guess.
    expect((await login(t, email, 'anything-at-all')).status).toBe(401);
  });

  it('links an existing password account with the same verified email', async () => {
    const { email, userId } = await registerUser(t, mail);
    const res = await signIn(await idToken({ sub: `sub-${email}`, email: email.toUpperCase() }));
    expect(res.body.data.user.user_id).toBe(userId);
    expect((await login(t, email)).status).toBe(200);
  });

  it('does not hand an account linked to one Google id to another', async () => {
    const email = uniqueEmail('linked');
    await signIn(await idToken({ sub: `first-${email}`, email }));
    const res = await signIn(await idToken({ sub: `second-${email}`, email }));
    expect(res.status).toBe(409);
  });

  it.each([
    ['signed by another key', { email: 'x@example.com' }, { key: 'stranger' }],
    ['for another client id', { email: 'x@example.com' }, { aud: 'someone-else' }],
    ['from another issuer', { email: 'x@example.com' }, { iss: 'https://evil.example' }],
    ['expired', { email: 'x@example.com' }, { expiresInS: -60 }],
  ])('rejects a token %s', async (_what, claims, opts) => {
    const { key, ...rest } = opts as {
      key?: string;
      aud?: string;
      iss?: string;
      expiresInS?: number;
    };
    const token = await idToken(claims, { ...rest, ...(key && { key: strangerKey }) });
    const res = await signIn(token);
    expect(res).toMatchObject({
      status: 401,
      body: { msg: 'Google sign-in failed: the credential could not be verified.' },
    });
  });

  it('neither creates nor links an account by an email Google has not verified', async () => {
    const fresh = uniqueEmail('unverified');
    const created = await signIn(
      await idToken({ sub: `sub-${fresh}`, email: fresh, email_verified: false }),
    );
    expect(created).toMatchObject({
      status: 403,
      body: { msg: expect.stringMatching(/not verified/) },
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, fresh))).toHaveLength(0);

    const { email, userId } = await registerUser(t, mail);
    const linked = await signIn(
      await idToken({ sub: `sub-${email}`, email, email_verified: false }),
    );
    expect(linked.status).toBe(403);
    expect(linked.body).not.toHaveProperty('data');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row!.googleSub).toBeNull();
    // Once linked with a verified email, the Google id alone signs in (Google's own advice).
    expect((await signIn(await idToken({ sub: `sub-${email}`, email }))).status).toBe(200);
    const again = await signIn(
      await idToken({ sub: `sub-${email}`, email, email_verified: false }),
    );
    expect(again.body.data.user.user_id).toBe(userId);
  });

  it('never signs in staff or an owner, by email or by a linked Google id (403 naming /admin)', async () => {
    for (const role of ['staff', 'owner'] as const) {
      const { email, userId } = await registerUser(t, mail);
      await t.database.db.update(users).set({ role }).where(eq(users.id, userId));
      const res = await signIn(await idToken({ sub: `sub-${email}`, email }));
      expect(res.status).toBe(403);
      expect(res.body.msg).toMatch(/\/admin/);
      expect(res.body).not.toHaveProperty('data');
      const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(row!.googleSub, 'no link written').toBeNull();
    }
    // A customer linked to Google, later made staff: refused too.
    const { email, userId } = await registerUser(t, mail);
    expect((await signIn(await idToken({ sub: `sub-${email}`, email }))).status).toBe(200);
    await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, userId));
    const res = await signIn(await idToken({ sub: `sub-${email}`, email }));
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/\/admin/);
  });

  it('rejects garbage and offers no local token issuer when Google is configured', async () => {
    expect((await signIn('not.a.jwt')).status).toBe(401);
    const minted = await client(t).post('/api/auth/google-local/token', {
      email: 'a@example.com',
      name: 'A',
    });
    expect(minted.status).toBe(404);
    expect((await client(t).get('/api/auth/options')).body).toMatchObject({
      google: { mode: 'google', clientId: CLIENT_ID },
    });
    const csp = (await t.app.inject({ url: '/api/auth/options' })).headers[
      'content-security-policy'
    ];
    expect(csp).toContain('script-src');
    expect(csp).toMatch(/script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client/);
  });
});

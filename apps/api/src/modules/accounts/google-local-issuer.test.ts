import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthOptionsResponse, GoogleSignupResponse } from '@shop/contracts';
import { users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { googleSignInMode } from '../../adapters/google-sign-in.ts';
import { loadConfig } from '../../config/config.ts';
import type { AppConfig } from '../../app-config.ts';
import {
  capturingEmail,
  client,
  MAIN,
  registerUser,
  uniqueEmail,
} from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** A credential of the local issuer, as the storefront's test dialog asks for one. */
const mint = (t: TestApp, email: string, emailVerified?: boolean) =>
  client(t).post<{ credential: string }>('/api/auth/google-local/token', {
    email,
    name: 'Mallory',
    ...(emailVerified !== undefined && { email_verified: emailVerified }),
  });
const googleSignIn = (t: TestApp, token: string) =>
  client(t).post<GoogleSignupResponse>('/api/registeruser/api/google-signup', {
    token,
    main_id: MAIN,
  });
const options = async (t: TestApp) =>
  (await client(t).get<AuthOptionsResponse>('/api/auth/options')).body.google;

describe('which Google sign-in a shop has (decision 0032)', () => {
  it('is Google with a client id, the local issuer in the demo or when asked, else none', () => {
    const mode = (env: Record<string, string>) => googleSignInMode(loadConfig(env));
    expect(mode({})).toBe('local'); // SEED_DEMO defaults to true: `npm start` is the demo
    expect(mode({ SEED_DEMO: 'false' })).toBe('off');
    expect(mode({ SEED_DEMO: 'false', GOOGLE_SIGN_IN: 'local' })).toBe('local');
    expect(mode({ SEED_DEMO: 'false', GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com' })).toBe(
      'google',
    );
    expect(mode({ GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com' })).toBe('google');
    expect(() => loadConfig({ GOOGLE_SIGN_IN: 'yes' })).toThrow(/GOOGLE_SIGN_IN/);
    expect(() =>
      loadConfig({ GOOGLE_SIGN_IN: 'local', GOOGLE_CLIENT_ID: 'shop.apps.googleusercontent.com' }),
    ).toThrow(/GOOGLE_SIGN_IN=local and GOOGLE_CLIENT_ID/);
  });
});

describe.each(testDatabaseTargets())('the local Google issuer on $name', (target) => {
  const mail = capturingEmail();
  const started: TestApp[] = [];
  const start = async (config: Partial<AppConfig>) => {
    const t = await startTestApp(target, { config, adapters: { email: mail.sender } });
    started.push(t);
    return t;
  };
  let real: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    real = await start({ SEED_DEMO: false });
    demo = await start({ SEED_DEMO: true });
  });
  afterAll(async () => {
    for (const t of started) await t.close();
  });

  it('is not there in a real shop (SEED_DEMO=false): 404, no Google sign-in, options say off', async () => {
    const res = await mint(real, 'owner@shop.test');
    expect(res.status).toBe(404);
    expect(res.body).not.toHaveProperty('credential');
    expect(await options(real)).toEqual({ mode: 'off', clientId: '' });
    // A credential minted by another shop's issuer (the demo's) signs in nothing here.
    const elsewhere = await mint(demo, uniqueEmail('visitor'));
    const refused = await googleSignIn(real, elsewhere.body.credential);
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toMatch(/not set up/);
  });

  it('is there in the demo and with GOOGLE_SIGN_IN=local in a real shop', async () => {
    expect(await options(demo)).toMatchObject({ mode: 'local' });
    const asked = await start({ SEED_DEMO: false, GOOGLE_SIGN_IN: 'local' });
    expect(await options(asked)).toMatchObject({ mode: 'local' });
    const email = uniqueEmail('shopper');
    const minted = await mint(asked, email);
    expect(minted.status).toBe(200);
    const signedIn = await googleSignIn(asked, minted.body.credential);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.email).toBe(email);
  });

  it('takes over no owner or staff account at a reserved address: 403 naming /admin, no link', async () => {
    for (const role of ['owner', 'staff'] as const) {
      const { email, userId } = await registerUser(demo, mail, uniqueEmail(role));
      await demo.database.db.update(users).set({ role }).where(eq(users.id, userId));
      const minted = await mint(demo, email);
      expect(minted.status).toBe(200);
      const res = await googleSignIn(demo, minted.body.credential);
      expect(res.status, role).toBe(403);
      expect(res.body.msg).toMatch(/\/admin/);
      expect(res.body).not.toHaveProperty('data');
      const [row] = await demo.database.db.select().from(users).where(eq(users.id, userId));
      expect(row!.googleSub, 'no Google id linked').toBeNull();
    }
  });

  it("links a customer's account only by a credential whose email is verified", async () => {
    const { email, userId } = await registerUser(demo, mail);
    const unverified = await mint(demo, email, false);
    expect(unverified.status).toBe(200);
    const refused = await googleSignIn(demo, unverified.body.credential);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/not verified/);
    const [before] = await demo.database.db.select().from(users).where(eq(users.id, userId));
    expect(before!.googleSub).toBeNull();
    const verified = await mint(demo, email);
    const linked = await googleSignIn(demo, verified.body.credential);
    expect(linked.status).toBe(200);
    expect(linked.body.data.user.user_id).toBe(userId);
  });
});

import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMeResponse, TokenPair } from '@shop/contracts';
import type { Role } from '@shop/domain';
import { users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, registerUser } from '../test-support/accounts.ts';
import { adminSession } from '../test-support/staff.ts';
import { startTestApp, type TestApp } from '../test-support/test-app.ts';
import type { AccessTokens, TokenUser } from '../lib/access-tokens.ts';
import auth, { needs, type SignedInUser } from './auth.ts';
import { errorHandler } from './error-handler.ts';

describe.each(testDatabaseTargets())('auth plugin and roles on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  const setRole = (userId: string, role: string) =>
    t.database.db.update(users).set({ role }).where(eq(users.id, userId));
  const refresh = async (refreshToken: string) => {
    const res = await client(t).post<TokenPair>('/api/auth/refresh', { refreshToken });
    expect(res.status).toBe(200);
    return res.body;
  };
  const me = (token?: string) => client(t).get<StaffMeResponse>('/api/admin/me', token);

  it('refuses a staff-only route without a token (401) and with a customer token (403)', async () => {
    const u = await registerUser(t, mail);
    expect((await me()).status).toBe(401);
    expect((await me('not-a-token')).status).toBe(401);
    const res = await me(u.accessToken);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ isError: true, msg: 'You do not have access to this.' });
  });

  it('gives staff and owners their role only in a session of the admin sign-in', async () => {
    const u = await registerUser(t, mail);
    await setRole(u.userId, 'staff');
    // The storefront session stays a customer's, before and after a refresh.
    expect((await me(u.accessToken)).status).toBe(403);
    const shop = await refresh(u.refreshToken);
    expect((await me(shop.accessToken)).status).toBe(403);
    const staff = await adminSession(t, u.email);
    const res = await me(staff.accessToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isError: false,
      data: { user_id: u.userId, main_id: MAIN, role: 'staff' },
    });

    // Roles are read when a token is signed: a promotion shows at the admin session's refresh.
    await setRole(u.userId, 'owner');
    const owner = await refresh(staff.refreshToken);
    expect((await me(owner.accessToken)).body.data.role).toBe('owner');
  });

  it('a revoked role ends at once, even for the access token signed before', async () => {
    const u = await registerUser(t, mail);
    await setRole(u.userId, 'staff');
    const staff = await adminSession(t, u.email);
    expect((await me(staff.accessToken)).status).toBe(200);
    await setRole(u.userId, 'customer');
    expect((await me(staff.accessToken)).status).toBe(403);
    // The admin session of an account that is no longer staff ends at its next refresh.
    const next = await client(t).post('/api/auth/refresh', { refreshToken: staff.refreshToken });
    expect(next.status).toBe(401);
    // Its storefront session goes on, a customer's.
    const shop = await refresh(u.refreshToken);
    expect((await me(shop.accessToken)).status).toBe(403);
  });

  it('reads the role at sign-in too: the admin sign-in carries it, the storefront one never', async () => {
    const u = await registerUser(t, mail);
    await setRole(u.userId, 'owner');
    const signedIn = await client(t).post<TokenPair>('/api/loginuser', {
      email: u.email,
      password: 'skate-or-die-42',
      main_id: MAIN,
    });
    expect(signedIn.status).toBe(200);
    expect((await me(signedIn.body.accessToken)).status).toBe(403);
    const admin = await adminSession(t, u.email);
    expect((await me(admin.accessToken)).body.data.role).toBe('owner');
  });

  it('the database refuses an unknown role', async () => {
    const u = await registerUser(t, mail);
    await expect(setRole(u.userId, 'admin')).rejects.toThrow();
  });

  it("lets only the owner of the path's user id in, whatever their role", async () => {
    const asha = await registerUser(t, mail);
    const ravi = await registerUser(t, mail);
    const c = client(t);
    expect((await c.get(`/api/cart/${asha.userId}`, asha.accessToken)).status).toBe(200);
    const other = await c.get(`/api/cart/${asha.userId}`, ravi.accessToken);
    expect(other.status).toBe(403);
    expect(other.body.msg).toBe('You can only access your own account.');
    // Staff of the store are still not the owner of another customer's cart.
    await setRole(ravi.userId, 'staff');
    const staff = await adminSession(t, ravi.email);
    expect((await c.get(`/api/cart/${asha.userId}`, staff.accessToken)).status).toBe(403);
    expect((await c.get(`/api/registeruser/single/${asha.userId}`, ravi.accessToken)).status).toBe(
      403,
    );
  });
});

describe('route needs (a tiny app with test-only routes)', () => {
  const users: Record<string, TokenUser> = {
    asha: { userId: 'asha', storeId: 'urbanroll', role: 'customer', scope: 'storefront' },
    sam: { userId: 'sam', storeId: 'urbanroll', role: 'staff', scope: 'admin' },
    olga: { userId: 'olga', storeId: 'urbanroll', role: 'owner', scope: 'admin' },
    tara: { userId: 'tara', storeId: 'threadline', role: 'owner', scope: 'admin' },
  };
  const tokens: AccessTokens = {
    sign: () => Promise.reject(new Error('not used')),
    verify: (token) => Promise.resolve(users[token] ?? null),
  };
  /** The roles in the database now (a token keeps the role it was signed with). */
  const rolesNow = new Map<string, Role | null>();
  const currentRole = (id: string) =>
    Promise.resolve(rolesNow.has(id) ? rolesNow.get(id)! : (users[id]?.role ?? null));
  let app: FastifyInstance;
  let seen: (SignedInUser | null)[] = [];

  beforeAll(async () => {
    app = Fastify();
    await app.register(errorHandler);
    await app.register(auth, { tokens, currentRole });
    const reply = (req: FastifyRequest) => {
      seen.push(req.user);
      return { ok: true };
    };
    app.get('/open', reply);
    app.get('/any', { config: needs.signedIn() }, reply);
    app.get('/mine/:userId', { config: needs.self('params', 'userId') }, reply);
    app.post('/mine', { config: needs.self('body', 'user_id') }, reply);
    app.get('/staff/:storeId', { config: needs.staff({ in: 'params', key: 'storeId' }) }, reply);
    app.get('/owner', { config: needs.storeOwner() }, reply);
    await app.ready();
  });
  afterAll(() => app.close());

  const call = async (url: string, who?: string, body?: object) => {
    seen = [];
    const res = await app.inject({
      method: body ? 'POST' : 'GET',
      url,
      headers: who ? { authorization: `Bearer ${who}` } : {},
      ...(body && { payload: body }),
    });
    return res.statusCode;
  };

  it('sets request.user from the token on every route, null without one', async () => {
    expect(await call('/open')).toBe(200);
    expect(seen).toEqual([null]);
    expect(await call('/open', 'sam')).toBe(200);
    expect(seen).toEqual([{ id: 'sam', storeId: 'urbanroll', role: 'staff' }]);
  });

  it('lets only the user named in the path or body act as them', async () => {
    expect(await call('/mine/asha')).toBe(401);
    expect(await call('/mine/asha', 'asha')).toBe(200);
    expect(await call('/mine/asha', 'sam')).toBe(403);
    expect(await call('/mine', 'asha', { user_id: 'asha' })).toBe(200);
    expect(await call('/mine', 'asha', { user_id: 'sam' })).toBe(403);
  });

  it('lets staff and owners of the named store in, not customers nor another store', async () => {
    expect(await call('/staff/urbanroll')).toBe(401);
    expect(await call('/staff/urbanroll', 'asha')).toBe(403);
    expect(await call('/staff/urbanroll', 'sam')).toBe(200);
    expect(await call('/staff/urbanroll', 'olga')).toBe(200);
    expect(await call('/staff/urbanroll', 'tara')).toBe(403);
    expect(await call('/staff/threadline', 'tara')).toBe(200);
  });

  it('keeps owner-only routes from staff', async () => {
    expect(await call('/owner', 'sam')).toBe(403);
    expect(await call('/owner', 'olga')).toBe(200);
  });

  it('goes by the role in the database now on every route: a demotion or removal is at once', async () => {
    try {
      rolesNow.set('olga', 'staff');
      expect(await call('/owner', 'olga')).toBe(403);
      expect(await call('/staff/urbanroll', 'olga')).toBe(200);
      expect(seen.at(-1)?.role).toBe('staff');
      rolesNow.set('olga', 'customer');
      expect(await call('/staff/urbanroll', 'olga')).toBe(403);
      rolesNow.set('olga', null);
      expect(await call('/staff/urbanroll', 'olga')).toBe(401);
      // A promotion waits for the next token: the lesser of the two roles counts.
      rolesNow.set('sam', 'owner');
      expect(await call('/owner', 'sam')).toBe(403);
      // Every route sees the role as it is now, even one open to any signed-in user (issue 58
      // item 6: an order's invoice shows the store's staff more than its customer).
      rolesNow.set('olga', 'customer');
      expect(await call('/any', 'olga')).toBe(200);
      expect(seen.at(-1)?.role).toBe('customer');
      expect(await call('/open', 'olga')).toBe(200);
      expect(seen.at(-1)?.role).toBe('customer');
      rolesNow.set('olga', null);
      expect(await call('/any', 'olga')).toBe(401);
      expect(await call('/open', 'olga')).toBe(200);
      expect(seen.at(-1)).toBeNull();
      // Customer tokens are not read again.
      rolesNow.set('asha', null);
      expect(await call('/mine/asha', 'asha')).toBe(200);
      expect(await call('/any', 'asha')).toBe(200);
    } finally {
      rolesNow.clear();
    }
  });
});

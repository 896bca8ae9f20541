import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSession, StaffMeResponse, TokenPair } from '@shop/contracts';
import { users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { manualClock } from '../../lib/clock.ts';
import {
  capturingEmail,
  client,
  MAIN,
  PASSWORD,
  registerUser,
  uniqueIp,
} from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const HOUR = 3_600_000;

describe.each(testDatabaseTargets())('admin sign-in on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock(new Date());
  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, clock, sleep: () => Promise.resolve() },
      config: { STAFF_SESSION_HOURS: 12, LOGIN_LIMIT_PER_EMAIL: 3 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const member = async (role: 'customer' | 'staff' | 'owner') => {
    const u = await registerUser(t, mail);
    await t.database.db.update(users).set({ role }).where(eq(users.id, u.userId));
    return u;
  };
  const adminLogin = (email: string, password = PASSWORD, ip = uniqueIp(), store = MAIN) =>
    client(t, ip).post<AdminSession>('/api/admin/login', {
      main_id: store,
      email,
      password,
    });

  it('signs in the owner and staff with their role', async () => {
    for (const role of ['owner', 'staff'] as const) {
      const u = await member(role);
      const res = await adminLogin(u.email);
      expect(res.status).toBe(200);
      expect(res.body.user).toEqual({
        user_id: u.userId,
        email: u.email,
        full_name: 'Asha Kulkarni',
        main_id: MAIN,
        role,
      });
      const me = await client(t).get<StaffMeResponse>('/api/admin/me', res.body.accessToken);
      expect(me.body.data.role).toBe(role);
    }
  });

  it('refuses a customer account with 403 and a clear message, and starts no session', async () => {
    const u = await member('customer');
    const res = await adminLogin(u.email);
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/customer account/);
    expect(res.body).not.toHaveProperty('accessToken');
  });

  it('answers a wrong password 401 like the customer sign-in, whatever the role', async () => {
    const customer = await member('customer');
    const owner = await member('owner');
    for (const email of [customer.email, owner.email, 'nobody@example.com']) {
      const res = await adminLogin(email, 'wrong-password-123');
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('Invalid email or password.');
    }
  });

  it('has the customer sign-in limits: failures of an email lock out its address', async () => {
    const owner = await member('owner');
    const ip = uniqueIp();
    for (let i = 0; i < 3; i++) {
      expect((await adminLogin(owner.email, 'wrong-password-123', ip)).status).toBe(401);
    }
    expect((await adminLogin(owner.email, PASSWORD, ip)).status).toBe(429);
    // From elsewhere the owner still gets in.
    expect((await adminLogin(owner.email)).status).toBe(200);
  });

  it('names the bad field with 400', async () => {
    const res = await client(t).post('/api/admin/login', { main_id: MAIN, email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBeDefined();
  });

  it('ends a staff session STAFF_SESSION_HOURS after sign-in, a customer one later', async () => {
    const staff = await member('staff');
    const customer = await member('customer');
    const staffPair = (await adminLogin(staff.email)).body;
    const customerPair = (
      await client(t).post<TokenPair>('/api/loginuser', {
        main_id: MAIN,
        email: customer.email,
        password: PASSWORD,
      })
    ).body;
    const refresh = (refreshToken: string) =>
      client(t).post<TokenPair>('/api/auth/refresh', { refreshToken });

    clock.advance(6 * HOUR);
    const staffNext = await refresh(staffPair.refreshToken);
    expect(staffNext.status).toBe(200);
    clock.advance(6 * HOUR + 1000);
    // 12 hours after sign-in, rotation did not extend the staff session.
    expect((await refresh(staffNext.body.refreshToken)).status).toBe(401);
    expect((await refresh(customerPair.refreshToken)).status).toBe(200);
  });
});

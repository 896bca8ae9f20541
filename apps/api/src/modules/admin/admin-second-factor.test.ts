import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCodeChallenge,
  AdminSession,
  SecuritySettingsResponse,
  SecurityTestCodeResponse,
  StaffMeResponse,
  TokenPair,
} from '@shop/contracts';
import { otpCodes, storeSettings, users } from '@shop/db';
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
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const MINUTE = 60_000;

describe.each(testDatabaseTargets())('staff second factor on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock(new Date());
  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, clock, sleep: () => Promise.resolve() },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(async () => {
    mail.fail(false);
    await secondFactor(MAIN, false);
  });

  const secondFactor = (store: string, on: boolean) =>
    t.database.db
      .update(storeSettings)
      .set({ staffSecondFactor: on })
      .where(eq(storeSettings.storeId, store));
  const member = async (role: 'customer' | 'staff' | 'owner') => {
    const u = await registerUser(t, mail);
    await t.database.db.update(users).set({ role }).where(eq(users.id, u.userId));
    return u;
  };
  const login = (email: string, ip = uniqueIp(), store = MAIN) =>
    client(t, ip).post<AdminSession & AdminCodeChallenge>('/api/admin/login', {
      main_id: store,
      email,
      password: PASSWORD,
    });
  const verify = (challenge: string, code: string, ip = uniqueIp(), store = MAIN) =>
    client(t, ip).post<AdminSession>('/api/admin/login/verify', {
      main_id: store,
      challenge,
      code,
    });
  /** Turns the code on as the owner does: a test code emailed to them, typed back. */
  const turnOn = async (token: string, email: string) => {
    const sent = await client(t).post<SecurityTestCodeResponse>(
      '/api/admin/settings/security/test-code',
      {},
      token,
    );
    expect(sent.status).toBe(200);
    return client(t).patch<SecuritySettingsResponse>(
      '/api/admin/settings/security',
      {
        staff_second_factor: true,
        challenge: sent.body.data.challenge,
        code: mail.lastCode(email),
      },
      token,
    );
  };
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('is the owner’s setting: read and changed at /api/admin/settings/security, audited', async () => {
    const owner = await member('owner');
    const signedIn = await login(owner.email);
    const token = signedIn.body.accessToken;
    const settings = () =>
      client(t).get<SecuritySettingsResponse>('/api/admin/settings/security', token);
    expect((await settings()).body.data).toEqual({
      staff_second_factor: false,
      email_ready: true,
    });
    const bad = await client(t).call(
      'PATCH',
      '/api/admin/settings/security',
      { staff_second_factor: 'yes' },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'staff_second_factor' });
    const on = await turnOn(token, owner.email);
    expect(on.status).toBe(200);
    expect((await settings()).body.data).toEqual({ staff_second_factor: true, email_ready: true });
    const audit = await client(t).get<{
      data: { entries: { action: string; before: unknown; after: unknown }[] };
    }>('/api/admin/audit?entity=store_settings', token);
    expect(audit.body.data.entries[0]).toMatchObject({
      action: 'settings.security',
      before: { staff_second_factor: false },
      after: { staff_second_factor: true },
    });
    // From now on the password alone starts no session.
    expect((await login(owner.email)).body).toMatchObject({ needs_code: true });
    // Another store is untouched.
    const [other] = await t.database.db
      .select({ on: storeSettings.staffSecondFactor })
      .from(storeSettings)
      .where(eq(storeSettings.storeId, 'threadline'));
    expect(other?.on).toBe(false);
  });

  it('asks for an emailed code instead of starting a session, and the code starts it once', async () => {
    await secondFactor(MAIN, true);
    const owner = await member('owner');
    const sentBefore = mail.sent.length;
    const first = await login(owner.email);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      needs_code: true,
      challenge: expect.any(String),
      sent_to: `${owner.email[0]}•••@example.com`,
    });
    expect(first.body).not.toHaveProperty('accessToken');
    expect(mail.sent.length).toBe(sentBefore + 1);
    expect(mail.sent.at(-1)!.subject).toMatch(/verification code/);
    expect(mail.sent.at(-1)!.text).toMatch(/sign in to the .* admin/);
    const code = mail.lastCode(owner.email);
    // The code is stored hashed, never in clear.
    const rows = await t.database.db
      .select({ hash: otpCodes.codeHash, purpose: otpCodes.purpose })
      .from(otpCodes)
      .where(eq(otpCodes.email, owner.email));
    expect(rows.find((r) => r.purpose === 'staff-login')?.hash).not.toContain(code);

    const session = await verify(first.body.challenge, code);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ user_id: owner.userId, role: 'owner' });
    const me = await client(t).get<StaffMeResponse>('/api/admin/me', session.body.accessToken);
    expect(me.body.data.role).toBe('owner');

    const again = await verify(first.body.challenge, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ field: 'challenge' });
  });

  it('counts wrong codes: 400 naming the code with the tries left, then 429, then even the right one fails', async () => {
    await secondFactor(MAIN, true);
    const staff = await member('staff');
    const { challenge } = (await login(staff.email)).body;
    const code = mail.lastCode(staff.email);
    const first = await verify(challenge, wrongCode(code));
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({
      field: 'code',
      msg: 'That code is not right. 4 tries left.',
    });
    for (let i = 0; i < 3; i += 1)
      expect((await verify(challenge, wrongCode(code))).status).toBe(400);
    expect((await verify(challenge, wrongCode(code))).status).toBe(429);
    expect((await verify(challenge, code)).status).toBe(429);
  });

  it('refuses a forged challenge, another store, an expired code and the public verify-otp call', async () => {
    await secondFactor(MAIN, true);
    const staff = await member('staff');
    const { challenge } = (await login(staff.email)).body;
    const code = mail.lastCode(staff.email);

    const [codeId] = challenge.split('.');
    const forged = await verify(`${codeId}.${'A'.repeat(43)}`, code);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ field: 'challenge' });
    expect((await verify(challenge, code, uniqueIp(), 'threadline')).status).toBe(400);

    // The customer code check knows nothing of sign-in codes.
    const publicVerify = await client(t).post('/api/registeruser/api/verify-otp', {
      main_id: MAIN,
      email: staff.email,
      otp: code,
    });
    expect(publicVerify.status).toBe(400);

    clock.advance(11 * MINUTE);
    try {
      const late = await verify(challenge, code);
      expect(late.status).toBe(400);
      expect(late.body.msg).toMatch(/expired or was used/);
    } finally {
      clock.advance(-11 * MINUTE);
    }
  });

  it('starts no session for a customer, nor for staff removed between the password and the code', async () => {
    await secondFactor(MAIN, true);
    const customer = await member('customer');
    const sentBefore = mail.sent.length;
    expect((await login(customer.email)).status).toBe(403);
    expect(mail.sent.length).toBe(sentBefore);

    const staff = await member('staff');
    const { challenge } = (await login(staff.email)).body;
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, staff.userId));
    expect((await verify(challenge, mail.lastCode(staff.email))).status).toBe(403);
  });

  it('answers 503 and keeps no usable code when the email cannot be sent', async () => {
    await secondFactor(MAIN, true);
    const staff = await member('staff');
    mail.fail(true);
    const res = await login(staff.email);
    expect(res.status).toBe(503);
    expect(res.body).not.toHaveProperty('challenge');
  });

  it('leaves a store without the setting, and the other store, on password only', async () => {
    await secondFactor('threadline', false);
    const staff = await member('staff');
    const res = await login(staff.email);
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toEqual(expect.any(String));
  });

  describe('turning it on ends the admin sessions begun without it (issue 58 item 5)', () => {
    const turnOff = (token: string) =>
      client(t).patch<SecuritySettingsResponse>(
        '/api/admin/settings/security',
        { staff_second_factor: false },
        token,
      );
    const refresh = (refreshToken: string) =>
      client(t).post<TokenPair>('/api/auth/refresh', { refreshToken });
    const orders = (token: string) => client(t).get('/api/admin/orders', token);
    const withCode = async (email: string) => {
      const { challenge } = (await login(email)).body;
      const session = await verify(challenge, mail.lastCode(email));
      expect(session.status).toBe(200);
      return session.body;
    };

    it('ends them in the change itself: their refresh and their still-valid access token are refused; the owner’s own session and sessions with the code go on', async () => {
      const owner = await member('owner');
      const staff = await member('staff');
      const elsewhere = await member('staff');
      await t.database.db
        .update(users)
        .set({ storeId: 'threadline' })
        .where(eq(users.id, elsewhere.userId));
      const ownerHere = (await login(owner.email)).body; // the session that turns it on
      const ownerPhone = (await login(owner.email)).body; // another of the owner's sessions
      const staffSession = (await login(staff.email)).body;
      const otherStore = (await login(elsewhere.email, uniqueIp(), 'threadline')).body;
      expect((await orders(staffSession.accessToken)).status).toBe(200);

      expect((await turnOn(ownerHere.accessToken, owner.email)).status).toBe(200);

      // The staff member's access token has minutes left: refused now, and its refresh too.
      const refused = await orders(staffSession.accessToken);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ isError: true, msg: 'Please log in to continue.' });
      const refreshed = await refresh(staffSession.refreshToken);
      expect(refreshed.status).toBe(401);
      expect(refreshed.body.msg).toBe('Your session has expired. Please log in again.');
      // The owner's other session ended as well.
      expect((await client(t).get('/api/admin/me', ownerPhone.accessToken)).status).toBe(401);
      expect((await refresh(ownerPhone.refreshToken)).status).toBe(401);

      // The owner's session that made the change goes on (it is not signed out by its own
      // change), and so does its refresh.
      expect((await orders(ownerHere.accessToken)).status).toBe(200);
      const ownerNext = await refresh(ownerHere.refreshToken);
      expect(ownerNext.status).toBe(200);
      expect((await orders(ownerNext.body.accessToken)).status).toBe(200);

      // A session begun with the code works and refreshes.
      const staffWithCode = await withCode(staff.email);
      expect((await orders(staffWithCode.accessToken)).status).toBe(200);
      const staffNext = await refresh(staffWithCode.refreshToken);
      expect(staffNext.status).toBe(200);
      expect((await orders(staffNext.body.accessToken)).status).toBe(200);

      // Another store's admin sessions are untouched.
      expect((await client(t).get('/api/admin/me', otherStore.accessToken)).status).toBe(200);
      expect((await refresh(otherStore.refreshToken)).status).toBe(200);

      // The sessions were ended, not only refused: turning the code off again does not bring
      // them back, while the owner's and the one with the code live on.
      expect((await turnOff(ownerNext.body.accessToken)).status).toBe(200);
      expect((await refresh(staffSession.refreshToken)).status).toBe(401);
      expect((await refresh(ownerPhone.refreshToken)).status).toBe(401);
      expect((await refresh(ownerNext.body.refreshToken)).status).toBe(200);
      expect((await refresh(staffNext.body.refreshToken)).status).toBe(200);
    });

    it('while it is on, a session begun without it cannot act, even one the change did not end', async () => {
      // A sign-in that read the setting just before it changed, or a session older than
      // migration 0036: the setting turned on under it.
      const staff = await member('staff');
      const session = (await login(staff.email)).body;
      await secondFactor(MAIN, true);
      expect((await orders(session.accessToken)).status).toBe(401);
      expect((await client(t).get('/api/admin/me', session.accessToken)).status).toBe(401);
      expect((await refresh(session.refreshToken)).status).toBe(401);
      // Refused at its refresh, it ended: off again, it stays ended.
      await secondFactor(MAIN, false);
      expect((await refresh(session.refreshToken)).status).toBe(401);
    });

    postgresOnly(target).it(
      'leaves no session without the code to password sign-ins before, during and after the change',
      async () => {
        const owner = await member('owner');
        const staff = await member('staff');
        const ownerSession = (await login(owner.email)).body;
        // Sign-ins a few milliseconds apart; the change once the first has its session.
        const signIns = Array.from({ length: 8 }, (_, i) =>
          new Promise((resolve) => setTimeout(resolve, i * 15)).then(() => login(staff.email)),
        );
        await signIns[0];
        expect((await turnOn(ownerSession.accessToken, owner.email)).status).toBe(200);
        let sessions = 0;
        for (const res of await Promise.all(signIns)) {
          expect(res.status).toBe(200);
          if (res.body.needs_code) continue;
          sessions++;
          expect((await orders(res.body.accessToken)).status).toBe(401);
          expect((await refresh(res.body.refreshToken)).status).toBe(401);
        }
        expect(sessions).toBeGreaterThanOrEqual(1);
      },
    );
  });

  postgresOnly(target).it(
    'gives one session to two parallel right guesses of the same code',
    async () => {
      await secondFactor(MAIN, true);
      const staff = await member('staff');
      const { challenge } = (await login(staff.email)).body;
      const code = mail.lastCode(staff.email);
      const answers = await Promise.all([verify(challenge, code), verify(challenge, code)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    },
  );
});

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminCodeChallenge,
  AdminSession,
  SecuritySettingsResponse,
  StaffMeResponse,
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
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('is the owner’s setting: read and changed at /api/admin/settings/security, audited', async () => {
    const owner = await member('owner');
    const signedIn = await login(owner.email);
    const token = signedIn.body.accessToken;
    const settings = () =>
      client(t).get<SecuritySettingsResponse>('/api/admin/settings/security', token);
    expect((await settings()).body.data).toEqual({ staff_second_factor: false });
    const bad = await client(t).call(
      'PATCH',
      '/api/admin/settings/security',
      { staff_second_factor: 'yes' },
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'staff_second_factor' });
    const on = await client(t).call(
      'PATCH',
      '/api/admin/settings/security',
      { staff_second_factor: true },
      token,
    );
    expect(on.status).toBe(200);
    expect((await settings()).body.data).toEqual({ staff_second_factor: true });
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

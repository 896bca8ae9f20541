import { eq } from 'drizzle-orm';
import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SignupResponse, TokenPair, VerifyOtpResponse } from '@shop/contracts';
import { deviceTokens } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { manualClock } from '../../lib/clock.ts';
import {
  MAIN,
  PASSWORD,
  capturingEmail,
  client,
  login,
  registerUser,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Counts argon2 hashes, to prove a caller without a proof costs none. */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    hash: (...args: Parameters<typeof argon2.hash>) => {
      hashes.count++;
      return argon2.hash(...args);
    },
  };
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(testDatabaseTargets())('account hardening (issue 10) on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock();
  /** The login pauses the server waited; waiting one moves the clock, as time would. */
  const slept: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: {
        clock,
        email: mail.sender,
        sleep: (ms) => {
          slept.push(ms);
          clock.advance(ms);
          return Promise.resolve();
        },
      },
      config: { ACCOUNT_WRITE_LIMIT_PER_IP: 1000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = <T = Record<string, unknown>>(path: string, body: object, ip?: string) =>
    client(t, ip).post<T>(`/api/registeruser/api/${path}`, { ...body, main_id: MAIN });
  const verify = (email: string, otp: string, ip?: string) =>
    post<VerifyOtpResponse>('verify-otp', { email, otp }, ip);
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('1. the signup or reset proof belongs to whoever verified the code', () => {
    it('a reset without the proof, or with another email’s, fails; the victim’s works once', async () => {
      const { email: victim } = await registerUser(t, mail);
      const { email: attacker } = await registerUser(t, mail);
      await post('resetsend-otp', { email: victim });
      const verified = await verify(victim, mail.lastCode(victim));
      expect(verified.status).toBe(200);
      expect(verified.body.resetToken).toMatch(/^[0-9a-f-]{36}\.[\w-]+$/);
      expect(verified.body.signupToken).toBeUndefined();

      // The attacker's own reset proof, for their own email.
      await post('resetsend-otp', { email: attacker });
      const theirs = (await verify(attacker, mail.lastCode(attacker))).body.resetToken;

      const hashesBefore = hashes.count;
      for (const resetToken of [undefined, 'forged.proof', theirs, `${theirs}x`]) {
        const res = await post('reset-password', {
          email: victim,
          newPassword: 'hijacked-pass',
          resetToken,
        });
        expect(res).toMatchObject({
          status: 403,
          body: { msg: 'Please verify your email with the OTP first.' },
        });
      }
      // Refused before any hashing: no unauthenticated expensive work.
      expect(hashes.count).toBe(hashesBefore);

      const own = { email: victim, newPassword: 'victims-new-pass' };
      const res = await post('reset-password', { ...own, resetToken: verified.body.resetToken });
      expect(res.status).toBe(200);
      expect(
        (await post('reset-password', { ...own, resetToken: verified.body.resetToken })).status,
      ).toBe(403);
      expect((await login(t, victim, 'victims-new-pass')).status).toBe(200);
    });

    it('a signup without the proof fails; the verifier’s own works once', async () => {
      const email = uniqueEmail();
      await post('send-otp', { email });
      const verified = await verify(email, mail.lastCode(email));
      expect(verified.body.signupToken).toBeTruthy();
      const details = { email, mobile: '', full_name: 'Mallory', password: PASSWORD };
      const hashesBefore = hashes.count;
      expect((await post('signup', details)).status).toBe(403);
      expect(hashes.count).toBe(hashesBefore);
      const res = await post<SignupResponse>('signup', {
        ...details,
        signupToken: verified.body.signupToken,
      });
      expect(res.status).toBe(200);
      const again = await post('signup', { ...details, signupToken: verified.body.signupToken });
      expect(again.status).toBe(403);
    });

    it('a reset proof is no signup proof', async () => {
      const { email } = await registerUser(t, mail);
      await post('resetsend-otp', { email });
      const { resetToken } = (await verify(email, mail.lastCode(email))).body;
      const res = await post('signup', {
        email,
        mobile: '',
        full_name: 'Asha',
        password: PASSWORD,
        signupToken: resetToken,
      });
      expect(res.status).toBe(403);
    });
  });

  describe('5. no enumeration through the reset flow', () => {
    it('answers a wrong code for a registered email exactly as for an unknown one', async () => {
      const { email: known } = await registerUser(t, mail);
      const unknown = uniqueEmail('ghost');
      const sentKnown = await post('resetsend-otp', { email: known });
      const sentUnknown = await post('resetsend-otp', { email: unknown });
      expect(sentUnknown).toMatchObject({ status: sentKnown.status, body: sentKnown.body });
      const code = mail.lastCode(known);
      for (let i = 0; i < 6; i++) {
        const a = await verify(known, wrongCode(code));
        const b = await verify(unknown, wrongCode(code));
        expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body });
      }
    });

    it('answers the reset send before its email leaves (mail is off the request path)', async () => {
      const { email } = await registerUser(t, mail);
      let release = () => {};
      const slow = new Promise<void>((resolve) => (release = resolve));
      const original = mail.sender.send.bind(mail.sender);
      const spy = vi.spyOn(mail.sender, 'send').mockImplementation(async (m) => {
        await slow;
        return original(m);
      });
      try {
        // The answer itself, not what the server does after it (the test app's requests wait for
        // that, as a stopping server does).
        const res = await t.injectAnswerOnly({
          method: 'POST',
          url: '/api/registeruser/api/resetsend-otp',
          payload: { email, main_id: MAIN },
          remoteAddress: uniqueIp(),
        });
        expect(res.statusCode).toBe(200);
        expect(spy).toHaveBeenCalledTimes(1);
      } finally {
        release();
        spy.mockRestore();
        await t.afterAnswer.idle();
      }
    });
  });

  describe('6. failures per email slow an attacker but do not lock the owner out', () => {
    it('locks only the address that failed; the owner elsewhere signs in after a pause', async () => {
      const { email } = await registerUser(t, mail);
      const attacker = client(t, uniqueIp());
      for (let i = 0; i < 10; i++) {
        const res = await attacker.post('/api/loginuser', {
          email,
          password: 'wrong-pass',
          main_id: MAIN,
        });
        expect(res.status).toBe(401);
      }
      const locked = await attacker.post('/api/loginuser', {
        email,
        password: PASSWORD,
        main_id: MAIN,
      });
      expect(locked.status).toBe(429);
      slept.length = 0;
      expect((await login(t, email)).status).toBe(200);
      // Ten failures of this email so far: each further try waits (progressive delay).
      expect(slept).toEqual([3000]);
      clock.advance(15 * MINUTE);
    });

    it('keeps codes coming for the owner while one address exhausts its sends', async () => {
      const { email } = await registerUser(t, mail);
      const attackerIp = uniqueIp();
      for (let i = 0; i < 5; i++) {
        expect((await post('resetsend-otp', { email }, attackerIp)).status).toBe(200);
      }
      expect((await post('resetsend-otp', { email }, attackerIp)).status).toBe(429);
      expect((await post('resetsend-otp', { email })).status).toBe(200);
      const verified = await verify(email, mail.lastCode(email));
      expect(verified.body.resetToken).toBeTruthy();
      clock.advance(60 * MINUTE);
    });

    it('keeps the owner’s code usable while another address requests more codes', async () => {
      const { email: victim } = await registerUser(t, mail);
      await post('resetsend-otp', { email: victim });
      const own = mail.lastCode(victim);
      const attackerIp = uniqueIp();
      for (let i = 0; i < 3; i++) {
        expect((await post('resetsend-otp', { email: victim }, attackerIp)).status).toBe(200);
      }
      const latest = mail.lastCode(victim);
      const verified = await verify(victim, own);
      expect(verified.status).toBe(200);
      const { resetToken } = verified.body;
      expect(resetToken).toBeTruthy();
      // Verifying one code retired the others of the email and purpose.
      if (latest !== own) expect((await verify(victim, latest)).status).toBe(400);
      const reset = { email: victim, newPassword: 'victims-new-pass', resetToken };
      expect((await post('reset-password', reset)).status).toBe(200);
      expect((await post('reset-password', reset)).status).toBe(403);
      expect((await login(t, victim, 'victims-new-pass')).status).toBe(200);
      clock.advance(60 * MINUTE);
    });

    it('accepts only the newest 5 live codes of an email and purpose', async () => {
      const email = uniqueEmail();
      const codes: string[] = [];
      for (let i = 0; i < 6; i++) {
        expect((await post('send-otp', { email }, uniqueIp())).status).toBe(200);
        codes.push(mail.lastCode(email));
      }
      const [oldest, ...newer] = codes as [string, ...string[]];
      if (!newer.includes(oldest)) {
        expect(await verify(email, oldest)).toMatchObject({ status: 400, body: { field: 'otp' } });
      }
      expect((await verify(email, newer[0]!)).status).toBe(200);
    });
  });

  describe('8. per-user writes', () => {
    it('keeps only the newest 10 device tokens of a user', async () => {
      const { userId, accessToken } = await registerUser(t, mail);
      const c = client(t);
      for (let i = 1; i <= 12; i++) {
        const res = await c.post(
          '/api/firebase/register-token',
          { user_id: userId, deviceToken: `fcm-${String(i).padStart(2, '0')}` },
          accessToken,
        );
        expect(res.status).toBe(200);
      }
      const rows = await t.database.db
        .select()
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, userId));
      expect(rows.map((r) => r.token).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => `fcm-${String(i + 3).padStart(2, '0')}`),
      );
    });
  });

  describe('9. sessions', () => {
    it('a session ends 90 days after sign-in however often it is refreshed', async () => {
      let { refreshToken } = await registerUser(t, mail);
      for (let day = 29; day <= 87; day += 29) {
        clock.advance(29 * DAY);
        const res = await client(t).post<TokenPair>('/api/auth/refresh', { refreshToken });
        expect(res.status).toBe(200);
        refreshToken = res.body.refreshToken;
      }
      clock.advance(3 * DAY + 1000);
      const res = await client(t).post('/api/auth/refresh', { refreshToken });
      expect(res).toMatchObject({ status: 401 });
    });

    it('echoes a short plain request id and replaces any other', async () => {
      const ask = (id: string) =>
        t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
      expect((await ask('req-42.abc:1_x')).headers['x-request-id']).toBe('req-42.abc:1_x');
      for (const bad of ['a'.repeat(65), 'two words', 'x\u00e9', '<script>']) {
        const echoed = (await ask(bad)).headers['x-request-id'];
        expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      }
    });
  });
});

describe('4. signup, reset and Google sign-in are rate-limited per address', () => {
  it('refuses the next Google sign-in from an address past its hourly limit', async () => {
    const t = await startTestApp(testDatabaseTargets()[0]!, {
      config: { ACCOUNT_WRITE_LIMIT_PER_IP: 2 },
    });
    try {
      const c = client(t, uniqueIp());
      const signIn = async () => {
        const email = uniqueEmail();
        const issued = await c.post<{ credential: string }>('/api/auth/google-local/token', {
          email,
          name: 'Asha',
        });
        return c.post('/api/registeruser/api/google-signup', {
          token: issued.body.credential,
          main_id: MAIN,
        });
      };
      expect((await signIn()).status).toBe(200);
      expect((await signIn()).status).toBe(200);
      const third = await signIn();
      expect(third.status).toBe(429);
      expect(third.body.msg).toMatch(/^Too many account requests\./);
      expect((await client(t, uniqueIp()).get('/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

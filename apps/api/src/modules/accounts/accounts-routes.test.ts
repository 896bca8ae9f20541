import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, SignupResponse, TokenPair, VerifyOtpResponse } from '@shop/contracts';
import { otpCodes, refreshTokens, users } from '@shop/db';
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

const MINUTE = 60_000;

describe.each(testDatabaseTargets())('accounts API on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { clock, email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (email: string, ip?: string, path = 'send-otp') =>
    client(t, ip).post(`/api/registeruser/api/${path}`, { email, main_id: MAIN });
  /** The proofs verify-otp answered, by email: the helpers below send them back as the web app does. */
  const proofs = new Map<string, { signupToken?: string; resetToken?: string }>();
  const verifyOtp = async (email: string, otp: string, ip?: string) => {
    const res = await client(t, ip).post<VerifyOtpResponse>('/api/registeruser/api/verify-otp', {
      email,
      otp,
      main_id: MAIN,
    });
    if (res.status === 200) proofs.set(email, res.body);
    return res;
  };
  const signup = (email: string, password = PASSWORD) =>
    client(t).post<SignupResponse>('/api/registeruser/api/signup', {
      email,
      mobile: '9820012345',
      full_name: 'Asha Kulkarni',
      password,
      main_id: MAIN,
      signupToken: proofs.get(email)?.signupToken,
    });
  const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

  describe('registration with an emailed code', () => {
    it('sends a readable code with the shop name, verifies it and creates a signed-in account', async () => {
      const email = uniqueEmail();
      const sent = await send(email);
      expect(sent).toMatchObject({
        status: 200,
        body: { success: true, message: 'OTP sent successfully!' },
      });
      const message = mail.sent.at(-1)!;
      expect(message.to).toBe(email);
      expect(message.subject).toContain('Urban Roll');
      const otp = mail.lastCode(email);
      expect(message.text).toContain(`is ${otp}.`);

      const verified = await verifyOtp(email, otp);
      expect(verified).toMatchObject({
        status: 200,
        body: { success: true, message: 'OTP verified successfully!' },
      });

      const res = await signup(email);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Registration successful!');
      expect(res.body.newUser).toMatchObject({
        email,
        full_name: 'Asha Kulkarni',
        mobile: '9820012345',
      });
      expect(res.body.newUser.user_id).toBe(res.body.newUser.id);
      expect(res.body.accessToken).toMatch(/^ey/);
      expect(res.body.refreshToken.length).toBeGreaterThan(30);

      const me = await client(t).get(
        `/api/registeruser/single/${res.body.newUser.user_id}`,
        res.body.accessToken,
      );
      expect(me).toMatchObject({ status: 200, body: { mobile: '9820012345', status: 200 } });
    });

    it('keeps only a keyed hash of the code and an argon2id hash of the password', async () => {
      const { email } = await registerUser(t, mail);
      const otp = mail.lastCode(email);
      const codes = await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
      expect(codes).toHaveLength(1);
      expect(codes[0]!.codeHash).not.toContain(otp);
      expect(codes[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('refuses signup for an email whose code was never verified', async () => {
      const email = uniqueEmail();
      await send(email);
      const res = await signup(email);
      expect(res).toMatchObject({
        status: 403,
        body: { msg: 'Please verify your email with the OTP first.' },
      });
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('refuses signup more than 10 minutes after the code was verified', async () => {
      const email = uniqueEmail();
      await send(email);
      await verifyOtp(email, mail.lastCode(email));
      clock.advance(10 * MINUTE + 1000);
      expect((await signup(email)).status).toBe(403);
    });

    it('accepts signup just inside the 10 minutes', async () => {
      const email = uniqueEmail();
      await send(email);
      await verifyOtp(email, mail.lastCode(email));
      clock.advance(9 * MINUTE);
      expect((await signup(email)).status).toBe(200);
    });

    it('uses a code once: it cannot be verified again nor create a second account', async () => {
      const { email } = await registerUser(t, mail);
      const otp = mail.lastCode(email);
      expect(await verifyOtp(email, otp)).toMatchObject({ status: 400, body: { field: 'otp' } });
      expect((await signup(email, 'another-password')).status).toBe(403);
    });

    it('expires a code after 10 minutes', async () => {
      const email = uniqueEmail();
      await send(email);
      clock.advance(10 * MINUTE);
      const res = await verifyOtp(email, mail.lastCode(email));
      expect(res).toMatchObject({
        status: 400,
        body: { msg: 'This OTP has expired. Please request a new one.' },
      });
    });

    it('counts wrong tries and refuses the sixth, even when it is right', async () => {
      const email = uniqueEmail();
      await send(email);
      const otp = mail.lastCode(email);
      for (let i = 1; i <= 4; i++) {
        const res = await verifyOtp(email, wrongCode(otp));
        expect(res.status).toBe(400);
        expect(res.body.msg).toBe(`Invalid OTP. ${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left.`);
      }
      expect((await verifyOtp(email, wrongCode(otp))).status).toBe(429);
      const sixth = await verifyOtp(email, otp);
      expect(sixth).toMatchObject({
        status: 429,
        body: { msg: 'Too many wrong tries. Please request a new OTP.' },
      });
      expect((await signup(email)).status).toBe(403);
    });

    it('an older code still works until one is verified; then the others are dead', async () => {
      // Issue 10: a send no longer retires the email's other codes (no lockout by re-sending).
      const email = uniqueEmail();
      const codes: string[] = [];
      for (let i = 0; i < 3; i++) {
        await send(email);
        codes.push(mail.lastCode(email));
      }
      const [first, second, third] = codes as [string, string, string];
      expect((await verifyOtp(email, second)).status).toBe(200);
      for (const other of [first, third]) {
        if (other === second) continue;
        expect(await verifyOtp(email, other)).toMatchObject({
          status: 400,
          body: { msg: 'No active OTP for this email. Please request a new one.' },
        });
      }
      expect((await signup(email)).status).toBe(200);
    });

    it('rate-limits sends per email from one address (5 an hour) with a clear 429', async () => {
      // Issue 10: per email AND address, so an attacker cannot use up the owner's codes.
      const email = uniqueEmail();
      const ip = uniqueIp();
      for (let i = 0; i < 5; i++) expect((await send(email, ip)).status).toBe(200);
      const res = await send(email, ip);
      expect(res.status).toBe(429);
      expect(res.body.msg).toMatch(
        /^Too many codes requested\. Please try again in \d+ minutes?\.$/,
      );
      clock.advance(60 * MINUTE);
      expect((await send(email, ip)).status).toBe(200);
    });

    it('rate-limits sends per IP address across emails', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 30; i++) expect((await send(uniqueEmail(), ip)).status).toBe(200);
      expect((await send(uniqueEmail(), ip)).status).toBe(429);
      expect((await send(uniqueEmail())).status).toBe(200);
      clock.advance(60 * MINUTE);
    });

    it('rate-limits code tries per IP address across emails', async () => {
      const ip = uniqueIp();
      for (let i = 0; i < 50; i++) await verifyOtp(uniqueEmail(), '123456', ip);
      const res = await verifyOtp(uniqueEmail(), '123456', ip);
      expect(res).toMatchObject({ status: 429 });
      expect(res.body.msg).toMatch(/^Too many OTP tries\./);
      clock.advance(10 * MINUTE);
    });

    it('answers a registered email like any other, and tells its owner by email instead', async () => {
      const { email } = await registerUser(t, mail);
      const before = mail.sent.length;
      const res = await send(email);
      expect(res).toMatchObject({
        status: 200,
        body: { success: true, message: 'OTP sent successfully!' },
      });
      const message = mail.sent.at(-1)!;
      expect(mail.sent.length).toBe(before + 1);
      expect(message.subject).toBe('You already have a Urban Roll account');
      expect(message.text).not.toMatch(/\b\d{6}\b/);
    });

    it('answers a wrong code for a registered email exactly as for a new one', async () => {
      const { email } = await registerUser(t, mail);
      const fresh = uniqueEmail();
      expect((await send(email)).status).toBe(200);
      expect((await send(fresh)).status).toBe(200);
      const registered = await verifyOtp(email, '000000');
      const unknown = await verifyOtp(fresh, '000000');
      expect(registered).toMatchObject({
        status: 400,
        body: { msg: 'Invalid OTP. 4 tries left.' },
      });
      expect(unknown).toMatchObject({ status: registered.status, body: registered.body });
    });

    it('answers 503 and keeps no usable code when the email cannot be sent', async () => {
      const email = uniqueEmail();
      mail.fail(true);
      try {
        const res = await send(email);
        expect(res).toMatchObject({ status: 503, body: { isError: true } });
      } finally {
        mail.fail(false);
      }
      expect((await verifyOtp(email, '123456')).body.msg).toBe(
        'No active OTP for this email. Please request a new one.',
      );
    });

    it.each([
      [{ email: 'not-an-email', main_id: MAIN }, 'email'],
      [{ email: 'a@b.co' }, 'main_id'],
    ])('rejects a bad send body %j with a 400 naming the field', async (body, field) => {
      const res = await client(t).post('/api/registeruser/api/send-otp', body);
      expect(res).toMatchObject({ status: 400, body: { isError: true, field } });
    });

    it.each([
      [{ otp: '12345' }, 'otp', 'Please enter all 6 digits of OTP'],
      [{ otp: '12a456' }, 'otp', 'Please enter all 6 digits of OTP'],
    ])('rejects an incomplete code %j', async (patch, field, msg) => {
      const res = await client(t).post('/api/registeruser/api/verify-otp', {
        email: uniqueEmail(),
        main_id: MAIN,
        ...patch,
      });
      expect(res).toMatchObject({ status: 400, body: { field, msg } });
    });

    it('rejects a short password and a missing name without creating anything', async () => {
      const email = uniqueEmail();
      await send(email);
      await verifyOtp(email, mail.lastCode(email));
      const short = await signup(email, '12345');
      expect(short).toMatchObject({ status: 400, body: { field: 'password' } });
      expect(short.body.msg).toContain('Password must be at least 6 characters.');
      const noName = await client(t).post('/api/registeruser/api/signup', {
        email,
        mobile: '',
        full_name: ' ',
        password: PASSWORD,
        main_id: MAIN,
      });
      expect(noName).toMatchObject({ status: 400, body: { field: 'full_name' } });
      // The proof was not spent by the rejected calls.
      expect((await signup(email)).status).toBe(200);
    });

    it('answers 404 for an unknown store', async () => {
      const res = await client(t).post('/api/registeruser/api/send-otp', {
        email: uniqueEmail(),
        main_id: 'no-such-store',
      });
      expect(res.status).toBe(404);
    });
  });

  describe('login', () => {
    it('signs in with the right password', async () => {
      const { email, userId } = await registerUser(t, mail);
      const res = await login(t, ` ${email.toUpperCase()} `);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        message: 'Login successful!',
        user: { user_id: userId, email },
      });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('says the same for a wrong password and an unknown email', async () => {
      const { email } = await registerUser(t, mail);
      const wrong = await login(t, email, 'not-the-password');
      const unknown = await login(t, uniqueEmail('nobody'));
      expect(wrong).toMatchObject({ status: 401, body: { msg: 'Invalid email or password.' } });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
    });

    it('rejects a password under 6 characters with the spec message', async () => {
      const res = await login(t, uniqueEmail(), '12345');
      expect(res).toMatchObject({ status: 400, body: { field: 'password' } });
      expect(res.body.msg).toContain('Password must be at least 6 characters long.');
    });

    it('locks an email after 10 failed logins in 15 minutes from one address, even for the right password', async () => {
      // Issue 10: the lock holds per email AND address; the owner elsewhere is only slowed
      // (accounts-hardening.test.ts).
      const { email } = await registerUser(t, mail);
      const from = client(t);
      const attempt = (password: string) =>
        from.post('/api/loginuser', { email, password, main_id: MAIN });
      for (let i = 0; i < 10; i++) {
        const res = await attempt('wrong-pass');
        expect(res.status).toBe(401);
      }
      const locked = await attempt(PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body.msg).toMatch(/^Too many failed logins\./);
      clock.advance(15 * MINUTE);
      expect((await attempt(PASSWORD)).status).toBe(200);
    });

    it('keeps stores apart: an account of one store cannot sign in to another', async () => {
      const { email } = await registerUser(t, mail);
      const res = await client(t).post('/api/loginuser', {
        email,
        password: PASSWORD,
        main_id: 'threadline',
      });
      expect(res.status).toBe(401);
    });
  });

  describe('password reset', () => {
    const resetSend = (email: string) => send(email, undefined, 'resetsend-otp');
    const reset = (email: string, newPassword: string) =>
      client(t).post('/api/registeruser/api/reset-password', {
        email,
        newPassword,
        main_id: MAIN,
        resetToken: proofs.get(email)?.resetToken,
      });

    it('resets after a verified reset code, signs out old sessions, and the new password works', async () => {
      const { email, refreshToken } = await registerUser(t, mail);
      expect(await resetSend(email)).toMatchObject({
        status: 200,
        body: { message: 'OTP sent to your email.' },
      });
      expect(mail.sent.at(-1)!.text).toContain('reset your Urban Roll password');
      await verifyOtp(email, mail.lastCode(email));
      expect(await reset(email, 'brand-new-pass')).toMatchObject({
        status: 200,
        body: { success: true, message: 'Password reset successfully!' },
      });
      expect((await login(t, email)).status).toBe(401);
      expect((await login(t, email, 'brand-new-pass')).status).toBe(200);
      expect((await client(t).post('/api/auth/refresh', { refreshToken })).status).toBe(401);
    });

    it('refuses a reset without a verified reset code (the spec call carries no proof)', async () => {
      const { email } = await registerUser(t, mail);
      expect((await reset(email, 'hijacked-pass')).status).toBe(403);
      await resetSend(email);
      expect((await reset(email, 'hijacked-pass')).status).toBe(403);
      expect((await login(t, email)).status).toBe(200);
    });

    it('a verified signup code is no proof for a reset', async () => {
      const email = uniqueEmail();
      await send(email);
      await verifyOtp(email, mail.lastCode(email));
      expect((await reset(email, 'some-password')).status).toBe(403);
    });

    it('answers an unknown email like a known one and sends nothing', async () => {
      const before = mail.sent.length;
      const res = await resetSend(uniqueEmail('ghost'));
      expect(res).toMatchObject({
        status: 200,
        body: { success: true, message: 'OTP sent to your email.' },
      });
      expect(mail.sent.length).toBe(before);
    });

    it('the reset code is used once', async () => {
      const { email } = await registerUser(t, mail);
      await resetSend(email);
      await verifyOtp(email, mail.lastCode(email));
      expect((await reset(email, 'first-new-pass')).status).toBe(200);
      expect((await reset(email, 'second-new-pass')).status).toBe(403);
    });
  });

  describe('sessions', () => {
    const refresh = (refreshToken: string) =>
      client(t).post<TokenPair>('/api/auth/refresh', { refreshToken });

    it('rotates the refresh token and issues a working access token', async () => {
      const { refreshToken, userId } = await registerUser(t, mail);
      const res = await refresh(refreshToken);
      expect(res.status).toBe(200);
      expect(res.body.refreshToken).not.toBe(refreshToken);
      const me = await client(t).get(`/api/registeruser/single/${userId}`, res.body.accessToken);
      expect(me.status).toBe(200);
      const rows = await t.database.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, userId));
      expect(
        rows.every((r) => r.tokenHash !== refreshToken && r.tokenHash !== res.body.refreshToken),
      ).toBe(true);
    });

    it('a reused refresh token revokes its whole family', async () => {
      const { refreshToken } = await registerUser(t, mail);
      const next = await refresh(refreshToken);
      expect((await refresh(refreshToken)).status).toBe(401);
      expect((await refresh(next.body.refreshToken)).status).toBe(401);
    });

    it('logout revokes the session; other sessions live on', async () => {
      const { email, refreshToken } = await registerUser(t, mail);
      const other = await login(t, email);
      const out = await client(t).post('/api/auth/logout', { refreshToken });
      expect(out).toMatchObject({ status: 200, body: { success: true } });
      expect((await refresh(refreshToken)).status).toBe(401);
      expect((await refresh(other.body.refreshToken)).status).toBe(200);
    });

    it('refresh tokens expire after 30 days and access tokens after 15 minutes', async () => {
      const { refreshToken, accessToken, userId } = await registerUser(t, mail);
      clock.advance(15 * MINUTE + 1000);
      const me = await client(t).get(`/api/registeruser/single/${userId}`, accessToken);
      expect(me).toMatchObject({ status: 401, body: { msg: 'Please log in to continue.' } });
      const fresh = await refresh(refreshToken);
      expect(fresh.status).toBe(200);
      clock.advance(30 * 24 * 60 * MINUTE);
      expect((await refresh(fresh.body.refreshToken)).status).toBe(401);
    });

    it('rejects a forged access token and a malformed header', async () => {
      const { userId } = await registerUser(t, mail);
      const forged = await new SignJWT({ store: MAIN, role: 'customer' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('storefront')
        .setAudience('storefront-api')
        .setSubject(userId)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('a-secret-the-attacker-guessed-wrong-00000'));
      expect((await client(t).get(`/api/registeruser/single/${userId}`, forged)).status).toBe(401);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/registeruser/single/${userId}`,
        headers: { authorization: 'Basic abc' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('my account (owner only)', () => {
    it('reads and changes the mobile and GST number', async () => {
      const { userId, accessToken } = await registerUser(t, mail);
      const c = client(t);
      const put = await c.call(
        'PUT',
        `/api/registeruser/api/user/${userId}`,
        { mobile: '9876543210', user_gstNo: '27aapfu0939f1zv' },
        accessToken,
      );
      expect(put).toMatchObject({
        status: 200,
        body: { success: true, data: { mobile: '9876543210', user_gstNo: '27AAPFU0939F1ZV' } },
      });
      const me = await c.get(`/api/registeruser/single/${userId}`, accessToken);
      expect(me.body).toMatchObject({
        mobile: '9876543210',
        user_gstNo: '27AAPFU0939F1ZV',
        message: 'User found',
      });
    });

    it('rejects a bad mobile with a 400 naming it', async () => {
      const { userId, accessToken } = await registerUser(t, mail);
      const res = await client(t).call(
        'PUT',
        `/api/registeruser/api/user/${userId}`,
        { mobile: '12345' },
        accessToken,
      );
      expect(res).toMatchObject({ status: 400, body: { field: 'mobile' } });
    });

    it("refuses another user's token on every route that names a user", async () => {
      const first = await registerUser(t, mail);
      const second = await registerUser(t, mail);
      const c = client(t);
      const asSecond = second.accessToken;
      expect((await c.get(`/api/registeruser/single/${first.userId}`, asSecond)).status).toBe(403);
      expect(
        (
          await c.call(
            'PUT',
            `/api/registeruser/api/user/${first.userId}`,
            { mobile: '9000000000' },
            asSecond,
          )
        ).status,
      ).toBe(403);
      expect(
        (
          await c.post(
            '/api/firebase/register-token',
            { user_id: first.userId, deviceToken: 'x' },
            asSecond,
          )
        ).status,
      ).toBe(403);
      // And without a token at all.
      expect((await c.get(`/api/registeruser/single/${first.userId}`)).status).toBe(401);
      const me = await c.get(`/api/registeruser/single/${first.userId}`, first.accessToken);
      expect(me.body).toMatchObject({ mobile: '9820012345' });
    });

    it('answers "User not found" once the account is gone', async () => {
      const { userId, accessToken } = await registerUser(t, mail);
      await t.database.db.delete(users).where(eq(users.id, userId));
      const res = await client(t).get(`/api/registeruser/single/${userId}`, accessToken);
      expect(res).toMatchObject({ status: 404, body: { msg: 'User not found' } });
    });

    it('registers a push device token, and accepts null without permission', async () => {
      const { userId, accessToken } = await registerUser(t, mail);
      const c = client(t);
      expect(
        (
          await c.post(
            '/api/firebase/register-token',
            { user_id: userId, deviceToken: 'fcm-token-1' },
            accessToken,
          )
        ).body,
      ).toMatchObject({ success: true, message: 'Device registered.' });
      expect(
        (
          await c.post(
            '/api/firebase/register-token',
            { user_id: userId, deviceToken: null },
            accessToken,
          )
        ).body,
      ).toMatchObject({ success: true });
    });
  });

  describe('help and options', () => {
    it('gives the store help contacts', async () => {
      const res = await client(t).get(`/api/help/single/${MAIN}`);
      expect(res).toMatchObject({
        status: 200,
        body: {
          isError: false,
          help: {
            whatsapp_number: '919820012345',
            mobile: '9820012345',
            email: 'hello@urbanroll.example',
          },
        },
      });
      expect((await client(t).get('/api/help/single/no-such-store')).status).toBe(404);
    });

    it('tells the storefront how Google sign-in works here', async () => {
      const res = await client(t).get('/api/auth/options');
      expect(res.body).toEqual({
        google: { mode: 'local', clientId: 'local-google-sign-in' },
        appShellMarker: 'UrbanRollApp',
      });
    });
  });

  describe('Google sign-in, local mode', () => {
    it('issues test tokens only for reserved addresses, and they sign in', async () => {
      const c = client(t);
      const refused = await c.post('/api/auth/google-local/token', {
        email: 'someone@gmail.com',
        name: 'X',
      });
      expect(refused).toMatchObject({ status: 400, body: { field: 'email' } });
      const email = uniqueEmail('gopal');
      const minted = await c.post<{ credential: string }>('/api/auth/google-local/token', {
        email,
        name: 'Gopal Rao',
      });
      expect(minted.status).toBe(200);
      const res = await c.post<{ data: LoginResponse }>('/api/registeruser/api/google-signup', {
        token: minted.body.credential,
        main_id: MAIN,
      });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ email, full_name: 'Gopal Rao' });
    });
  });
});

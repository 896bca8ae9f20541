import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresTestTarget } from '@shop/db/testing';
import {
  MAIN,
  capturingEmail,
  client,
  registerUser,
  uniqueEmail,
  uniqueIp,
} from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** Counts password checks: a limit that holds lets no more through than it allows. */
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      checks.count++;
      return argon2.verify(...args);
    },
  };
});

/**
 * Limits under bursts: 30 requests at once. Only on PostgreSQL (TEST_DATABASE_URL): PGlite has
 * one connection, which serialises every statement and would hide the races.
 */
const postgres = [postgresTestTarget()];
const BURST = 30;

const statuses = (results: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

describe.each(postgres)('limits under a burst on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('login: 30 parallel wrong passwords from one address get 10 answers, then 429', async () => {
    const { email } = await registerUser(t, mail);
    const c = client(t, uniqueIp());
    const before = checks.count;
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        c.post('/api/loginuser', { email, password: 'wrong-pass', main_id: MAIN }),
      ),
    );
    expect(statuses(results)).toEqual({ 401: 10, 429: 20 });
    // Only the ten counted tries had their password checked (check-then-count checked 30).
    expect(checks.count - before).toBe(10);
  });

  it('code sends: 30 parallel sends for one email from one address send 5', async () => {
    const email = uniqueEmail();
    const c = client(t, uniqueIp());
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        c.post('/api/registeruser/api/send-otp', { email, main_id: MAIN }),
      ),
    );
    expect(statuses(results)).toEqual({ 200: 5, 429: 25 });
  });

  it('code sends: 30 parallel sends from one address across emails stop at its limit', async () => {
    const t2 = await startTestApp(target, {
      adapters: { email: mail.sender },
      config: { OTP_SEND_LIMIT_PER_IP: 7 },
    });
    try {
      const c = client(t2, uniqueIp());
      const results = await Promise.all(
        Array.from({ length: BURST }, () =>
          c.post('/api/registeruser/api/send-otp', { email: uniqueEmail(), main_id: MAIN }),
        ),
      );
      expect(statuses(results)).toEqual({ 200: 7, 429: 23 });
    } finally {
      await t2.close();
    }
  });

  it('code tries: 30 parallel wrong guesses count 5 tries, and the right code is then refused', async () => {
    const email = uniqueEmail();
    await client(t).post('/api/registeruser/api/send-otp', { email, main_id: MAIN });
    const otp = mail.lastCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        client(t).post('/api/registeruser/api/verify-otp', { email, otp: wrong, main_id: MAIN }),
      ),
    );
    // Four "Invalid OTP" answers; the fifth try and every later one is a 429.
    expect(statuses(results)).toEqual({ 400: 4, 429: 26 });
    const right = await client(t).post('/api/registeruser/api/verify-otp', {
      email,
      otp,
      main_id: MAIN,
    });
    expect(right.status).toBe(429);
  });

  it('code tries: 30 parallel guesses from one address across emails stop at its limit', async () => {
    const ip = uniqueIp();
    const results = await Promise.all(
      Array.from({ length: BURST + 30 }, () =>
        client(t, ip).post('/api/registeruser/api/verify-otp', {
          email: uniqueEmail(),
          otp: '123456',
          main_id: MAIN,
        }),
      ),
    );
    expect(statuses(results)).toEqual({ 400: 50, 429: 10 });
  });
});

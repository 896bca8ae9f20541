import type * as Argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { LOGIN_MAX_DELAY_MS } from './accounts-service.ts';

/** Counts password checks: a pause that holds lets no more through than it allows. */
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

const WINDOW = 15 * 60_000;
const WRONG = 'wrong-pass-123';

const statuses = (results: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of results) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
};

/**
 * Issue 58 item 7: the per-email sign-in pause holds however the guesses come. Before, each try
 * of a much-failed email slept its pause and then had its password checked, so guesses sent at
 * once all slept together and were all checked. The pauses of one email now queue in the shared
 * rate-limit store: its password is checked at most once a pause, and a try that would wait
 * more than LOGIN_MAX_DELAY_MS is refused (429 naming the email) without a check.
 */
describe.each(testDatabaseTargets())('the per-email sign-in pause on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock();
  /** The pauses the server waited (the clock stands still meanwhile; tests move it). */
  const slept: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: {
        email: mail.sender,
        clock,
        sleep: (ms) => {
          slept.push(ms);
          return Promise.resolve();
        },
      },
      config: { ACCOUNT_WRITE_LIMIT_PER_IP: 1000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    // Each test in a fresh 15-minute window of the login counters.
    clock.advance(WINDOW - (clock().getTime() % WINDOW));
    slept.length = 0;
  });

  const ways = {
    storefront: { url: '/api/loginuser', role: 'customer' },
    admin: { url: '/api/admin/login', role: 'owner' },
  } as const;
  type Way = keyof typeof ways;

  const account = async (way: Way) => {
    const u = await registerUser(t, mail);
    await t.database.db.update(users).set({ role: ways[way].role }).where(eq(users.id, u.userId));
    return u.email;
  };
  /** One try, from its own address unless told. */
  const signIn = (way: Way, email: string, password: string, ip = uniqueIp()) =>
    client(t, ip).post<{ accessToken?: string }>(ways[way].url, {
      main_id: MAIN,
      email,
      password,
    });
  /**
   * Wrong passwords one after another, each from its own address, the clock moved by each
   * pause the server waited (as a real client's next try comes after the answer).
   */
  const failInTurn = async (way: Way, email: string, times: number) => {
    for (let i = 0; i < times; i++) {
      slept.length = 0;
      expect((await signIn(way, email, WRONG)).status).toBe(401);
      clock.advance(slept.reduce((a, b) => a + b, 0));
    }
  };

  it.each(['storefront', 'admin'] as const)(
    '%s: tries one after another are each checked after their pause, and never refused by it',
    async (way) => {
      const email = await account(way);
      await failInTurn(way, email, 12);
      // Five free failures, then 200, 400, 800, 1600 ms, then the longest pause each time.
      slept.length = 0;
      const before = checks.count;
      const res = await signIn(way, email, PASSWORD);
      expect(res.status).toBe(200);
      expect(checks.count - before).toBe(1);
      expect(slept).toEqual([LOGIN_MAX_DELAY_MS]);
    },
  );

  it.each(['storefront', 'admin'] as const)(
    '%s: a try during another’s pause is refused with 429 naming the email, the right password too; after it, the right one works',
    async (way) => {
      const email = await account(way);
      await failInTurn(way, email, 10);
      // A wrong guess takes the email's turn: the next 3 seconds are its pause.
      expect((await signIn(way, email, WRONG)).status).toBe(401);
      const before = checks.count;
      const refused = await signIn(way, email, PASSWORD);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        isError: true,
        msg: 'Too many sign-in attempts for this email. Please try again in 3 seconds.',
        message: 'Too many sign-in attempts for this email. Please try again in 3 seconds.',
        field: 'email',
      });
      expect(checks.count).toBe(before);
      clock.advance(2000);
      expect((await signIn(way, email, PASSWORD)).body).toMatchObject({
        msg: 'Too many sign-in attempts for this email. Please try again in 1 second.',
      });
      clock.advance(1000);
      expect((await signIn(way, email, PASSWORD)).status).toBe(200);
      expect(checks.count - before).toBe(1);
    },
  );

  it('a refused try counts as no failure: the address that sent it is not locked out for the email', async () => {
    // LOGIN_LIMIT_PER_EMAIL is 10 failures of an email from one address.
    const email = await account('storefront');
    await failInTurn('storefront', email, 10);
    expect((await signIn('storefront', email, WRONG)).status).toBe(401);
    const owner = uniqueIp();
    for (let i = 0; i < 12; i++) {
      expect((await signIn('storefront', email, PASSWORD, owner)).status).toBe(429);
    }
    clock.advance(LOGIN_MAX_DELAY_MS);
    expect((await signIn('storefront', email, PASSWORD, owner)).status).toBe(200);
  });

  for (const way of ['storefront', 'admin'] as const) {
    postgresOnly(target).it(
      `${way}: 10 wrong passwords at once from 10 addresses: one is checked, 9 are refused; the right one is refused until the pause ends`,
      async () => {
        const email = await account(way);
        await failInTurn(way, email, 10);
        const before = checks.count;
        const results = await Promise.all(
          Array.from({ length: 10 }, () => signIn(way, email, WRONG)),
        );
        expect(statuses(results)).toEqual({ 401: 1, 429: 9 });
        expect(checks.count - before).toBe(1);
        for (const r of results.filter((x) => x.status === 429)) {
          expect(r.body).toMatchObject({ isError: true, field: 'email' });
        }
        expect((await signIn(way, email, PASSWORD)).status).toBe(429);
        clock.advance(LOGIN_MAX_DELAY_MS);
        expect((await signIn(way, email, PASSWORD)).status).toBe(200);
        expect(checks.count - before).toBe(2);
      },
    );
  }

  postgresOnly(target).it(
    'a fresh email at once: its free tries, then as many paused ones as fit in the longest wait',
    async () => {
      const email = await account('storefront');
      const before = checks.count;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => signIn('storefront', email, WRONG)),
      );
      // Six tries without a pause (five free failures), then pauses of 200, 400, 800 and
      // 1600 ms queue up to 3 s at most: between one and four of them, whatever the order.
      const checked = checks.count - before;
      expect(checked).toBeGreaterThanOrEqual(7);
      expect(checked).toBeLessThanOrEqual(10);
      expect(statuses(results)).toEqual({ 401: checked, 429: 20 - checked });
      expect(Math.max(...slept)).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MS);
    },
  );
});

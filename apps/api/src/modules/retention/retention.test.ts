import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes, refreshTokens, staffInvites } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { manualClock } from '../../lib/clock.ts';
import { capturingEmail, MAIN, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const DAY = 86_400_000;

/**
 * The daily retention job (issue 61 item 5): what has passed its period (RETENTION_RULES) is
 * erased, what has not stays, and a second sweep finds nothing more.
 */
describe.each(testDatabaseTargets())('the retention sweep on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const clock = manualClock(new Date('2026-01-01T10:00:00.000Z'));
  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, clock, sleep: () => Promise.resolve() },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const codesOf = (email: string) =>
    t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
  const sessionsOf = (userId: string) =>
    t.database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, userId));

  it('erases codes a day past their expiry and sessions a month past theirs, and nothing newer', async () => {
    const old = await registerUser(t, mail);
    expect(await codesOf(old.email)).toHaveLength(1);
    expect(await sessionsOf(old.userId)).toHaveLength(1);
    const sessionEnds = (await sessionsOf(old.userId))[0]!.expiresAt;

    // Two days on: the old code is past its day, the old session still within its period.
    clock.advance(2 * DAY);
    const recent = await registerUser(t, mail);
    const first = await t.services.retention.sweep();
    expect(first.codes).toBeGreaterThanOrEqual(1);
    expect(await codesOf(old.email)).toEqual([]);
    expect(await codesOf(recent.email)).toHaveLength(1);
    expect(await sessionsOf(old.userId)).toHaveLength(1);

    // A month past the old session's expiry: it goes; the recent one's is not a month past yet.
    clock.advance(sessionEnds.getTime() + 30 * DAY + 1_000 - clock().getTime());
    const second = await t.services.retention.sweep();
    expect(second.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(old.userId)).toEqual([]);
    expect(await sessionsOf(recent.userId)).toHaveLength(1);

    // Staff invites: gone a month after they expired, or a month after they were closed.
    const invite = (email: string, expiresAt: Date, closedAt: Date | null = null) =>
      t.database.db
        .insert(staffInvites)
        .values({ storeId: MAIN, email, role: 'staff', codeHash: 'x', expiresAt, closedAt });
    const now = clock().getTime();
    await invite('expired@example.com', new Date(now - 31 * DAY));
    await invite('closed@example.com', new Date(now + DAY), new Date(now - 31 * DAY));
    await invite('recent@example.com', new Date(now - 29 * DAY));
    expect((await t.services.retention.sweep()).staffInvites).toBe(2);
    const left = await t.database.db.select({ email: staffInvites.email }).from(staffInvites);
    expect(left.map((r) => r.email)).toContain('recent@example.com');
    expect(left.map((r) => r.email)).not.toContain('expired@example.com');
    expect(left.map((r) => r.email)).not.toContain('closed@example.com');

    // Nothing more to erase at the same moment.
    expect(await t.services.retention.sweep()).toEqual({ codes: 0, sessions: 0, staffInvites: 0 });
  });
});

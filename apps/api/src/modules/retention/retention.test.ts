import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  consents,
  erasureRequests,
  inboxNotes,
  inboxStates,
  inquiries,
  leads,
  otpCodes,
  quoteRequests,
  refreshTokens,
  shopNotices,
  staffInvites,
  storeSettings,
  users,
} from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { manualClock } from '../../lib/clock.ts';
import { capturingEmail, login, MAIN, registerUser } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The daily retention job (issue 61 item 5): what has passed its period (RETENTION_RULES) is
 * erased, what has not stays, and a second sweep finds nothing more: codes, sessions, invites;
 * enquiries after the store's period; inactive customer accounts, warned 48 hours before.
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
    expect(await t.services.retention.sweep()).toMatchObject({
      codes: 0,
      sessions: 0,
      staffInvites: 0,
    });
  });

  /** The store's own period for enquiries (issue 61 item 5): 365 days here. */
  const setPeriods = (enquiryRetentionDays: number, inactiveAccountDays: number) =>
    t.database.db
      .update(storeSettings)
      .set({ enquiryRetentionDays, inactiveAccountDays })
      .where(eq(storeSettings.storeId, MAIN));
  const daysAgo = (days: number) => new Date(clock().getTime() - days * DAY);

  /** A contact message, an enquiry and a quote request sent `days` ago, with inbox traces. */
  async function messagesSent(days: number, tag: string) {
    const createdAt = daysAgo(days);
    const db = t.database.db;
    const sender = { storeId: MAIN, name: tag, email: `${tag}@example.com`, mobile: '9820012345' };
    const [lead] = await db
      .insert(leads)
      .values({ ...sender, createdAt })
      .returning({ id: leads.id });
    const [enquiry] = await db
      .insert(inquiries)
      .values({ ...sender, createdAt })
      .returning({ id: inquiries.id });
    const [quote] = await db
      .insert(quoteRequests)
      .values({
        ...sender,
        cartProducts: [],
        amountBeforeDiscountPaise: 0,
        amountAfterDiscountPaise: 0,
        createdAt,
      })
      .returning({ id: quoteRequests.id });
    await db.insert(shopNotices).values({
      storeId: MAIN,
      form: 'lead',
      itemId: lead!.id,
      subject: `Message from ${tag}`,
      intro: 'A message',
      fields: [['Name', tag]],
      gaveUpAt: createdAt,
    });
    await db.insert(inboxStates).values({ kind: 'lead', itemId: lead!.id, storeId: MAIN });
    await db
      .insert(inboxNotes)
      .values({ storeId: MAIN, kind: 'quote', itemId: quote!.id, text: `Called ${tag}` });
    return { lead: lead!.id, enquiry: enquiry!.id, quote: quote!.id };
  }
  const leadIds = async () =>
    (await t.database.db.select({ id: leads.id }).from(leads)).map((r) => r.id);
  const enquiryIds = async () =>
    (await t.database.db.select({ id: inquiries.id }).from(inquiries)).map((r) => r.id);
  const quoteIds = async () =>
    (await t.database.db.select({ id: quoteRequests.id }).from(quoteRequests)).map((r) => r.id);

  it("erases enquiries, contact messages and quote requests older than the store's period, with their notices and inbox traces, and keeps recent ones", async () => {
    await setPeriods(365, 1095);
    const old = await messagesSent(366, 'old-message');
    const recent = await messagesSent(364, 'recent-message');
    const swept = await t.services.retention.sweep();
    expect(swept).toMatchObject({ leads: 1, enquiries: 1, quotes: 1, shopNotices: 1 });
    expect(await leadIds()).not.toContain(old.lead);
    expect(await enquiryIds()).not.toContain(old.enquiry);
    expect(await quoteIds()).not.toContain(old.quote);
    expect(await leadIds()).toContain(recent.lead);
    expect(await enquiryIds()).toContain(recent.enquiry);
    expect(await quoteIds()).toContain(recent.quote);
    const notices = await t.database.db.select({ itemId: shopNotices.itemId }).from(shopNotices);
    expect(notices.map((n) => n.itemId)).not.toContain(old.lead);
    expect(notices.map((n) => n.itemId)).toContain(recent.lead);
    const states = await t.database.db.select({ itemId: inboxStates.itemId }).from(inboxStates);
    expect(states.map((s) => s.itemId)).not.toContain(old.lead);
    expect(states.map((s) => s.itemId)).toContain(recent.lead);
    const notes = await t.database.db.select({ itemId: inboxNotes.itemId }).from(inboxNotes);
    expect(notes.map((n) => n.itemId)).not.toContain(old.quote);
    expect(notes.map((n) => n.itemId)).toContain(recent.quote);

    // A longer period set by the owner keeps what the shorter one would have erased.
    await setPeriods(730, 1095);
    clock.advance(2 * DAY);
    expect(await t.services.retention.sweep()).toMatchObject({ leads: 0, enquiries: 0, quotes: 0 });
    expect(await leadIds()).toContain(recent.lead);
  });

  it('erases each message once when two sweeps run at once', async () => {
    await setPeriods(365, 1095);
    await t.services.retention.sweep(); // what earlier tests left past the period
    const sent = await Promise.all([1, 2, 3].map((i) => messagesSent(400, `twice-${i}`)));
    const [a, b] = await Promise.all([t.services.retention.sweep(), t.services.retention.sweep()]);
    expect(a.leads + b.leads).toBe(3);
    expect(a.enquiries + b.enquiries).toBe(3);
    expect(a.quotes + b.quotes).toBe(3);
    expect(a.shopNotices + b.shopNotices).toBe(3);
    const left = await leadIds();
    for (const s of sent) expect(left).not.toContain(s.lead);
  });

  it('erases processing logs a year old and consents withdrawn a year ago, and keeps newer ones and standing consents', async () => {
    const db = t.database.db;
    const u = await registerUser(t, mail);
    const entry = (action: string, days: number) =>
      db
        .insert(auditLog)
        .values({ storeId: MAIN, action, entity: 'order', entityId: action, at: daysAgo(days) });
    await entry('retention.old', 366);
    await entry('retention.recent', 300);
    const consent = (
      purpose: 'marketing_email' | 'push' | 'whatsapp_updates',
      withdrawn: number | null,
    ) =>
      db.insert(consents).values({
        storeId: MAIN,
        userId: u.userId,
        purpose,
        noticeVersion: 'v-test',
        source: 'privacy_page',
        givenAt: daysAgo(800),
        withdrawnAt: withdrawn === null ? null : daysAgo(withdrawn),
      });
    await consent('marketing_email', 366);
    await consent('push', 100);
    await consent('whatsapp_updates', null);
    const swept = await t.services.retention.sweep();
    expect(swept.auditEntries).toBeGreaterThanOrEqual(1);
    expect(swept.withdrawnConsents).toBe(1);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map(
      (r) => r.action,
    );
    expect(actions).not.toContain('retention.old');
    expect(actions).toContain('retention.recent');
    const left = await db
      .select({ purpose: consents.purpose })
      .from(consents)
      .where(eq(consents.userId, u.userId));
    expect(left.map((r) => r.purpose).sort()).toEqual(['push', 'whatsapp_updates']);
  });

  describe('inactive accounts', () => {
    const PERIOD = 1095;
    const account = (userId: string) =>
      t.database.db
        .select({
          email: users.email,
          erasedAt: users.erasedAt,
          warnedAt: users.inactivityWarnedAt,
          lastActiveAt: users.lastActiveAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .then((rows) => rows[0]!);
    const lastActive = (
      userId: string,
      days: number,
      role: 'customer' | 'staff' | 'owner' = 'customer',
    ) =>
      t.database.db
        .update(users)
        .set({ lastActiveAt: daysAgo(days), role })
        .where(eq(users.id, userId));
    const warningsTo = (email: string) =>
      mail.sent.filter((m) => m.to === email && /will be erased on/.test(m.subject));

    it('warns an account 48 hours before its period ends and erases it once warned 48 hours ago; one past the period but unwarned is warned first', async () => {
      await setPeriods(365, PERIOD);
      const soon = await registerUser(t, mail);
      const long = await registerUser(t, mail);
      await lastActive(soon.userId, PERIOD - 1); // inside the last 48 hours of its period
      await lastActive(long.userId, PERIOD + 100); // past it, never warned

      const first = await t.services.retention.sweep();
      expect(first.inactiveWarned).toBeGreaterThanOrEqual(2);
      expect(first.inactiveErased).toBe(0);
      for (const u of [soon, long]) {
        const row = await account(u.userId);
        expect(row.erasedAt).toBeNull();
        expect(row.warnedAt).not.toBeNull();
        expect(warningsTo(u.email)).toHaveLength(1);
      }
      expect(warningsTo(soon.email)[0]!.text).toMatch(/unless you sign in/);

      // A day on: warned only 24 hours ago, nothing is erased and nobody is warned twice.
      clock.advance(DAY);
      expect((await t.services.retention.sweep()).inactiveErased).toBe(0);
      expect((await account(long.userId)).erasedAt).toBeNull();
      expect(warningsTo(long.email)).toHaveLength(1);

      // 49 hours after the warning: both are past their period and erased.
      clock.advance(25 * 3_600_000);
      const [a, b] = await Promise.all([
        t.services.retention.sweep(),
        t.services.retention.sweep(),
      ]);
      expect(a.inactiveErased + b.inactiveErased).toBeGreaterThanOrEqual(2);
      for (const u of [soon, long]) {
        const row = await account(u.userId);
        expect(row.erasedAt).not.toBeNull();
        expect(row.email).not.toBe(u.email);
        const requests = await t.database.db
          .select({ reason: erasureRequests.reason, status: erasureRequests.status })
          .from(erasureRequests)
          .where(eq(erasureRequests.userId, u.userId));
        expect(requests).toEqual([{ reason: 'inactive', status: 'done' }]);
      }
    });

    it('a sign-in clears the warning and starts the period again', async () => {
      await setPeriods(365, PERIOD);
      const u = await registerUser(t, mail);
      await lastActive(u.userId, PERIOD - 1);
      await t.services.retention.sweep();
      expect((await account(u.userId)).warnedAt).not.toBeNull();

      clock.advance(HOUR);
      expect((await login(t, u.email)).status).toBe(200);
      const after = await account(u.userId);
      expect(after.warnedAt).toBeNull();
      expect(after.lastActiveAt.getTime()).toBe(clock().getTime());

      clock.advance(3 * DAY);
      await t.services.retention.sweep();
      const later = await account(u.userId);
      expect(later.erasedAt).toBeNull();
      expect(later.warnedAt).toBeNull();
      expect(warningsTo(u.email)).toHaveLength(1);
    });

    it('never warns nor erases staff or an owner', async () => {
      await setPeriods(365, PERIOD);
      const staff = await registerUser(t, mail);
      const owner = await registerUser(t, mail);
      await lastActive(staff.userId, PERIOD * 3, 'staff');
      await lastActive(owner.userId, PERIOD * 3, 'owner');
      await t.services.retention.sweep();
      clock.advance(3 * DAY);
      await t.services.retention.sweep();
      for (const u of [staff, owner]) {
        const row = await account(u.userId);
        expect(row.erasedAt).toBeNull();
        expect(row.warnedAt).toBeNull();
        expect(warningsTo(u.email)).toEqual([]);
      }
    });

    it('sends one warning when two sweeps run at once, and a refused email is owed to the next sweep', async () => {
      await setPeriods(365, PERIOD);
      const u = await registerUser(t, mail);
      const refused = await registerUser(t, mail);
      await lastActive(refused.userId, PERIOD);
      await mail.refusing(() => t.services.retention.sweep());
      expect((await account(refused.userId)).warnedAt).toBeNull();

      await lastActive(u.userId, PERIOD);
      await Promise.all([t.services.retention.sweep(), t.services.retention.sweep()]);
      expect(warningsTo(u.email)).toHaveLength(1);
      expect(warningsTo(refused.email)).toHaveLength(1);
      expect((await account(refused.userId)).warnedAt).not.toBeNull();
    });
  });
});

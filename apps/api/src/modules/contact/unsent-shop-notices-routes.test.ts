import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardResponse, SendAgainShopNoticesResponse } from '@shop/contracts';
import { auditLog, shopNotices } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, MAIN, uniqueEmail } from '../../test-support/accounts.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { memberToken } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())(
  'refused notices of the forms, shown and sent again, on $name',
  (target) => {
    let t: TestApp;
    const mail = capturingEmail();
    const db = () => t.database.db;
    let staff: string;
    let owner: string;
    let elsewhere: string;

    beforeAll(async () => {
      t = await startTestApp(target, { adapters: { email: mail.sender } });
      const members = await Promise.all([
        memberToken(t, 'staff'),
        memberToken(t, 'owner'),
        memberToken(t, 'owner', 'threadline'),
      ]);
      [staff, owner, elsewhere] = [members[0].token, members[1].token, members[2].token];
    });
    afterAll(async () => {
      await t.close();
    });
    beforeEach(async () => {
      mail.sent.length = 0;
      mail.fail(false);
      await db().delete(shopNotices);
    });

    const unsent = async (token: string) => {
      const res = await client(t).get<DashboardResponse>('/api/admin/dashboard', token);
      expect(res.status).toBe(200);
      return res.body.data.unsent_shop_notices;
    };
    const sendAgain = (token?: string) =>
      client(t).call<SendAgainShopNoticesResponse>(
        'POST',
        '/api/admin/shop-notices/send-again',
        undefined,
        token,
      );
    /** A contact message sent while the email server refuses: its notice waits, refused once. */
    const messageWhileRefused = async (name = 'Meera Joshi') => {
      const res = await mail.refusing(() =>
        client(t).post('/api/leads', {
          name,
          email: uniqueEmail('meera'),
          mobile: '+91 98200-54321',
          remark: 'Do you have size 7 skates?',
          property_id: MAIN,
        }),
      );
      expect(res.status).toBe(200);
    };
    const none = { count: 0, given_up: 0, last_error: null };

    it('the dashboard shows the refused notices and their error, to their store only', async () => {
      expect(await unsent(staff)).toEqual(none);
      await messageWhileRefused();
      expect(await unsent(staff)).toEqual({ count: 1, given_up: 0, last_error: 'SMTP down' });
      expect(await unsent(elsewhere)).toEqual(none);
      // Given up after its last attempt: still shown, and counted apart.
      await db().update(shopNotices).set({ attempts: 10, gaveUpAt: new Date() });
      expect(await unsent(owner)).toEqual({ count: 1, given_up: 1, last_error: 'SMTP down' });
      // A notice owed but never refused (about to be sent) is not shown.
      await db().delete(shopNotices);
      await db()
        .insert(shopNotices)
        .values({
          storeId: MAIN,
          form: 'lead',
          itemId: '00000000-0000-4000-8000-000000000001',
          subject: 'New contact message',
          intro: 'A message',
          fields: [],
          dueAt: new Date(Date.now() + 60_000),
        });
      expect(await unsent(owner)).toEqual(none);
    });

    it('send again: only staff of the store; another store’s call touches none of these', async () => {
      await messageWhileRefused();
      expect((await sendAgain()).status).toBe(401);
      const customer = await memberToken(t, 'customer');
      expect((await sendAgain(customer.token)).status).toBe(403);
      const theirs = await sendAgain(elsewhere);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data).toEqual({ sent: 0, sending: 0, unsent: none });
      // Ours untouched: still refused once, still waiting for its backoff.
      const [row] = await db().select().from(shopNotices);
      expect(row).toMatchObject({ attempts: 1, lastError: 'SMTP down' });
      expect(row!.dueAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(mail.sent).toHaveLength(0);
    });

    it('send again while the server still refuses says so; once mended, a given-up notice goes out, once', async () => {
      await messageWhileRefused('Kabir Rao');
      await db()
        .update(shopNotices)
        .set({ attempts: 10, gaveUpAt: new Date(), lastError: 'Invalid login: 535' });

      const again = await mail.refusing(() => sendAgain(staff));
      expect(again.status).toBe(200);
      // Tried at once with a fresh set of attempts: refused again, retried later, not given up.
      expect(again.body.data).toEqual({
        sent: 0,
        sending: 0,
        unsent: { count: 1, given_up: 0, last_error: 'SMTP down' },
      });
      expect(await db().select().from(shopNotices)).toMatchObject([
        { attempts: 1, gaveUpAt: null, lastError: 'SMTP down' },
      ]);
      expect(mail.sent).toHaveLength(0);

      const mended = await sendAgain(owner);
      expect(mended.body.data).toEqual({ sent: 1, sending: 0, unsent: none });
      expect(mail.sent.map((m) => [m.to, m.subject])).toEqual([
        ['orders@urbanroll.example', 'New contact message from Kabir Rao'],
      ]);
      expect(await db().select().from(shopNotices)).toEqual([]);
      // Nothing left: a second press sends nothing and records nothing.
      expect((await sendAgain(owner)).body.data).toEqual({ sent: 0, sending: 0, unsent: none });
      expect(mail.sent).toHaveLength(1);
      // The audit log names who asked, once per press that had something to send.
      const entries = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'shop_notices.send_again'), eq(auditLog.storeId, MAIN)));
      expect(entries.map((e) => e.after)).toEqual([{ notices: 1 }, { notices: 1 }]);
    });

    postgresOnly(target).it(
      'two presses at once send each refused notice once and record one press',
      async () => {
        await messageWhileRefused('Asha Rao');
        await messageWhileRefused('Ravi Rao');
        const presses = await Promise.all([sendAgain(staff), sendAgain(owner)]);
        expect(presses.map((p) => p.status)).toEqual([200, 200]);
        // One press made both due; the other found none refused any more. The first may answer
        // them as still being sent (its send skips rows the other press still holds locked).
        const counted = presses.map((p) => p.body.data.sent + p.body.data.sending);
        expect(counted.sort()).toEqual([0, 2]);
        await t.services.shopNotices.drain();
        expect(mail.sent.map((m) => m.subject).sort()).toEqual([
          'New contact message from Asha Rao',
          'New contact message from Ravi Rao',
        ]);
        expect(await db().select().from(shopNotices)).toEqual([]);
        const entries = await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'shop_notices.send_again'), eq(auditLog.storeId, MAIN)));
        expect(entries.filter((e) => (e.after as { notices: number }).notices === 2)).toHaveLength(
          1,
        );
      },
    );
  },
);

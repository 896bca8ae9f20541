import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inquiries, leads, shopNotices, storeSettings, stores } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';
import { capturingEmail, client, MAIN, uniqueEmail } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { ShopNoticeOutbox } from './shop-notices.ts';

const quiet = { warn: () => undefined, error: () => undefined };

describe.each(testDatabaseTargets())('the shop’s notices of its forms, owed on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    mail.sent.length = 0;
    mail.fail(false);
    await db().delete(shopNotices);
  });

  const lead = () => ({
    name: 'Meera Joshi',
    email: uniqueEmail('meera'),
    mobile: '+91 98200-54321',
    remark: 'Do you have size 7 skates?',
    property_id: MAIN,
  });
  const post = (url: string, body: Record<string, unknown>) => client(t).post(url, body);
  const owed = () => db().select().from(shopNotices);
  /** Another API process's outbox on the same database, sending through `sender`. */
  const otherProcess = (sender = capturingEmail()) => ({
    mail: sender,
    outbox: new ShopNoticeOutbox({
      db: db(),
      email: sender.sender,
      afterAnswer: new AfterAnswerTasks(quiet),
      log: quiet,
    }),
  });
  const dueNow = () => db().update(shopNotices).set({ dueAt: new Date() });

  it('a notice the email server refuses is kept and sent once when it takes mail again', async () => {
    mail.fail(true);
    const body = lead();
    expect((await post('/api/leads', body)).status).toBe(200);
    // The message is stored, and so is the notice it owes, with the refusal.
    const [message] = await db().select().from(leads).where(eq(leads.email, body.email));
    const [row] = await owed();
    expect(row).toMatchObject({
      storeId: MAIN,
      form: 'lead',
      itemId: message!.id,
      subject: 'New contact message from Meera Joshi',
      attempts: 1,
      lastError: 'SMTP down',
      gaveUpAt: null,
    });
    expect(row!.dueAt.getTime()).toBeGreaterThan(Date.now());
    expect(mail.sent).toHaveLength(0);

    mail.fail(false);
    await dueNow();
    await t.services.shopNotices.drain();
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({
      to: 'orders@urbanroll.example',
      subject: 'New contact message from Meera Joshi',
    });
    expect(mail.sent[0]!.text).toContain(body.remark);
    expect(await owed()).toHaveLength(0);
    // Nothing is owed any more: a second pass sends nothing.
    await dueNow();
    await t.services.shopNotices.drain();
    expect(mail.sent).toHaveLength(1);
  });

  it('another process sends what this one left, to the inbox the shop has set by then', async () => {
    mail.fail(true);
    const body = { name: 'Kabir Rao', mobile: '9820012345', email: uniqueEmail('kabir') };
    expect((await post('/api/inquiry', { ...body, main_id: MAIN })).status).toBe(200);
    expect(await owed()).toHaveLength(1);
    // The owner mends the notification address before the retry.
    await db()
      .update(storeSettings)
      .set({ notificationEmail: 'inbox@urbanroll.example' })
      .where(eq(storeSettings.storeId, MAIN));
    try {
      await dueNow();
      const other = otherProcess();
      await other.outbox.drain();
      expect(other.mail.sent.map((m) => [m.to, m.subject])).toEqual([
        ['inbox@urbanroll.example', 'New enquiry from Kabir Rao'],
      ]);
      expect(mail.sent).toHaveLength(0);
      expect(await owed()).toHaveLength(0);
    } finally {
      await db()
        .update(storeSettings)
        .set({ notificationEmail: 'orders@urbanroll.example' })
        .where(eq(storeSettings.storeId, MAIN));
    }
  });

  it('a store with no address for notices is sent none, and owes none after a pass', async () => {
    const [was] = await db()
      .select({ email: stores.email, notice: storeSettings.notificationEmail })
      .from(stores)
      .innerJoin(storeSettings, eq(storeSettings.storeId, stores.id))
      .where(eq(stores.id, MAIN));
    await db().update(stores).set({ email: '' }).where(eq(stores.id, MAIN));
    await db()
      .update(storeSettings)
      .set({ notificationEmail: '' })
      .where(eq(storeSettings.storeId, MAIN));
    try {
      expect((await post('/api/leads', lead())).status).toBe(200);
      expect(mail.sent).toHaveLength(0);
      expect(await owed()).toHaveLength(0);
    } finally {
      await db().update(stores).set({ email: was!.email }).where(eq(stores.id, MAIN));
      await db()
        .update(storeSettings)
        .set({ notificationEmail: was!.notice })
        .where(eq(storeSettings.storeId, MAIN));
    }
  });

  it('stores no message whose notice could not be owed (one transaction)', async () => {
    // The notice's insert fails; the message must not be stored without it.
    await db().execute(
      sql.raw(`CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'notices refused'; END $$`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER refuse_notice BEFORE INSERT ON shop_notices
        FOR EACH ROW EXECUTE FUNCTION refuse_notice()`),
    );
    try {
      const body = { name: 'Kabir Rao', mobile: '9820012345', email: uniqueEmail('kabir') };
      const res = await post('/api/inquiry', { ...body, main_id: MAIN });
      expect(res.status).toBe(500);
      expect(await db().select().from(inquiries).where(eq(inquiries.email, body.email))).toEqual(
        [],
      );
    } finally {
      await db().execute(sql.raw('DROP TRIGGER refuse_notice ON shop_notices'));
      await db().execute(sql.raw('DROP FUNCTION refuse_notice()'));
    }
  });
});

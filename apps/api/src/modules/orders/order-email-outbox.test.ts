import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEmails } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import type { EmailMessage, EmailSender } from '../../adapters/email-sender.ts';
import { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';
import { capturingEmail, client } from '../../test-support/accounts.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { OrderEmailOutbox, type OrderEmailOutboxOptions } from './order-email-outbox.ts';

const KEY_SECRET = 'test-key-secret-0123456789abcdef';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789ab';
const quiet = { warn: () => undefined, error: () => undefined };

describe.each(testDatabaseTargets())('order emails owed (order_emails) on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  let kit: OrderKit;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { email: mail.sender, paymentWebhooks: null },
      config: { RAZORPAY_KEY_SECRET: KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    kit = await orderKit(t, mail);
  });
  afterAll(async () => {
    await t.close();
  });

  const owed = (orderId: string) =>
    db().select().from(orderEmails).where(eq(orderEmails.orderId, orderId));
  /** Another process's outbox on the same database (as a second API process would have). */
  const process = (email: EmailSender, options: Partial<OrderEmailOutboxOptions> = {}) =>
    new OrderEmailOutbox({
      db: db(),
      email,
      compose: (rows) => t.services.orders.composeOrderEmails(rows),
      afterAnswer: new AfterAnswerTasks(quiet),
      log: quiet,
      ...options,
    });
  /** A sender that records what it sent, each send taking `ms` (an SMTP round trip). */
  const slowSender = (ms: number) => {
    const sent: EmailMessage[] = [];
    let inFlight = 0;
    let most = 0;
    const sender: EmailSender = {
      async send(m) {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, ms));
        inFlight--;
        sent.push(m);
      },
      close: () => Promise.resolve(),
    };
    return { sender, sent, most: () => most };
  };

  it('refuses a status email without its move, and a kind it does not know', async () => {
    const { order_id } = await kit.placeNoAdvance(await kit.buyer());
    await expect(
      db().insert(orderEmails).values({ orderId: order_id, kind: 'status' }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(orderEmails)
        .values({ orderId: order_id, kind: 'newsletter' as 'status', details: null }),
    ).rejects.toThrow();
  });

  it('an SMTP outage loses no email: the order stands, its emails wait, and go out once it is back', async () => {
    const u = await kit.buyer();
    const before = mail.sent.length;
    mail.fail(true);
    let orderId: string;
    try {
      orderId = (await kit.placeNoAdvance(u)).order_id;
    } finally {
      mail.fail(false);
    }
    expect((await kit.orderRow(orderId)).orderStatus).toBe('Processing');
    expect(mail.sent.length).toBe(before);
    const waiting = await owed(orderId);
    expect(waiting.map((r) => r.kind).sort()).toEqual(['confirmation', 'new_order_notice']);
    for (const row of waiting) {
      expect(row).toMatchObject({ attempts: 1, lastError: 'SMTP down', gaveUpAt: null });
      // Due again after the backoff (30 s after a first failure), not at once.
      expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    }

    // The backoff has passed: the next poll sends both, once, and forgets them.
    await db()
      .update(orderEmails)
      .set({ dueAt: new Date() })
      .where(eq(orderEmails.orderId, orderId));
    await t.services.emailOutbox.drain();
    expect(mail.recipientsSince(before)).toEqual([u.email, 'orders@urbanroll.example'].sort());
    expect(await owed(orderId)).toEqual([]);
  });

  it("owes a move's email with the move, and only the move's: a refused move owes none", async () => {
    const u = await kit.buyer();
    const { order_id } = await kit.placePaid(u);
    const staff = await kit.member('staff');
    const move = (to: string, version: number) =>
      client(t).call('PATCH', `/api/admin/orders/${order_id}`, { orderStatus: to, version }, staff);
    const version = (await kit.orderRow(order_id)).version;
    const before = mail.sent.length;
    // A stale version: 409, nothing moved, nothing owed or sent.
    expect((await move('Packed', version - 1)).status).toBe(409);
    expect(await owed(order_id)).toEqual([]);
    expect(mail.sent.length).toBe(before);
    expect((await move('Packed', version)).status).toBe(200);
    expect(mail.sent.slice(before).map((m) => m.subject)).toEqual([
      expect.stringMatching(/: Packed$/),
    ]);
    expect(await owed(order_id)).toEqual([]);
  });

  it('a process that stopped after the commit loses no email: another one sends what it owed', async () => {
    const u = await kit.buyer();
    const before = mail.sent.length;
    // This process stops sending (as one killed right after the payment's commit would).
    await t.services.emailOutbox.close();
    // (The tests after this one start their own outboxes, as other processes.)
    const orderId = (await kit.placePaid(u)).order_id;
    expect((await kit.orderRow(orderId)).paymentStatus).toBe('Success');
    expect(mail.sent.length).toBe(before);
    expect((await owed(orderId)).map((r) => r.attempts)).toEqual([0, 0]);
    const other = slowSender(0);
    const next = process(other.sender);
    next.start();
    await next.drain();
    await next.close();
    expect(other.sent.map((m) => m.to).sort()).toEqual(
      [u.email, 'orders@urbanroll.example'].sort(),
    );
    expect(other.sent.find((m) => m.to === u.email)!.subject).toContain('order');
    expect(await owed(orderId)).toEqual([]);
  });

  it('gives an email up after its last attempt, keeps it with the error, and never sends it again', async () => {
    const u = await kit.buyer();
    await t.services.emailOutbox.close();
    const orderId = (await kit.placeNoAdvance(u)).order_id;
    const down: EmailSender = {
      send: () => Promise.reject(new Error('550 mailbox unavailable')),
      close: () => Promise.resolve(),
    };
    const errors: object[] = [];
    const failing = process(down, {
      maxAttempts: 2,
      retryMs: 0,
      log: { warn: () => undefined, error: (o) => errors.push(o) },
    });
    await failing.drain();
    await failing.drain();
    const rows = await owed(orderId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ attempts: 2, lastError: '550 mailbox unavailable' });
      expect(row.gaveUpAt).toBeInstanceOf(Date);
    }
    expect(errors).toHaveLength(2);
    const later = slowSender(0);
    await process(later.sender).drain();
    expect(later.sent).toEqual([]);
    expect((await owed(orderId)).map((r) => r.attempts)).toEqual([2, 2]);
    await db().delete(orderEmails).where(eq(orderEmails.orderId, orderId));
  });

  it('"send again" in one process while another\'s retry is on the wire leaves it to that attempt: each email goes once', async () => {
    const u = await kit.buyer();
    await t.services.emailOutbox.close();
    const orderId = (await kit.placeNoAdvance(u)).order_id;
    const refusing: EmailSender = {
      send: () => Promise.reject(new Error('421 try again later')),
      close: () => Promise.resolve(),
    };
    await process(refusing).drain();
    expect((await owed(orderId)).map((r) => r.lastError)).toEqual([
      '421 try again later',
      '421 try again later',
    ]);
    // The backoff has passed; process A's retry reaches a server that takes its time.
    await db()
      .update(orderEmails)
      .set({ dueAt: new Date() })
      .where(eq(orderEmails.orderId, orderId));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const onTheWire: EmailMessage[] = [];
    const slow: EmailSender = {
      async send(m) {
        onTheWire.push(m);
        await answered;
      },
      close: () => Promise.resolve(),
    };
    const a = process(slow);
    const retry = a.drain();
    await expect.poll(() => onTheWire.length).toBe(2);
    for (const row of await owed(orderId)) {
      expect(row.sendingUntil!.getTime()).toBeGreaterThan(Date.now());
    }
    // Meanwhile the shop presses "Send them again", served by process B.
    const other = slowSender(0);
    const recorded: number[] = [];
    const pressed = await process(other.sender).sendRefusedAgain(
      eq(orderEmails.orderId, orderId),
      (_tx, n) => Promise.resolve(recorded.push(n)),
      300,
    );
    expect(pressed).toEqual({ sent: 0, sending: 2 });
    expect(recorded).toEqual([2]);
    answer();
    await retry;
    expect(other.sent).toEqual([]);
    expect(onTheWire.map((m) => m.to).sort()).toEqual([u.email, 'orders@urbanroll.example'].sort());
    expect(await owed(orderId)).toEqual([]);
  });

  postgresOnly(target).it(
    'several processes send a backlog together: each email once, a bounded batch each',
    async () => {
      await t.services.emailOutbox.close();
      const placed: string[] = [];
      for (let i = 0; i < 12; i++)
        placed.push((await kit.placeNoAdvance(await kit.buyer())).order_id);
      expect((await owed(placed[0]!)).length).toBe(2);
      const senders = [slowSender(15), slowSender(15), slowSender(15)];
      const outboxes = senders.map((s) => process(s.sender));
      await Promise.all(outboxes.map((o) => o.drain()));
      const all = senders.flatMap((s) => s.sent);
      expect(all).toHaveLength(24);
      expect(new Set(all.map((m) => `${m.to} ${m.subject}`)).size).toBe(24);
      // More than one process took part, none held more than a batch at once.
      expect(senders.filter((s) => s.sent.length > 0).length).toBeGreaterThan(1);
      for (const s of senders) expect(s.most()).toBeLessThanOrEqual(20);
      const [left] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(orderEmails)
        .where(inArray(orderEmails.orderId, placed));
      expect(left!.n).toBe(0);
    },
  );
});

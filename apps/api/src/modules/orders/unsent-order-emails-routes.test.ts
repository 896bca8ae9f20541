import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminOrderResponse,
  DashboardResponse,
  SendAgainOrderEmailsResponse,
} from '@shop/contracts';
import { auditLog, orderEmails } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import type { EmailSender } from '../../adapters/email-sender.ts';
import { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';
import { capturingEmail, client } from '../../test-support/accounts.ts';
import { orderKit, type OrderKit } from '../../test-support/orders.ts';
import { postgresOnly } from '../../test-support/postgres-only.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { OrderEmailOutbox } from './order-email-outbox.ts';
import { UnsentOrderEmailsService } from './unsent-order-emails-service.ts';

const quiet = { warn: () => undefined, error: () => undefined };

describe.each(testDatabaseTargets())(
  'refused order emails, shown and sent again, on $name',
  (target) => {
    let t: TestApp;
    const mail = capturingEmail();
    let kit: OrderKit;
    let staff: string;
    let owner: string;
    const db = () => t.database.db;

    beforeAll(async () => {
      t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
      kit = await orderKit(t, mail);
      [staff, owner] = await Promise.all([kit.member('staff'), kit.member('owner')]);
    });
    afterAll(async () => {
      await t.close();
    });

    const unsent = async (token: string) => {
      const res = await client(t).get<DashboardResponse>('/api/admin/dashboard', token);
      expect(res.status).toBe(200);
      return res.body.data.unsent_order_emails;
    };
    const sendAgain = (token?: string) =>
      client(t).call<SendAgainOrderEmailsResponse>(
        'POST',
        '/api/admin/order-emails/send-again',
        undefined,
        token,
      );
    const owed = (orderId: string) =>
      db().select().from(orderEmails).where(eq(orderEmails.orderId, orderId));
    /** An order confirmed while the email server refuses: its two emails wait, refused once. */
    const orderWhileRefused = async () => {
      const u = await kit.buyer();
      return { u, order: await mail.refusing(() => kit.placeNoAdvance(u)) };
    };

    it('the dashboard shows the refused emails, their error and orders; only to their store', async () => {
      expect(await unsent(staff)).toEqual({ count: 0, given_up: 0, last_error: null, orders: [] });
      const { order } = await orderWhileRefused();
      const mine = await unsent(staff);
      expect(mine).toMatchObject({ count: 2, given_up: 0, last_error: 'SMTP down' });
      expect(mine.orders).toEqual([{ order_id: order.order_id, order_number: order.order_number }]);
      // Another store's staff see none of them.
      const elsewhere = await kit.member('staff', 'threadline');
      expect(await unsent(elsewhere)).toEqual({
        count: 0,
        given_up: 0,
        last_error: null,
        orders: [],
      });
      // The order desk shows them on the order, to its store's staff only.
      const onOrder = async (token: string) =>
        client(t).get<AdminOrderResponse>(`/api/admin/orders/${order.order_id}`, token);
      const refusedOnce = { status: null, attempts: 1, last_error: 'SMTP down', given_up: false };
      expect((await onOrder(staff)).body.data.unsent_emails).toEqual([
        { kind: 'confirmation', ...refusedOnce },
        { kind: 'new_order_notice', ...refusedOnce },
      ]);
      expect((await onOrder(elsewhere)).status).toBe(403);
      // Given up after the last attempt: still shown, and counted apart.
      await db()
        .update(orderEmails)
        .set({ attempts: 10, gaveUpAt: new Date() })
        .where(eq(orderEmails.orderId, order.order_id));
      expect(await unsent(owner)).toMatchObject({ count: 2, given_up: 2, last_error: 'SMTP down' });
      expect((await onOrder(owner)).body.data.unsent_emails.map((e) => e.given_up)).toEqual([
        true,
        true,
      ]);
      // Sent at last (here by hand): gone from the dashboard.
      await db().delete(orderEmails).where(eq(orderEmails.orderId, order.order_id));
      expect((await unsent(owner)).count).toBe(0);
      expect((await onOrder(owner)).body.data.unsent_emails).toEqual([]);
    });

    it('send again: only staff of the store, and another store’s call touches none of these', async () => {
      const { order } = await orderWhileRefused();
      expect((await sendAgain()).status).toBe(401);
      const customer = await kit.buyer();
      expect((await sendAgain(customer.token)).status).toBe(403);
      const elsewhere = await kit.member('owner', 'threadline');
      const theirs = await sendAgain(elsewhere);
      expect(theirs.status).toBe(200);
      expect(theirs.body.data).toMatchObject({ sent: 0, sending: 0, unsent: { count: 0 } });
      // Ours untouched: still refused once, still waiting for their backoff.
      for (const row of await owed(order.order_id)) {
        expect(row).toMatchObject({ attempts: 1, lastError: 'SMTP down' });
        expect(row.dueAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      }
      await db().delete(orderEmails).where(eq(orderEmails.orderId, order.order_id));
    });

    it('send again while the server still refuses says so; once mended, given-up emails go out, once', async () => {
      const { u, order } = await orderWhileRefused();
      await db()
        .update(orderEmails)
        .set({ attempts: 10, gaveUpAt: new Date(), lastError: 'Invalid login: 535' })
        .where(eq(orderEmails.orderId, order.order_id));
      const before = mail.sent.length;

      const again = await mail.refusing(() => sendAgain(staff));
      expect(again.status).toBe(200);
      // Tried at once with a fresh set of attempts: refused again, retried later, not given up.
      expect(again.body.data).toMatchObject({
        sent: 0,
        sending: 0,
        unsent: { count: 2, given_up: 0, last_error: 'SMTP down' },
      });
      for (const row of await owed(order.order_id)) {
        expect(row).toMatchObject({ attempts: 1, gaveUpAt: null, lastError: 'SMTP down' });
      }
      expect(mail.sent.length).toBe(before);

      const mended = await sendAgain(owner);
      expect(mended.body.data).toEqual({
        sent: 2,
        sending: 0,
        unsent: { count: 0, given_up: 0, last_error: null, orders: [] },
      });
      expect(mail.recipientsSince(before)).toEqual([u.email, 'orders@urbanroll.example'].sort());
      expect(await owed(order.order_id)).toEqual([]);
      // Nothing left: a second press sends nothing.
      expect((await sendAgain(owner)).body.data).toMatchObject({ sent: 0, sending: 0 });
      expect(mail.sent.length).toBe(before + 2);
      // The audit log names who asked, once per press that had something to send.
      const entries = await db()
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'order_emails.send_again'), eq(auditLog.storeId, 'urbanroll')),
        );
      expect(entries.map((e) => e.after)).toEqual([{ emails: 2 }, { emails: 2 }]);
    });

    postgresOnly(target).it(
      'two presses at once send each refused email once: the second finds them already due',
      async () => {
        const { u, order } = await orderWhileRefused();
        const before = mail.sent.length;
        const presses = await Promise.all([sendAgain(staff), sendAgain(owner)]);
        expect(presses.map((p) => p.status)).toEqual([200, 200]);
        // One press made the two emails due; the other found none refused any more. The first
        // may answer them as still being sent: its send skips rows the other press's
        // transaction still holds locked, and the next poll sends them.
        const counted = presses.map((p) => p.body.data.sent + p.body.data.sending);
        expect(counted.sort()).toEqual([0, 2]);
        await t.services.emailOutbox.drain();
        expect(mail.recipientsSince(before)).toEqual([u.email, 'orders@urbanroll.example'].sort());
        expect(await owed(order.order_id)).toEqual([]);
      },
    );

    it('answers after its wait while the email server is slow, counting what is still being sent', async () => {
      // This app's own outbox stops (its poll would send the rows through the quick sender), so
      // the order's emails are refused here by hand.
      await t.services.emailOutbox.close();
      const { order } = await orderWhileRefused();
      await db()
        .update(orderEmails)
        .set({ attempts: 1, lastError: 'SMTP down', dueAt: new Date(Date.now() + 30_000) })
        .where(eq(orderEmails.orderId, order.order_id));
      let release = () => undefined as void;
      const hung = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow: EmailSender = { send: () => hung, close: () => Promise.resolve() };
      const outbox = new OrderEmailOutbox({
        db: db(),
        email: slow,
        compose: (rows) => t.services.orders.composeOrderEmails(rows),
        afterAnswer: new AfterAnswerTasks(quiet),
        log: quiet,
      });
      const service = new UnsentOrderEmailsService({
        db: db(),
        outbox,
        orders: t.services.orders,
        audit: { record: () => Promise.resolve() },
        waitMs: 50,
      });
      const answer = await service.sendAgain({ id: 'staff', storeId: 'urbanroll', role: 'staff' });
      expect(answer).toMatchObject({ sent: 0, sending: 2, unsent: { count: 0 } });
      release();
      await outbox.close();
      expect(await owed(order.order_id)).toEqual([]);
    });
  },
);

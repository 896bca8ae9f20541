import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivacyErasure } from '@shop/contracts';
import * as schema from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client, login, MAIN, registerUser } from '../../test-support/accounts.ts';
import {
  checkoutUser,
  lineOf,
  placePaidOrder,
  simpleProducts,
} from '../../test-support/checkout.ts';
import { orderKit } from '../../test-support/orders.ts';
import {
  everyOtherPersonalRow,
  fullShopper,
  SHOPPER,
  storedRows,
  type RowsOf,
} from '../../test-support/personal-data.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { personalTables } from './personal-data-map.ts';

describe.each(testDatabaseTargets())('/api/privacy/erasure on $name', (target) => {
  let t: TestApp;
  const mail = capturingEmail();
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
  });
  afterAll(async () => {
    await t.close();
  });

  const erase = (token: string, payload: unknown = { confirm: true }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/privacy/erasure',
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });
  const statusOf = async (token: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/privacy/erasure',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: PrivacyErasure | null }>().data;
  };
  /** The shop is done with the order: delivered and paid in full. */
  const deliver = (orderId: string) =>
    db()
      .update(schema.orders)
      .set({ orderStatus: 'Delivered', remainingAmountPaise: 0 })
      .where(eq(schema.orders.id, orderId));

  /** Where each of the shopper's rows is, read before the erasure deletes the messages. */
  async function rowsOf(u: Awaited<ReturnType<typeof fullShopper>>): Promise<RowsOf> {
    const ids = async (table: typeof schema.leads | typeof schema.quoteRequests) =>
      (await db().select({ id: table.id }).from(table).where(eq(table.userId, u.userId))).map(
        (r) => r.id,
      );
    const enquiries = await db()
      .select({ id: schema.inquiries.id })
      .from(schema.inquiries)
      .where(eq(schema.inquiries.email, u.email));
    return {
      userId: u.userId,
      email: u.email,
      orderIds: [u.orderId],
      admissionIds: [u.admissionId],
      itemIds: [
        ...(await ids(schema.leads)),
        ...(await ids(schema.quoteRequests)),
        ...enquiries.map((r) => r.id),
        u.admissionId,
      ],
    };
  }

  it("leaves none of the shopper's name, email, phone or address in any personal column, outside the invoice's legal hold", async () => {
    const u = await fullShopper(t, mail);
    await everyOtherPersonalRow(t, u);
    await deliver(u.orderId);
    const who = await rowsOf(u);
    const needles = [u.email, SHOPPER.surname, SHOPPER.mobile, SHOPPER.street, SHOPPER.gstin];
    const tables = Object.entries(personalTables).filter(
      ([, e]) =>
        e.path.via !== 'none' && (e.subject === 'shopper' || e.path.via === 'audit-entity'),
    );
    // Before: the seed put the shopper's data in every table reached from the account.
    for (const [table, entry] of tables) {
      if (Object.keys(entry.personal).length === 0) continue;
      const rows = await storedRows(t, table, who);
      expect(rows.length, `${table}: the seeded shopper has no row`).toBeGreaterThan(0);
    }

    const res = await erase(u.token);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<{ data: PrivacyErasure }>().data;
    expect(answer.status).toBe('done');
    expect(answer.waiting_for).toEqual([]);
    expect(answer.erased.map((e) => e.table)).toEqual(
      expect.arrayContaining(['users', 'addresses', 'leads', 'inquiries', 'quote_requests']),
    );
    const kept = new Map(answer.kept.map((k) => [k.table, k]));
    expect(kept.get('orders')).toMatchObject({ rows: 1, law: expect.stringMatching(/CGST/) });
    expect(kept.get('tax_documents')).toMatchObject({ rows: 1 });

    const held = new Set([u.orderId]);
    const heldRow = (table: string, row: Record<string, unknown>) =>
      held.has(String(table === 'orders' ? row.id : row.order_id));
    const found: string[] = [];
    for (const [table, entry] of tables) {
      for (const row of await storedRows(t, table, who)) {
        for (const [column, c] of Object.entries(entry.personal)) {
          if (c.of) continue; // a staff member's or an actor's column, not the shopper's
          const invoiceField = c.kind === 'name' || c.kind === 'gstin' || c.kind === 'address';
          if (c.keptUnderHold && (!invoiceField || heldRow(table, row))) continue;
          const text = JSON.stringify(row[column] ?? '');
          for (const needle of needles) {
            if (text.includes(needle)) found.push(`${table}.${column} holds ${needle}`);
          }
        }
      }
    }
    expect(found).toEqual([]);

    // The held order keeps what its invoice prints, nothing more.
    const [order] = await db().select().from(schema.orders).where(eq(schema.orders.id, u.orderId));
    expect(order!.userName).toBe(SHOPPER.name);
    expect(order!.mobile).toBe('');
    // The account: anonymised, no session, no device; it cannot sign in any more.
    const [account] = await db().select().from(schema.users).where(eq(schema.users.id, u.userId));
    expect(account).toMatchObject({
      email: `erased-${u.userId}@invalid`,
      fullName: '',
      mobile: '',
      passwordHash: null,
      googleSub: null,
    });
    expect(account!.erasedAt).not.toBeNull();
    for (const table of [schema.refreshTokens, schema.deviceTokens]) {
      expect(await db().$count(table, eq(table.userId, u.userId))).toBe(0);
    }
    const standing = await db()
      .select()
      .from(schema.consents)
      .where(eq(schema.consents.userId, u.userId));
    // Kept as the proof of consent (the push device's, the seeded ones), none standing.
    expect(standing.length).toBeGreaterThanOrEqual(2);
    expect(standing.filter((c) => c.withdrawnAt === null)).toEqual([]);
    expect((await login(t, u.email)).status).not.toBe(200);

    // GET shows it done; the same (old) access token asking again is refused, nothing changed.
    const shown = await statusOf(u.token);
    expect(shown).toMatchObject({ id: answer.id, status: 'done', done_at: answer.done_at });
    const again = await erase(u.token);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ msg: string }>().msg).toMatch(
      /^You asked for erasure on .+; it is done\.$/,
    );
    expect(await statusOf(u.token)).toEqual(shown);
  });

  it("erases the messages sent with the account's email without signing in (any case), and no one else's", async () => {
    const u = await checkoutUser(t, mail);
    const other = await checkoutUser(t, mail);
    for (const email of [u.email.toUpperCase(), other.email]) {
      const res = await client(t).post('/api/leads', {
        name: 'Guest',
        email,
        mobile: '9820054321',
        remark: 'Size 5?',
        user_id: '',
        user_name: '',
        property_id: MAIN,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const leadsOf = (email: string) =>
      db().$count(schema.leads, sql`lower(${schema.leads.email}) = ${email}`);
    expect(await leadsOf(u.email)).toBe(1);
    expect((await erase(u.token)).statusCode).toBe(201);
    expect(await leadsOf(u.email)).toBe(0);
    expect(await leadsOf(other.email)).toBe(1);
  });

  it("erases an inactive account for the retention job (reason 'inactive'), once", async () => {
    const u = await checkoutUser(t, mail);
    const first = await t.services.privacyErasure.eraseAccount(MAIN, u.userId, 'inactive');
    expect(first.status).toBe('done');
    const again = await t.services.privacyErasure.eraseAccount(MAIN, u.userId, 'inactive');
    expect(again).toEqual(first);
    const [row] = await db()
      .select()
      .from(schema.erasureRequests)
      .where(eq(schema.erasureRequests.userId, u.userId));
    expect(row!.reason).toBe('inactive');
  });

  it('frees the email: it signs up afresh as a new account', async () => {
    const u = await checkoutUser(t, mail);
    expect((await erase(u.token)).statusCode).toBe(201);
    const fresh = await registerUser(t, mail, u.email);
    expect(fresh.userId).not.toBe(u.userId);
    expect((await login(t, u.email)).status).toBe(200);
    expect(await statusOf(fresh.accessToken)).toBeNull();
  });

  it('waits while an order is open, naming it; the daily sweep erases once it is delivered', async () => {
    const goods = await simpleProducts(t);
    const u = await checkoutUser(t, mail);
    const orderId = await placePaidOrder(t, u, [lineOf(goods[0]!, 1)]);
    const [placed] = await db().select().from(schema.orders).where(eq(schema.orders.id, orderId));
    const res = await erase(u.token);
    expect(res.statusCode, res.body).toBe(201);
    const waiting = res.json<{ data: PrivacyErasure }>().data;
    expect(waiting.status).toBe('waiting');
    expect(waiting.waiting_for).toHaveLength(1);
    expect(waiting.waiting_for[0]).toMatch(new RegExp(`${placed!.orderNumber}$`));
    expect(waiting.erased).toEqual([]);
    const dueIn = Date.parse(waiting.due_at) - Date.parse(waiting.requested_at);
    expect(dueIn).toBe(90 * 24 * 3600 * 1000);
    // Nothing is erased yet: the order still needs the address and phone.
    expect(await db().$count(schema.addresses, eq(schema.addresses.userId, u.userId))).toBe(1);
    await t.services.privacyErasure.completeWaiting();
    expect((await statusOf(u.token))!.status).toBe('waiting');

    await deliver(orderId);
    const swept = await t.services.privacyErasure.completeWaiting();
    expect(swept.done).toBeGreaterThanOrEqual(1);
    const done = await statusOf(u.token);
    expect(done).toMatchObject({ status: 'done', waiting_for: [] });
    expect(await db().$count(schema.addresses, eq(schema.addresses.userId, u.userId))).toBe(0);
    const [account] = await db().select().from(schema.users).where(eq(schema.users.id, u.userId));
    expect(account!.erasedAt).not.toBeNull();
  });

  it("answers each account only its own: a second shopper's token neither sees nor triggers the first's", async () => {
    const goods = await simpleProducts(t);
    const first = await checkoutUser(t, mail);
    await placePaidOrder(t, first, [lineOf(goods[0]!, 1)]);
    expect((await erase(first.token)).statusCode).toBe(201);
    const second = await checkoutUser(t, mail);
    expect(await statusOf(second.token)).toBeNull();
    const asked = await erase(second.token, { confirm: true, user_id: first.userId });
    expect(asked.statusCode, asked.body).toBe(201);
    // The second's request erased the second's account only; the first's still waits.
    expect((await statusOf(first.token))!.status).toBe('waiting');
    const [firstAccount] = await db()
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, first.userId));
    expect(firstAccount!.email).toBe(first.email);
    expect(await statusOf(second.token)).toMatchObject({ status: 'done' });
  });

  it('refuses a request without confirm: true (400 naming confirm), and nothing is recorded', async () => {
    const u = await checkoutUser(t, mail);
    for (const payload of [{}, { confirm: false }, { confirm: 'yes' }]) {
      const res = await erase(u.token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ field?: string }>().field).toBe('confirm');
    }
    expect(await statusOf(u.token)).toBeNull();
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/erasure',
      payload: { confirm: true },
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('refuses staff and owner accounts (403: hand over the shop first)', async () => {
    const kit = await orderKit(t, mail);
    for (const role of ['staff', 'owner'] as const) {
      const token = await kit.member(role);
      const res = await erase(token);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ msg: string }>().msg).toMatch(/Hand over the shop first/);
    }
  });

  it('records one request of parallel ones: one 201, the others 409, nothing else changed', async () => {
    const u = await checkoutUser(t, mail);
    const answers = await Promise.all([1, 2, 3, 4].map(() => erase(u.token)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    const rows = await db()
      .select()
      .from(schema.erasureRequests)
      .where(
        and(
          eq(schema.erasureRequests.userId, u.userId),
          inArray(schema.erasureRequests.status, ['waiting', 'done']),
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('done');
  });
});

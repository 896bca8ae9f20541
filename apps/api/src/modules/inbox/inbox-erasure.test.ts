import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItemResponse, InboxListResponse } from '@shop/contracts';
import { erasureRequests, users } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { capturingEmail, client } from '../../test-support/accounts.ts';
import { memberToken, roleTokens } from '../../test-support/staff.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * Erasure requests in the admin inbox (issue 61 item 3): the owner sees each with its due date
 * and, once done, what was done to each table and what a law keeps; an erased account is named
 * "Erased account", never by its anonymised address.
 */
describe.each(testDatabaseTargets())('erasure requests in the admin inbox on $name', (target) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof roleTokens>>;
  const mail = capturingEmail();
  const c = () => client(t);
  const list = (query: string, token = tokens.staff) =>
    c().get<InboxListResponse>(`/api/admin/inbox${query}`, token);

  /** A shopper of `store` with a request: waiting for `waitingFor`, or done (and anonymised). */
  const requestOf = async (
    state: { waitingFor: string[] } | { done: true },
    store = 'urbanroll',
  ) => {
    const tag = `e${Math.random().toString(36).slice(2, 9)}`;
    const shopper = await memberToken(t, 'customer', store);
    await t.database.db
      .update(users)
      .set({ fullName: `Asha ${tag}`, mobile: '9820012345' })
      .where(eq(users.id, shopper.userId));
    const requestedAt = new Date('2026-12-01T06:00:00.000Z');
    const dueAt = new Date('2027-03-01T06:00:00.000Z');
    const done = 'done' in state;
    if (done) {
      await t.database.db
        .update(users)
        .set({
          email: `erased-${shopper.userId}@invalid`,
          fullName: '',
          mobile: '',
          erasedAt: new Date('2026-12-07T20:00:00.000Z'),
        })
        .where(eq(users.id, shopper.userId));
    }
    const [row] = await t.database.db
      .insert(erasureRequests)
      .values({
        storeId: store,
        userId: shopper.userId,
        requestedAt,
        dueAt,
        status: done ? 'done' : 'waiting',
        waitingFor: done ? [] : state.waitingFor,
        doneAt: done ? new Date('2026-12-07T20:00:00.000Z') : null,
        outcome: done
          ? [
              { table: 'addresses', erased: 2, anonymised: 0, kept: 0 },
              { table: 'users', erased: 0, anonymised: 1, kept: 0 },
              { table: 'cart_lines', erased: 0, anonymised: 0, kept: 0 },
              { table: 'orders', erased: 0, anonymised: 0, kept: 3 },
            ]
          : null,
      })
      .returning({ id: erasureRequests.id });
    return { id: row!.id, tag, userId: shopper.userId };
  };

  beforeAll(async () => {
    t = await startTestApp(target, { adapters: { email: mail.sender, paymentWebhooks: null } });
    tokens = await roleTokens(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists a waiting request with the orders it waits for and its due date', async () => {
    const waiting = await requestOf({ waitingFor: ['UR-10001', 'UR-10002'] });
    const res = await list(`?kind=erasure&search=${waiting.tag}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({
      kind: 'erasure',
      id: waiting.id,
      name: `Asha ${waiting.tag}`,
      mobile: '9820012345',
      summary: 'Waiting for UR-10001, UR-10002',
      status: 'new',
      created_at: '2026-12-01T06:00:00.000Z',
      due_at: '2027-03-01T06:00:00.000Z',
      links: { tel: 'tel:+919820012345' },
    });
    // Found with the other kinds too, and counted as new.
    const all = await list(`?search=${waiting.tag}`);
    expect(all.body.data.map((i) => i.kind)).toEqual(['erasure']);

    const one = await c().get<InboxItemResponse>(
      `/api/admin/inbox/erasure/${waiting.id}`,
      tokens.owner,
    );
    expect(one.status).toBe(200);
    expect(one.body.data.fields).toEqual([
      { label: 'Asked by', value: 'The shopper, on their privacy page' },
      { label: 'Due by', value: '01/03/2027' },
      { label: 'State', value: 'Waiting for UR-10001, UR-10002 to be delivered or cancelled' },
    ]);
  });

  it('names an erased account "Erased account", never by its anonymised address, and shows what was done', async () => {
    const done = await requestOf({ done: true });
    const res = await list('?kind=erasure&limit=100');
    const item = res.body.data.find((i) => i.id === done.id)!;
    expect(item).toMatchObject({
      name: 'Erased account',
      email: '',
      mobile: '',
      summary: 'Erased on 08/12/2026',
      due_at: '2027-03-01T06:00:00.000Z',
      links: { tel: null, whatsapp: null },
    });
    expect(JSON.stringify(res.body)).not.toContain('@invalid');
    // Other kinds have no due date.
    const others = await list('?kind=lead&limit=5');
    for (const other of others.body.data) expect(other.due_at).toBeNull();

    const one = await c().get<InboxItemResponse>(
      `/api/admin/inbox/erasure/${done.id}`,
      tokens.staff,
    );
    expect(one.status).toBe(200);
    const fields = Object.fromEntries(one.body.data.fields.map((f) => [f.label, f.value]));
    expect(fields.State).toBe('Erased on 08/12/2026');
    expect(fields['What was done']).toBe(
      'addresses: 2 deleted\nusers: 1 anonymised\norders: 3 kept',
    );
    expect(fields['Kept by law']).toMatch(/^orders \(3\): CGST Act 2017 s\.36.*; kept 72 months/);
    expect(JSON.stringify(one.body)).not.toContain('@invalid');
  });

  it('is followed up like any item: status and notes', async () => {
    const waiting = await requestOf({ waitingFor: ['UR-10003'] });
    const url = `/api/admin/inbox/erasure/${waiting.id}`;
    const patched = await c().call<InboxItemResponse>(
      'PATCH',
      url,
      { status: 'contacted' },
      tokens.owner,
    );
    expect(patched.status).toBe(200);
    expect(patched.body.data.status).toBe('contacted');
    expect(
      (await c().post(`${url}/notes`, { text: 'Told her it waits' }, tokens.staff)).status,
    ).toBe(200);
  });

  it("refuses another store's staff and owner: not theirs to see or change", async () => {
    const waiting = await requestOf({ waitingFor: ['UR-10004'] });
    const url = `/api/admin/inbox/erasure/${waiting.id}`;
    expect((await c().get(url, tokens.otherOwner)).status).toBe(404);
    expect((await c().call('PATCH', url, { status: 'closed' }, tokens.otherOwner)).status).toBe(
      404,
    );
    expect((await c().post(`${url}/notes`, { text: 'x' }, tokens.otherOwner)).status).toBe(404);
    const theirs = await list(`?kind=erasure&search=${waiting.tag}`, tokens.otherOwner);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await c().get(url, tokens.customer)).status).toBe(403);
    // Nothing changed.
    expect((await c().get<InboxItemResponse>(url, tokens.owner)).body.data).toMatchObject({
      status: 'new',
      notes: [],
    });
    // And their own store's requests are theirs.
    const own = await requestOf({ waitingFor: ['TR-10001'] }, 'threadline');
    const mine = await list(`?kind=erasure&search=${own.tag}`, tokens.otherOwner);
    expect(mine.body.data.map((i) => i.id)).toEqual([own.id]);
  });
});

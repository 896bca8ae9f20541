import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxNotes, inboxStates, QUOTE_STORE_ID } from '@shop/db';
import { testDatabaseTargets } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())("erasing inbox items' states and notes on $name", (target) => {
  let t: TestApp;
  const db = () => t.database.db;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  /** An item of `kind` in `store` with a state and two notes. */
  const item = async (
    kind: 'lead' | 'enquiry' | 'admission',
    store = MAIN,
    id: string = randomUUID(),
  ) => {
    await db()
      .insert(inboxStates)
      .values({ kind, itemId: id, storeId: store, status: 'contacted' });
    await db()
      .insert(inboxNotes)
      .values(
        ['Asha rang back', 'Asked for a call at 6'].map((text) => ({
          kind,
          itemId: id,
          storeId: store,
          authorEmail: 'staff@example.com',
          text,
        })),
      );
    return { kind, id };
  };
  const rowsOf = async (id: string) => ({
    states: await db().select().from(inboxStates).where(eq(inboxStates.itemId, id)),
    notes: await db().select().from(inboxNotes).where(eq(inboxNotes.itemId, id)),
  });

  it("deletes the items' states and notes in their store only, once", async () => {
    const lead = await item('lead');
    const admission = await item('admission');
    const kept = await item('enquiry');
    // A note of the same id in another store, and the same id as another kind, are other items.
    await db().insert(inboxNotes).values({
      kind: 'lead',
      itemId: lead.id,
      storeId: QUOTE_STORE_ID,
      text: 'Not this shop',
    });
    const otherKind = await item('enquiry', MAIN, admission.id);

    const erase = () => t.services.inbox.eraseItems(MAIN, [lead, admission]);
    expect(await erase()).toEqual([
      { table: 'inbox_states', erased: 2, anonymised: 0, kept: 0 },
      { table: 'inbox_notes', erased: 4, anonymised: 0, kept: 0 },
    ]);
    expect(
      await db()
        .select()
        .from(inboxStates)
        .where(and(eq(inboxStates.storeId, MAIN), inArray(inboxStates.kind, ['lead', 'admission'])))
        .then((rows) => rows.filter((r) => [lead.id, admission.id].includes(r.itemId))),
    ).toEqual([]);
    for (const other of [kept, otherKind]) {
      const rows = await rowsOf(other.id);
      expect(rows.states.filter((s) => s.kind === other.kind)).toHaveLength(1);
      expect(rows.notes.filter((n) => n.kind === other.kind)).toHaveLength(2);
    }
    const there = await rowsOf(lead.id);
    expect(there.states).toEqual([]);
    expect(there.notes.map((n) => [n.storeId, n.text])).toEqual([
      [QUOTE_STORE_ID, 'Not this shop'],
    ]);

    expect(await erase()).toEqual([
      { table: 'inbox_states', erased: 0, anonymised: 0, kept: 0 },
      { table: 'inbox_notes', erased: 0, anonymised: 0, kept: 0 },
    ]);
    expect(await t.services.inbox.eraseItems(MAIN, [])).toEqual([
      { table: 'inbox_states', erased: 0, anonymised: 0, kept: 0 },
      { table: 'inbox_notes', erased: 0, anonymised: 0, kept: 0 },
    ]);
  });
});

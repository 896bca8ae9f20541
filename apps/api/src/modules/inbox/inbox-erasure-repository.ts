import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { inboxNotes, inboxStates, type Database } from '@shop/db';
import type { InboxKind } from '@shop/domain';
import type { ErasedRows } from '../../lib/personal-rows.ts';

/** An inbox item: the lead, enquiry, quote, admission or erasure request it is about. */
export interface InboxItemRef {
  kind: InboxKind;
  id: string;
}

/** The items' ids, by kind, as one condition on a table with `kind` and `item_id`. */
function itemsOf(
  table: typeof inboxStates | typeof inboxNotes,
  items: readonly InboxItemRef[],
): SQL | undefined {
  const byKind = new Map<InboxKind, string[]>();
  for (const { kind, id } of items) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  return or(
    ...[...byKind].map(([kind, ids]) => and(eq(table.kind, kind), inArray(table.itemId, ids))),
  );
}

/**
 * The inbox's part of erasing a person's messages (issue 61 item 3: a shopper's erasure; item 5:
 * enquiries past their period): the shop's work state and staff's notes of those items.
 */
export class InboxErasureRepository {
  constructor(private readonly db: Database) {}

  /**
   * Deletes, in one transaction, the states and notes of `items` in the store (another store's
   * rows of the same ids are never touched). A second run finds nothing and counts zeros.
   */
  eraseItems(storeId: string, items: readonly InboxItemRef[]): Promise<ErasedRows[]> {
    const counts = (states: number, notes: number): ErasedRows[] => [
      { table: 'inbox_states', erased: states, anonymised: 0, kept: 0 },
      { table: 'inbox_notes', erased: notes, anonymised: 0, kept: 0 },
    ];
    if (items.length === 0) return Promise.resolve(counts(0, 0));
    return this.db.transaction(async (tx) => {
      const states = await tx
        .delete(inboxStates)
        .where(and(eq(inboxStates.storeId, storeId), itemsOf(inboxStates, items)))
        .returning({ id: inboxStates.itemId });
      const notes = await tx
        .delete(inboxNotes)
        .where(and(eq(inboxNotes.storeId, storeId), itemsOf(inboxNotes, items)))
        .returning({ id: inboxNotes.id });
      return counts(states.length, notes.length);
    });
  }
}

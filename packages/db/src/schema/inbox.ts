import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stamp, storeId } from './columns.ts';

/**
 * The kinds of item the admin inbox shows, each kept in its own module's table (an erasure
 * request is the privacy module's: issue 61 item 3).
 */
const KINDS = `'lead', 'enquiry', 'quote', 'admission', 'erasure'`;

/**
 * Where an inbox item stands, one row per item that staff have touched, keyed
 * by kind and the item's id (a lead, enquiry, quote request or admission). An item without a
 * row is `new` and unassigned. One table for every kind (decision 0016): the forms' own tables
 * stay their modules', and the inbox filters and counts status in one place.
 */
export const inboxStates = pgTable(
  'inbox_states',
  {
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    storeId: storeId(),
    /** 'new' | 'contacted' | 'closed' */
    status: text('status').notNull().default('new'),
    /** The staff member or owner who answers it; null: nobody yet (or that account went). */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId] }),
    index('inbox_states_store_status_idx').on(t.storeId, t.status),
    check('inbox_states_kind', sql.raw(`kind IN (${KINDS})`)),
    check('inbox_states_status', sql`${t.status} IN ('new', 'contacted', 'closed')`),
  ],
);

/** A note staff wrote on an inbox item (who, when, what). */
export const inboxNotes = pgTable(
  'inbox_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's email when they wrote it, kept when the account goes. */
    authorEmail: text('author_email').notNull().default(''),
    text: text('text').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('inbox_notes_item_idx').on(t.kind, t.itemId, t.createdAt),
    check('inbox_notes_kind', sql.raw(`kind IN (${KINDS})`)),
    check('inbox_notes_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
  ],
);

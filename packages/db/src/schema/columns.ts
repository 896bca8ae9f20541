import { sql } from 'drizzle-orm';
import { bigint, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';

/** The store a row belongs to; the row goes when its store goes. */
export const storeId = () =>
  text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' });

/** A moment, with its time zone. */
export const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** An amount of money in paise (bigint: totals can pass an integer), read as a JS number. */
export const paise = (name: string) => bigint(name, { mode: 'number' });

/**
 * The columns of an email owed in the database and sent by an outbox (order emails, the shop's
 * notices of its forms): claimed an attempt at a time, due again after a failure, given up after
 * the last attempt, deleted once sent.
 */
export const owedEmail = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  /** Attempts started (claims) so far. */
  attempts: integer('attempts').notNull().default(0),
  /** When it is next due; a claimed attempt moves it past the attempt's end. */
  dueAt: stamp('due_at').notNull().defaultNow(),
  /**
   * While an attempt is on the wire: when its claim lapses (null between attempts). "Send again"
   * leaves such a row to its attempt, so it is never sent twice at once.
   */
  sendingUntil: stamp('sending_until'),
  lastError: text('last_error'),
  gaveUpAt: stamp('gave_up_at'),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

/** Values as a list of SQL string literals, for a check's `IN (…)`. */
export const quoted = (values: readonly string[]) =>
  sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '));

import { sql } from 'drizzle-orm';
import { CONSENT_PURPOSES, CONSENT_SOURCES } from '@shop/domain';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { quoted, stamp, storeId } from './columns.ts';

/**
 * A shopper's consents (DPDP Act 2023, issue 61 item 2): one row each time a purpose is given,
 * with the privacy notice's version then in force and the form it was given on; withdrawing
 * stamps `withdrawn_at` on the standing row. Rows are never overwritten or deleted while the
 * account lives: giving again after a withdrawal adds a new row, so the history is kept.
 * At most one row per user and purpose stands (withdrawn_at null).
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of CONSENT_PURPOSES. */
    purpose: text('purpose').notNull(),
    /** The privacy notice's version the shopper was shown when giving it. */
    noticeVersion: text('notice_version').notNull(),
    givenAt: stamp('given_at').notNull().defaultNow(),
    withdrawnAt: stamp('withdrawn_at'),
    /** One of CONSENT_SOURCES: the form the box was ticked on. */
    source: text('source').notNull(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.purpose, t.givenAt),
    uniqueIndex('consents_standing_idx')
      .on(t.userId, t.purpose)
      .where(sql`${t.withdrawnAt} IS NULL`),
    check('consents_purpose_check', sql`${t.purpose} IN (${quoted(CONSENT_PURPOSES)})`),
    check('consents_source_check', sql`${t.source} IN (${quoted(CONSENT_SOURCES)})`),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stamp, storeId } from './columns.ts';

/**
 * The shop's register of personal data breaches (DPDP Rules 2025, rule 7; issue 61 item 6): what
 * happened, when it happened and when the shop found out, which kinds of data and how many
 * people, and what was done; then when the shoppers were told and when the Board got its
 * report (stamped by the owner). The drafts of both notices are made from these, not stored.
 * Kept, never deleted (the register is the shop's evidence).
 */
export const dataBreaches = pgTable(
  'data_breaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    description: text('description').notNull(),
    occurredAt: stamp('occurred_at'),
    foundAt: stamp('found_at').notNull(),
    /** BREACH_DATA_KIND_KEYS of @shop/domain. */
    dataKinds: text('data_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    peopleAffected: integer('people_affected').notNull(),
    measures: text('measures').notNull().default(''),
    shoppersToldAt: stamp('shoppers_told_at'),
    boardReportedAt: stamp('board_reported_at'),
    /** Who recorded it (null once that account is deleted). */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('data_breaches_store_found_idx').on(t.storeId, t.foundAt),
    check('data_breaches_people_check', sql`${t.peopleAffected} >= 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stamp, storeId } from './columns.ts';

/** What one table gave up to an erasure (issue 61 item 3), as recorded on the request. */
export interface ErasureOutcomeRow {
  table: string;
  /** Rows deleted. */
  erased: number;
  /** Rows kept with their personal columns blanked. */
  anonymised: number;
  /** Rows kept as they were (or with only some columns blanked) under a legal hold. */
  kept: number;
}

/**
 * A shopper's request to erase their data (DPDP Act 2023 s.12(3); issue 61 item 3): at most one
 * per account. `waiting` while an open order or admission needs the data to be fulfilled (its
 * numbers in `waiting_for`), or while a step is still to run; `done` once every module erased
 * its rows, with what each did in `outcome`. The account row itself is anonymised, not deleted,
 * so this record and the held orders keep their link. Due by `due_at` (DPDP Rules 2025 rule
 * 14(3): at most 90 days). Kept as the shop's log of processing (rule 6).
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedAt: stamp('requested_at').notNull().defaultNow(),
    dueAt: stamp('due_at').notNull(),
    /**
     * Why the account is erased: 'request' (the shopper asked) or 'inactive' (the account was
     * not used for the store's inactivity period: the retention job, issue 61 item 5).
     */
    reason: text('reason').notNull().default('request'),
    /** 'waiting' | 'done' */
    status: text('status').notNull().default('waiting'),
    /** The open orders' numbers the erasure waits for (empty when none). */
    waitingFor: text('waiting_for')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    doneAt: stamp('done_at'),
    outcome: jsonb('outcome').$type<ErasureOutcomeRow[]>(),
  },
  (t) => [
    uniqueIndex('erasure_requests_user_key').on(t.userId),
    index('erasure_requests_store_status_idx').on(t.storeId, t.status, t.requestedAt),
    check('erasure_requests_status_check', sql`${t.status} IN ('waiting', 'done')`),
    check('erasure_requests_reason_check', sql`${t.reason} IN ('request', 'inactive')`),
  ],
);

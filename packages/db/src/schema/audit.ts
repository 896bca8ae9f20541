import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stamp, storeId } from './columns.ts';

/**
 * One admin write: who (the staff member or owner; null once that account is deleted, or for
 * start-up tasks), when, what (`action` such as `order.move`, on `entity` and `entityId`) and the
 * record before and after (the fields the write touched, never secrets). Written in the same
 * transaction as the write it describes, so a rolled-back write leaves no entry.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's email when it acted, kept when the account goes. */
    actorEmail: text('actor_email').notNull().default(''),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: stamp('at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_store_at_idx').on(t.storeId, t.at),
    index('audit_log_entity_idx').on(t.storeId, t.entity, t.entityId, t.at),
  ],
);

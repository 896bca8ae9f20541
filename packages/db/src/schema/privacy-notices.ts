import type { PrivacyNoticeContent } from '@shop/domain';
import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { stamp, storeId } from './columns.ts';

/**
 * Each version of a store's privacy notice as it was shown (DPDP Rules 2025 rule 3; issue 61
 * item 1): written the first time the version is served, never changed, so a consent recorded
 * against a version can later show what that version said.
 */
export const privacyNoticeVersions = pgTable(
  'privacy_notice_versions',
  {
    storeId: storeId(),
    /** `privacyNoticeVersion(content)`: the template's revision and a hash of the content. */
    version: text('version').notNull(),
    content: jsonb('content').$type<PrivacyNoticeContent>().notNull(),
    firstSeenAt: stamp('first_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.version] })],
);

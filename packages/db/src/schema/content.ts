import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { stamp, storeId } from './columns.ts';

/**
 * A message of the contact page's Get In Touch form (the spec's lead): name, email, mobile and
 * remark, and the signed-in shopper who sent it, if any. The spec's property_id names the site,
 * i.e. the store (`storeId`).
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    remark: text('remark').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    /** 'New' | 'Read' | 'Replied' | 'Closed' | 'Spam' */
    status: text('status').notNull().default('New'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('leads_store_idx').on(t.storeId, t.createdAt),
    check('leads_status', sql`${t.status} IN ('New', 'Read', 'Replied', 'Closed', 'Spam')`),
  ],
);

/**
 * An enquiry of the enquiry form: name, mobile, email and message. The email is kept as the
 * email (the original product stored it in `school`: docs/spec-deviations.md).
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    remark: text('remark').notNull().default(''),
    /** 'New' | 'Read' | 'Replied' | 'Closed' | 'Spam' */
    status: text('status').notNull().default('New'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_store_idx').on(t.storeId, t.createdAt),
    check('inquiries_status', sql`${t.status} IN ('New', 'Read', 'Replied', 'Closed', 'Spam')`),
  ],
);

/**
 * A content page of a store (about, centres, the policies, the academy rules), written in
 * Markdown and rendered without raw HTML. `slug` is the page's path without its slash.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    storeId: storeId(),
    slug: text('slug').notNull(),
    /** The page's heading and the first part of its document title. */
    title: text('title').notNull(),
    /** The page's meta description (search results, link previews). */
    description: text('description').notNull(),
    bodyMarkdown: text('body_markdown').notNull(),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.slug] }),
    check('content_pages_slug_format', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

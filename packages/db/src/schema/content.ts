import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { owedEmail, quoted, stamp, storeId } from './columns.ts';

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
 * An enquiry of the enquiry form: the spec's name, mobile, parent_name, school, dob, age and
 * remark. The spec's `school` is the email the form asked, kept as the email (the original
 * product stored it in `school`: docs/spec-deviations.md).
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
    /** The spec's parent_name ('' when not given). */
    parentName: text('parent_name').notNull().default(''),
    /** The spec's dob, YYYY-MM-DD. */
    dob: date('dob', { mode: 'string' }),
    /** The spec's age in years. */
    age: smallint('age'),
    /** 'New' | 'Read' | 'Replied' | 'Closed' | 'Spam' */
    status: text('status').notNull().default('New'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_store_idx').on(t.storeId, t.createdAt),
    check('inquiries_status', sql`${t.status} IN ('New', 'Read', 'Replied', 'Closed', 'Spam')`),
    check('inquiries_age_range', sql`${t.age} BETWEEN 0 AND 120`),
  ],
);

/** The forms whose messages the shop is told of by email. */
export const SHOP_NOTICE_FORMS = ['lead', 'enquiry', 'admission'] as const;
export type ShopNoticeForm = (typeof SHOP_NOTICE_FORMS)[number];

/**
 * A notice owed to the shop of a message its public forms stored (a contact message, an
 * enquiry, an admission form), written in the transaction that stores the message and sent by
 * every API process like the order emails (decision 0049): a crash or an email server that
 * refuses for a while loses none. It holds the notice's words; the address is the store's inbox
 * as it is when the notice is sent. A sent row is deleted; never an Aadhaar number or a code.
 */
export const shopNotices = pgTable(
  'shop_notices',
  {
    ...owedEmail(),
    storeId: storeId(),
    /** Which form stored the message, and the message's id in that form's table. */
    form: text('form').$type<ShopNoticeForm>().notNull(),
    itemId: uuid('item_id').notNull(),
    subject: text('subject').notNull(),
    intro: text('intro').notNull(),
    /** The notice's "label: value" lines. */
    fields: jsonb('fields').$type<[label: string, value: string][]>().notNull(),
  },
  (t) => [
    index('shop_notices_due_idx')
      .on(t.dueAt)
      .where(sql`${t.gaveUpAt} IS NULL`),
    check('shop_notices_form', sql`${t.form} IN (${quoted(SHOP_NOTICE_FORMS)})`),
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

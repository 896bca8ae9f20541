import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A shop. Every other row belongs to exactly one store. */
export const stores = pgTable('stores', {
  /** The store id the storefront sends as `storeId` / `main_id`. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Shop contact, used in messages and links. */
  email: text('email').notNull().default(''),
  phone: text('phone').notNull().default(''),
  whatsappNumber: text('whatsapp_number').notNull().default(''),
  /** The shop's logo (an uploaded image's URL); empty: the name is the word mark. */
  logoUrl: text('logo_url').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { stores } from './stores.ts';

/**
 * A line of a signed-in customer's cart. Only identity and quantity are kept: names, prices,
 * stock and images are read from the catalogue whenever the cart is read, so they are never stale
 * and never the client's.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The product's sku, or the chosen variation's sku for a Variable product. */
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('cart_lines_user_sku_key').on(t.userId, t.sku),
    index('cart_lines_user_idx').on(t.userId, t.createdAt),
    check('cart_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

/** A quote request (stores whose default purchase button is Get Quote). Amounts in paise. */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull().default(''),
    description: text('description').notNull().default(''),
    /** The lines as the server priced them: product_id, sku, title, quantity, prices, image. */
    cartProducts: jsonb('cart_products').$type<unknown[]>().notNull(),
    amountBeforeDiscountPaise: integer('amount_before_discount_paise').notNull(),
    amountAfterDiscountPaise: integer('amount_after_discount_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    couponCode: text('coupon_code').notNull().default(''),
    couponApplied: boolean('coupon_applied').notNull().default(false),
    guestVeg: integer('guest_veg').notNull().default(0),
    guestNonVeg: integer('guest_non_veg').notNull().default(0),
    paymentMode: text('payment_mode').notNull().default('NA'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('quote_requests_store_idx').on(t.storeId, t.createdAt),
    check(
      'quote_requests_amounts_not_negative',
      sql`${t.amountBeforeDiscountPaise} >= 0 AND ${t.amountAfterDiscountPaise} >= 0 AND ${t.discountPaise} >= 0`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders } from './orders.ts';
import { stores } from './stores.ts';
import { paise, stamp } from './columns.ts';

/**
 * A coupon of a store: either a percentage of the sale total (capped by maxDiscountPaise when
 * set) or a fixed amount, never more than the total. `uses` counts the uses taken by placed
 * orders and not released; the CHECK keeps it within totalUsageLimit, so concurrent checkouts can
 * never use a coupon more often than allowed.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** As the shop typed it; matched case-insensitively. */
    code: text('code').notNull(),
    /** Whole percent, 1 to 100. Exactly one of percentageOffer and priceOfferPaise is set. */
    percentageOffer: integer('percentage_offer'),
    priceOfferPaise: paise('price_offer_paise'),
    active: boolean('active').notNull().default(true),
    startsAt: stamp('starts_at'),
    endsAt: stamp('ends_at'),
    /** The sale total the cart must reach for the coupon to apply. */
    minimumSaleTotalPaise: paise('minimum_sale_total_paise').notNull().default(0),
    /** Cap of a percentage discount; null: no cap. */
    maxDiscountPaise: paise('max_discount_paise'),
    /** Null: unlimited. */
    totalUsageLimit: integer('total_usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    uses: integer('uses').notNull().default(0),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('coupons_store_code_key').on(t.storeId, sql`lower(${t.code})`),
    check('coupons_code_not_blank', sql`btrim(${t.code}) <> ''`),
    check(
      'coupons_one_kind_of_offer',
      sql`(${t.percentageOffer} IS NULL) <> (${t.priceOfferPaise} IS NULL)`,
    ),
    check(
      'coupons_percentage_range',
      sql`${t.percentageOffer} IS NULL OR (${t.percentageOffer} >= 1 AND ${t.percentageOffer} <= 100)`,
    ),
    check(
      'coupons_amounts_not_negative',
      sql`(${t.priceOfferPaise} IS NULL OR ${t.priceOfferPaise} > 0) AND ${t.minimumSaleTotalPaise} >= 0 AND (${t.maxDiscountPaise} IS NULL OR ${t.maxDiscountPaise} > 0)`,
    ),
    check(
      'coupons_window',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`,
    ),
    check(
      'coupons_limits',
      sql`(${t.totalUsageLimit} IS NULL OR ${t.totalUsageLimit} >= 0) AND (${t.perCustomerLimit} IS NULL OR ${t.perCustomerLimit} >= 1)`,
    ),
    check(
      'coupons_uses_within_limit',
      sql`${t.uses} >= 0 AND (${t.totalUsageLimit} IS NULL OR ${t.uses} <= ${t.totalUsageLimit})`,
    ),
  ],
);

/**
 * One use of a coupon, taken with the order that used it (same transaction as `coupons.uses`
 * + 1). An order that is never paid releases it (releasedAt set, `uses` - 1). Per-customer limits
 * count the unreleased rows of the user.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    discountPaise: paise('discount_paise').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
    releasedAt: stamp('released_at'),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_key').on(t.orderId),
    index('coupon_redemptions_coupon_user_idx')
      .on(t.couponId, t.userId)
      .where(sql`${t.releasedAt} IS NULL`),
    check('coupon_redemptions_discount_not_negative', sql`${t.discountPaise} >= 0`),
  ],
);

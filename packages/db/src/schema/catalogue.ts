import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';
import { storeId } from './columns.ts';

/** A tsvector column, written by PostgreSQL itself (generated column). */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A product of a store. Money is integer paise. The list-valued fields are jsonb; an imported
 * value may be JSON text rather than a list, which the API parses (empty list on failure).
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    title: text('title').notNull(),
    sku: text('sku').notNull(),
    image: text('image').notNull().default(''),
    gallery: jsonb('gallery').$type<unknown>().notNull().default([]),
    description: text('description').notNull().default(''),
    shortDescription: text('short_description').notNull().default(''),
    /** 'Simple' | 'Variable Product' | 'Grouped Product' */
    productType: text('product_type').notNull().default('Simple'),
    /** 'Active' | 'Inactive' */
    status: text('status').notNull().default('Active'),
    category: text('category').notNull(),
    /** Merchandising tags such as "Best Sellers" and "Trending". */
    categorytype: text('categorytype')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    originalPricePaise: integer('original_price_paise').notNull(),
    /** 0 means no sale price. */
    discountPricePaise: integer('discount_price_paise').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    totalSold: integer('total_sold').notNull().default(0),
    keyFeatures: jsonb('key_features').$type<unknown>().notNull().default([]),
    specifications: jsonb('specifications').$type<unknown>().notNull().default([]),
    attribute: jsonb('attribute').$type<unknown>().notNull().default([]),
    downloadableFiles: jsonb('downloadable_files').$type<unknown>().notNull().default([]),
    deliveryDays: integer('delivery_days').notNull().default(5),
    /** HSN (goods) or SAC (services, e.g. 9992 for education) code for the GST invoice. */
    hsnCode: text('hsn_code').notNull().default(''),
    /**
     * GST rate in basis points (500 = 5%). Prices are GST-inclusive. When gstThresholdPaise is
     * set, a unit (the variation's for a Variable product) sold above it takes gstRateAboveBp
     * instead (apparel: 5% up to ₹2,500 a piece, 18% above); the domain's GST rule applies it.
     */
    gstRateBp: integer('gst_rate_bp').notNull().default(1800),
    gstThresholdPaise: integer('gst_threshold_paise'),
    gstRateAboveBp: integer('gst_rate_above_bp'),
    /** Listing order of "Recommended": the order the shop entered its products. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(category, '') || ' ' || coalesce(short_description, ''))`,
    ),
  },
  (t) => [
    uniqueIndex('products_store_sku_key').on(t.storeId, t.sku),
    index('products_store_listing_idx').on(t.storeId, t.status, t.position),
    index('products_store_created_idx').on(t.storeId, t.createdAt),
    index('products_store_sold_idx').on(t.storeId, t.totalSold),
    index('products_search_idx').using('gin', t.searchVector),
    // The storefront's listings (docs/benchmarks.md "Load mix"): each sort of the
    // whole catalogue and of one category read in order from an index of the active products,
    // so a page reads its rows and stops. The category key and the price are the listing
    // query's own expressions (catalogue-repository.ts), so the planner matches them.
    index('products_active_price_idx')
      .on(
        t.storeId,
        sql`(CASE WHEN ${t.discountPricePaise} > 0 THEN ${t.discountPricePaise} ELSE ${t.originalPricePaise} END)`,
      )
      .where(sql`${t.status} = 'Active'`),
    index('products_active_category_position_idx')
      .on(t.storeId, sql`lower(btrim(${t.category}))`, t.position, t.id)
      .where(sql`${t.status} = 'Active'`),
    index('products_active_category_created_idx')
      .on(t.storeId, sql`lower(btrim(${t.category}))`, t.createdAt)
      .where(sql`${t.status} = 'Active'`),
    index('products_active_category_sold_idx')
      .on(t.storeId, sql`lower(btrim(${t.category}))`, t.totalSold)
      .where(sql`${t.status} = 'Active'`),
    index('products_active_category_price_idx')
      .on(
        t.storeId,
        sql`lower(btrim(${t.category}))`,
        sql`(CASE WHEN ${t.discountPricePaise} > 0 THEN ${t.discountPricePaise} ELSE ${t.originalPricePaise} END)`,
      )
      .where(sql`${t.status} = 'Active'`),
    index('products_categorytype_idx').using('gin', t.categorytype),
    // Search and suggestions match `title ILIKE '%text%'`: trigrams (pg_trgm, migration
    // "pg-trgm") let that use an index instead of reading every product.
    index('products_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check(
      'products_amounts_not_negative',
      sql`${t.originalPricePaise} >= 0 AND ${t.discountPricePaise} >= 0 AND ${t.stock} >= 0 AND ${t.totalStock} >= 0 AND ${t.totalSold} >= 0 AND ${t.deliveryDays} >= 0`,
    ),
    check(
      'products_gst_rate',
      sql`${t.gstRateBp} >= 0 AND ${t.gstRateBp} <= 10000 AND (${t.gstThresholdPaise} IS NULL) = (${t.gstRateAboveBp} IS NULL) AND (${t.gstThresholdPaise} IS NULL OR ${t.gstThresholdPaise} >= 0) AND (${t.gstRateAboveBp} IS NULL OR (${t.gstRateAboveBp} >= 0 AND ${t.gstRateAboveBp} <= 10000))`,
    ),
  ],
);

/** A variation of a Variable product: its own sku, price, sale price and stock. */
export const variations = pgTable(
  'variations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    pricePaise: integer('price_paise').notNull(),
    salePricePaise: integer('sale_price_paise').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    imageUrl: text('image_url').notNull().default(''),
    galleryImages: jsonb('gallery_images').$type<unknown>().notNull().default([]),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('variations_store_sku_key').on(t.storeId, t.sku),
    index('variations_product_idx').on(t.productId, t.position),
    check(
      'variations_amounts_not_negative',
      sql`${t.pricePaise} >= 0 AND ${t.salePricePaise} >= 0 AND ${t.stock} >= 0`,
    ),
  ],
);

/** An item of a Grouped product (a package such as a starter kit). */
export const groupedItems = pgTable(
  'grouped_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The catalogue product this item is, when it is one. */
    memberProductId: uuid('member_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    image: text('image').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('grouped_items_product_idx').on(t.productId, t.position)],
);

/**
 * A size chart the owner writes: for a category (`categoryKey`, the category key lower-cased and
 * trimmed, as products match it) or for one product, whose chart then replaces its category's.
 * `chart` is the owner's text, one row a line, cells split by `|`, tab or comma (a markdown
 * table reads as one); the domain's `parseSizeChart` reads it.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    categoryKey: text('category_key'),
    chart: text('chart').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('size_charts_product_key').on(t.productId),
    uniqueIndex('size_charts_store_category_key').on(t.storeId, t.categoryKey),
    check('size_charts_one_owner', sql`(${t.productId} IS NULL) <> (${t.categoryKey} IS NULL)`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    user: text('user_name').notNull(),
    comment: text('comment').notNull(),
    rating: integer('rating'),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_product_idx').on(t.productId, t.createdAt)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    /** The key products carry in their `category` and the URL uses. */
    category: text('category').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    status: text('status').notNull().default('Active'),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('categories_store_category_key').on(t.storeId, sql`lower(${t.category})`)],
);

export const newArrivalGroups = pgTable(
  'new_arrival_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    categoryName: text('category_name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('new_arrival_groups_store_idx').on(t.storeId, t.position)],
);

export const newArrivalProducts = pgTable(
  'new_arrival_products',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => newArrivalGroups.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.productId] })],
);

export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    image: text('image').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Null when the offer has no Claim Your Offer link. */
    link: text('link'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('offers_store_idx').on(t.storeId, t.position)],
);

export const sliders = pgTable(
  'sliders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    offerName: text('offer_name').notNull().default(''),
    sliderName: text('slider_name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    backgroundImage: text('background_image').notNull().default(''),
    pricePaise: integer('price_paise').notNull().default(0),
    cutOffPricePaise: integer('cut_off_price_paise').notNull().default(0),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('sliders_store_idx').on(t.storeId, t.position),
    check('sliders_amounts_not_negative', sql`${t.pricePaise} >= 0 AND ${t.cutOffPricePaise} >= 0`),
  ],
);

export const marquees = pgTable(
  'marquees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    heading: text('heading').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('marquees_store_idx').on(t.storeId, t.position)],
);

/** Which purchase buttons the store shows: getquote, addtocart, buynow. */
export const cartButtons = pgTable(
  'cart_buttons',
  {
    storeId: storeId(),
    buttonId: text('button_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status').notNull().default('Active'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.buttonId] })],
);

/** Which payment modes the store offers: paymanual, paynow, payondelivery. */
export const payButtons = pgTable(
  'pay_buttons',
  {
    storeId: storeId(),
    buttonId: text('button_id').notNull(),
    label: text('label').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status').notNull().default('Active'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.buttonId] })],
);

export const pageMeta = pgTable('page_meta', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  keywords: text('keywords').notNull().default(''),
  author: text('author').notNull().default(''),
  icon: text('icon').notNull().default(''),
  scripts: jsonb('scripts').$type<string[]>().notNull().default([]),
});

export const pincodes = pgTable(
  'pincodes',
  {
    storeId: storeId(),
    pincode: text('pincode').notNull(),
    status: text('status').notNull().default('Active'),
    /** Approximate centre, used by the offline geocoding adapter. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.pincode] })],
);

/**
 * The catalogue's version: the sum of `version` over the rows (64 stripes), which grows with every
 * write to a catalogue table (statement-level triggers, see the migrations
 * "catalogue-version-triggers" and "checkout-version": each write bumps the stripe of its
 * backend, so concurrent orders taking stock do not queue on one row). API processes compare it
 * to drop cached catalogue responses, so any writer (API, admin, SQL console, another process)
 * invalidates them.
 */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The search index's version (decision 0029): bumped only by writes that change what a search
 * finds or its order (a product's title, category, short description, tags, status, position,
 * prices, created date; any product added or deleted; any category write), not by the stock
 * an order takes, so orders do not make every API process rebuild its search indexes. The sum of
 * 64 stripes, each backend bumping its own (as `catalogue_state`), so concurrent edits never
 * deadlock on one row. Triggers in the migration "search-version".
 */
export const searchState = pgTable('search_state', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

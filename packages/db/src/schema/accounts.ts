import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { stamp, storeId } from './columns.ts';

/** A customer account of one store. The same email may have an account in each store. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    /** Kept lower-cased and trimmed. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    gstNo: text('user_gst_no').notNull().default(''),
    /** argon2id (PHC string); null for an account that only signs in with Google. */
    passwordHash: text('password_hash'),
    /** Google's stable subject id, once the account has signed in with Google. */
    googleSub: text('google_sub'),
    /**
     * The user's role in its store (users are per store): 'customer' (every account), 'staff' or
     * 'owner'. Read into the access token at sign-in and at every refresh.
     */
    role: text('role').notNull().default('customer'),
    /**
     * When the shopper's data was erased (issue 61 item 3): the row stays, anonymised
     * (`erased-<id>@invalid`, no name, mobile, password or Google id), so held orders keep their
     * link; it can no longer sign in, and the email is free to sign up afresh.
     */
    erasedAt: stamp('erased_at'),
    /**
     * The account's last sign-in or session refresh (issue 61 item 5): a customer account not
     * active for the store's `inactive_account_days` is erased by the daily retention job, after
     * an email 48 hours before. Backfilled from the latest session (or the sign-up) by 0048.
     */
    lastActiveAt: stamp('last_active_at').notNull().defaultNow(),
    /** When the retention job emailed that the account will be erased; a sign-in clears it. */
    inactivityWarnedAt: stamp('inactivity_warned_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('users_store_email_key').on(t.storeId, t.email),
    uniqueIndex('users_store_google_key').on(t.storeId, t.googleSub),
    check('users_role_known', sql`${t.role} in ('customer', 'staff', 'owner')`),
    index('users_store_last_active_idx').on(t.storeId, t.lastActiveAt),
  ],
);

/**
 * A one-time email code. Only its HMAC is stored. At most one live code per store and email:
 * sending a new one retires the older ones. `verifiedAt` is set by a right guess; the signup or
 * reset that follows consumes it.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    email: text('email').notNull(),
    /** 'signup' | 'reset' */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: stamp('expires_at').notNull(),
    verifiedAt: stamp('verified_at'),
    /** Set when used, when another code of its email and purpose was verified, or when unsent. */
    consumedAt: stamp('consumed_at'),
    createdAt: stamp('created_at').notNull(),
  },
  (t) => [
    index('otp_codes_store_email_idx').on(t.storeId, t.email, t.createdAt),
    check('otp_codes_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A refresh token: random, stored as its SHA-256, rotated on every use. Tokens descended from
 * one sign-in share a family; presenting a rotated-out token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    revokedAt: stamp('revoked_at'),
    createdAt: stamp('created_at').notNull(),
    /**
     * Where the family's session was started: 'storefront' (password, email code, Google) or
     * 'admin' (the admin sign-in). Every token of a family has its first one's; only an 'admin'
     * family's refresh signs a token with staff or owner power (decision 0032).
     */
    scope: text('scope').notNull().default('storefront'),
    /**
     * Whether the family's admin session may act while its store asks staff for the emailed
     * code: it began with the code (`/api/admin/login/verify`), or it is the owner's session
     * that turned the code on. Every token of a family has its first one's. A store that turns
     * the code on ends its admin sessions without it; while the code is on, one without it is
     * refused (its refresh and its access tokens; issue 58 item 5).
     */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_user_idx').on(t.userId),
    index('refresh_tokens_family_idx').on(t.familyId),
    check('refresh_tokens_scope_known', sql`${t.scope} in ('storefront', 'admin')`),
  ],
);

/** Fixed-window counters for rate limits, shared by every API process through the database. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: stamp('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_counters_window_idx').on(t.windowStart),
  ],
);

/** An address in a customer's address book. */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'Home' | 'Office' | 'Others' */
    locationUser: text('location_user').notNull(),
    newAddress: text('new_address').notNull(),
    city: text('city').notNull(),
    area: text('area').notNull().default(''),
    pincode: text('pincode').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    defaultShipping: boolean('default_shipping').notNull().default(false),
    defaultBilling: boolean('default_billing').notNull().default(false),
    userName: text('user_name').notNull().default(''),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    // At most one default of each kind per customer.
    uniqueIndex('addresses_one_default_shipping')
      .on(t.userId)
      .where(sql`${t.defaultShipping}`),
    uniqueIndex('addresses_one_default_billing')
      .on(t.userId)
      .where(sql`${t.defaultBilling}`),
  ],
);

/** Push-notification device tokens of a customer (Firebase Cloud Messaging when configured). */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.token] })],
);

/**
 * An invitation to join a store's staff: the owner names an email and a role; a
 * code (only its HMAC kept) is emailed; the invitee accepts with it before `expiresAt`, which
 * makes or promotes the account. A newer invite of the same email retires the older ones.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    /** Kept lower-cased and trimmed. */
    email: text('email').notNull(),
    /** 'staff' | 'owner' */
    role: text('role').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: stamp('expires_at').notNull(),
    /** Set when accepted, or when a newer invite of the email replaced it, or when revoked. */
    closedAt: stamp('closed_at'),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('staff_invites_store_email_idx').on(t.storeId, t.email, t.createdAt),
    check('staff_invites_role_known', sql`${t.role} in ('staff', 'owner')`),
    check('staff_invites_attempts_not_negative', sql`${t.attempts} >= 0`),
  ],
);

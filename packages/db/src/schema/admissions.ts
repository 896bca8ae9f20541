import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { products } from './catalogue.ts';
import { stamp, storeId } from './columns.ts';

/**
 * An academy admission (accounts-checkout-payments §3 "Admission form"), one per customer.
 *
 * The Aadhaar number is sensitive personal data: `aadhaarSealed` is the number encrypted with
 * AES-256-GCM under a key derived from the server secret (the API's secret box, its context
 * bound to the row's store and user), `aadhaarHash` an HMAC-SHA256 of it under another derived
 * key (for look-ups without decrypting), `aadhaarLast4` what masked answers show. The digits
 * themselves are never stored. The number is optional (issue 61 item 7: a private academy may not
 * make Aadhaar a condition): the three columns are all null when none was given.
 *
 * One parent or guardian is asked for (name, relation, mobile), a second optional ('' when not
 * given). A student under 18 needs a parent's verifiable consent (DPDP Act 2023 s.9): until it is
 * recorded (`parentConsent*`: how, by which account, when) the admission is not submitted
 * (`submittedAt` null): the shop does not see it and it cannot be paid.
 */
export const admissions = pgTable(
  'admissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    guardianName: text('guardian_name').notNull().default(''),
    /** 'Mother' | 'Father' | 'Guardian' */
    guardianRelation: text('guardian_relation').notNull().default(''),
    guardianMobile: text('guardian_mobile').notNull().default(''),
    /** The second parent or guardian: each '' when not given. */
    guardian2Name: text('guardian2_name').notNull().default(''),
    guardian2Relation: text('guardian2_relation').notNull().default(''),
    guardian2Mobile: text('guardian2_mobile').notNull().default(''),
    /** YYYY-MM-DD ('' on admissions made before it was required). */
    dob: text('dob').notNull().default(''),
    aadhaarSealed: text('aadhaar_sealed'),
    aadhaarHash: text('aadhaar_hash'),
    aadhaarLast4: text('aadhaar_last4'),
    gender: text('gender').notNull(),
    school: text('school').notNull().default(''),
    address: text('address').notNull(),
    pincode: text('pincode').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    center: text('center').notNull(),
    rulesAgreed: boolean('rules_agreed').notNull(),
    /** When the shop was given it: at once for an adult, at the parent's consent for a child. */
    submittedAt: stamp('submitted_at'),
    /** 'declared' (the account holder said they are the parent) | 'parent_account' (the link). */
    parentConsentMethod: text('parent_consent_method'),
    /** The account that consented (kept as a record if that account goes: its email stays). */
    parentConsentBy: uuid('parent_consent_by').references(() => users.id, {
      onDelete: 'set null',
    }),
    parentConsentEmail: text('parent_consent_email'),
    parentConsentAt: stamp('parent_consent_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('admissions_user_key').on(t.userId),
    index('admissions_store_aadhaar_hash_idx').on(t.storeId, t.aadhaarHash),
    check('admissions_aadhaar_last4', sql`${t.aadhaarLast4} ~ '^[0-9]{4}$'`),
    check('admissions_aadhaar_sealed', sql`${t.aadhaarSealed} LIKE 'v1.%'`),
    check('admissions_rules_agreed', sql`${t.rulesAgreed}`),
    check(
      'admissions_aadhaar_all_or_none',
      sql`(${t.aadhaarSealed} IS NULL) = (${t.aadhaarHash} IS NULL) AND (${t.aadhaarHash} IS NULL) = (${t.aadhaarLast4} IS NULL)`,
    ),
    check(
      'admissions_parent_consent',
      sql`(${t.parentConsentMethod} IS NULL OR ${t.parentConsentMethod} in ('declared', 'parent_account')) AND (${t.parentConsentMethod} IS NULL) = (${t.parentConsentAt} IS NULL)`,
    ),
    index('admissions_store_submitted_idx').on(t.storeId, t.submittedAt),
  ],
);

/**
 * A request emailed to a parent to consent to a child's admission from their own account
 * (issue 61 item 4): single use, expiring; only the SHA-256 of its token is stored. A newer
 * request of the admission retires the older ones (`usedAt` set).
 */
export const admissionConsentRequests = pgTable(
  'admission_consent_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    admissionId: uuid('admission_id')
      .notNull()
      .references(() => admissions.id, { onDelete: 'cascade' }),
    /** Kept lower-cased: the only account that may confirm is the store's account of this email. */
    parentEmail: text('parent_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: stamp('expires_at').notNull(),
    /** Set when confirmed, or when a newer request retired it. */
    usedAt: stamp('used_at'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admission_consent_requests_token_key').on(t.tokenHash),
    index('admission_consent_requests_admission_idx').on(t.admissionId),
  ],
);

/** Each time the shop owner revealed an admission's Aadhaar number (who, when). */
export const admissionAadhaarReveals = pgTable(
  'admission_aadhaar_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    admissionId: uuid('admission_id')
      .notNull()
      .references(() => admissions.id, { onDelete: 'cascade' }),
    /** The owner who revealed it (kept if that account goes: the record stays). */
    revealedBy: uuid('revealed_by').references(() => users.id, { onDelete: 'set null' }),
    revealedAt: stamp('revealed_at').notNull().defaultNow(),
  },
  (t) => [index('admission_aadhaar_reveals_admission_idx').on(t.admissionId, t.revealedAt)],
);

/**
 * A course's details shown to parents (issue 59 item 5): its batch, schedule, age group and
 * place, edited by the owner beside the course (a product in the category courses). One row per
 * course; no row: none given yet. Each text is at most 120 characters ('' when not given).
 */
export const courseDetails = pgTable(
  'course_details',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: storeId(),
    batch: text('batch').notNull().default(''),
    schedule: text('schedule').notNull().default(''),
    ageGroup: text('age_group').notNull().default(''),
    place: text('place').notNull().default(''),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('course_details_store_idx').on(t.storeId),
    check(
      'course_details_lengths',
      sql`length(${t.batch}) <= 120 AND length(${t.schedule}) <= 120 AND length(${t.ageGroup}) <= 120 AND length(${t.place}) <= 120`,
    ),
  ],
);

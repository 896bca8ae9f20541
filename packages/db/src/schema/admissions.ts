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
 * themselves are never stored.
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
    fatherName: text('father_name').notNull(),
    motherName: text('mother_name').notNull(),
    /** YYYY-MM-DD or '' (optional). */
    dob: text('dob').notNull().default(''),
    aadhaarSealed: text('aadhaar_sealed').notNull(),
    aadhaarHash: text('aadhaar_hash').notNull(),
    aadhaarLast4: text('aadhaar_last4').notNull(),
    gender: text('gender').notNull(),
    school: text('school').notNull().default(''),
    address: text('address').notNull(),
    pincode: text('pincode').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email').notNull(),
    center: text('center').notNull(),
    rulesAgreed: boolean('rules_agreed').notNull(),
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

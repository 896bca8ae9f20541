import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { stores } from './stores.ts';
import { paise, stamp, storeId } from './columns.ts';

/**
 * What checkout needs to know about a store: who sells (GSTIN, legal name, state for the GST
 * split), where the office is (distance for the delivery charge), where new-order notices go and
 * the pay-on-delivery advance. One row per store; a store without a row cannot take orders.
 * A table of its own rather than columns on `stores`, so the catalogue's store row stays small
 * and the admin can edit these settings as one unit.
 */
export const storeSettings = pgTable(
  'store_settings',
  {
    storeId: text('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** 15 characters; its first two digits are the GST state code. Empty: not registered. */
    gstin: text('gstin').notNull().default(''),
    legalName: text('legal_name').notNull(),
    /** The store's state, e.g. "Maharashtra": CGST+SGST for shipments inside it, IGST outside. */
    state: text('state').notNull(),
    /** Two-digit GST state code, e.g. "27" for Maharashtra. */
    gstStateCode: text('gst_state_code').notNull(),
    /** The seller's address printed on tax invoices; empty: the office address. */
    invoiceAddress: text('invoice_address').notNull().default(''),
    /** The spec's google_address of the office. */
    officeAddress: text('office_address').notNull(),
    officePincode: text('office_pincode').notNull().default(''),
    officeLatitude: doublePrecision('office_latitude').notNull(),
    officeLongitude: doublePrecision('office_longitude').notNull(),
    /** Straight-line distance times this is the road distance the bands are priced on. */
    roadFactor: doublePrecision('road_factor').notNull().default(1.3),
    /** Where new-order notices go (the shop's own inbox). */
    notificationEmail: text('notification_email').notNull().default(''),
    /** Pay on delivery: percent of the total taken online in advance (0 to 100). */
    deliveryPercentage: integer('delivery_percentage').notNull().default(0),
    /** The dashboard lists products and variations with this much stock or less. */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /**
     * Manual UPI payment (the spec's paymanual, decision 0039): the shop's UPI ID (`name@bank`,
     * checked by the domain's `checkUpiId`) and the payee name UPI apps show; empty: not set up.
     * Whether checkout offers it is the `paymanual` pay button.
     */
    upiId: text('upi_id').notNull().default(''),
    upiPayeeName: text('upi_payee_name').notNull().default(''),
    /**
     * The shop's own merchant QR image (a media URL, its `upi://pay` link checked to carry
     * `upiId` when uploaded); empty: shoppers see a QR generated for each order's amount.
     */
    upiQrImage: text('upi_qr_image').notNull().default(''),
    /**
     * The grievance officer shoppers may write to (Consumer Protection (E-Commerce) Rules 2020,
     * rule 4(4)/5(5); the DPDP Act's contact for questions about personal data): name and email
     * (both needed for the contact to count), phone optional. Empty: not given yet.
     */
    grievanceOfficerName: text('grievance_officer_name').notNull().default(''),
    grievanceOfficerEmail: text('grievance_officer_email').notNull().default(''),
    grievanceOfficerPhone: text('grievance_officer_phone').notNull().default(''),
    /**
     * Courses may be paid on delivery, i.e. at the academy (issue 59 item 5): off by default, a
     * course is then paid online (or by UPI) only; the domain's `payOnDeliveryAllowed`.
     */
    payAtAcademy: boolean('pay_at_academy').notNull().default(false),
    /** Staff and the owner sign in to the admin with a code emailed at each sign-in too. */
    staffSecondFactor: boolean('staff_second_factor').notNull().default(false),
    /**
     * Retention periods the owner sets (issue 61 item 5; the defaults are `RETENTION_RULES` of
     * @shop/domain): enquiries, contact messages and quote requests are erased this many days
     * after they were sent, customer accounts this many days after their last sign-in.
     */
    enquiryRetentionDays: integer('enquiry_retention_days').notNull().default(730),
    inactiveAccountDays: integer('inactive_account_days').notNull().default(1095),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('store_settings_state_code_format', sql`${t.gstStateCode} ~ '^[0-9]{2}$'`),
    check(
      'store_settings_gstin_format',
      sql`${t.gstin} = '' OR (${t.gstin} ~ '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$' AND substr(${t.gstin}, 1, 2) = ${t.gstStateCode})`,
    ),
    check(
      'store_settings_office_coordinates',
      sql`${t.officeLatitude} BETWEEN -90 AND 90 AND ${t.officeLongitude} BETWEEN -180 AND 180`,
    ),
    check('store_settings_road_factor', sql`${t.roadFactor} >= 1 AND ${t.roadFactor} <= 5`),
    check('store_settings_low_stock_threshold', sql`${t.lowStockThreshold} >= 0`),
    check(
      'store_settings_retention_days',
      sql`${t.enquiryRetentionDays} BETWEEN 180 AND 3650 AND ${t.inactiveAccountDays} BETWEEN 180 AND 3650`,
    ),
    check(
      'store_settings_delivery_percentage',
      sql`${t.deliveryPercentage} >= 0 AND ${t.deliveryPercentage} <= 100`,
    ),
  ],
);

/**
 * A delivery price band: a shipment whose (rounded) distance falls in it pays delivery_price.
 * `maxKilometer` null means no upper limit ("40+ km"). Which end of a band is inclusive is the
 * domain's delivery rule.
 */
export const deliveryPriceBands = pgTable(
  'delivery_price_bands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    minKilometer: integer('min_kilometer').notNull(),
    maxKilometer: integer('max_kilometer'),
    deliveryPricePaise: paise('delivery_price_paise').notNull(),
    /** 'Active' | 'Inactive' */
    status: text('status').notNull().default('Active'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('delivery_price_bands_store_idx').on(t.storeId, t.minKilometer),
    check(
      'delivery_price_bands_range',
      sql`${t.minKilometer} >= 0 AND (${t.maxKilometer} IS NULL OR ${t.maxKilometer} >= ${t.minKilometer})`,
    ),
    check('delivery_price_bands_price_not_negative', sql`${t.deliveryPricePaise} >= 0`),
    check('delivery_price_bands_status', sql`${t.status} IN ('Active', 'Inactive')`),
  ],
);

/**
 * A free-delivery band: a shipment whose distance falls in it is delivered free when the sale
 * total reaches freedelivery_price. `maxKilometer` null means no upper limit.
 */
export const freeDeliveryBands = pgTable(
  'free_delivery_bands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    minKilometer: integer('min_kilometer').notNull(),
    maxKilometer: integer('max_kilometer'),
    /** The sale total (after coupon) from which delivery is free. */
    freeDeliveryPricePaise: paise('free_delivery_price_paise').notNull(),
    status: text('status').notNull().default('Active'),
  },
  (t) => [
    index('free_delivery_bands_store_idx').on(t.storeId, t.minKilometer),
    check(
      'free_delivery_bands_range',
      sql`${t.minKilometer} >= 0 AND (${t.maxKilometer} IS NULL OR ${t.maxKilometer} >= ${t.minKilometer})`,
    ),
    check('free_delivery_bands_price_not_negative', sql`${t.freeDeliveryPricePaise} >= 0`),
    check('free_delivery_bands_status', sql`${t.status} IN ('Active', 'Inactive')`),
  ],
);

/**
 * A store's own payment-gateway account (set in the admin): it overrides the server's
 * RAZORPAY_* settings for that store. The key secret and the webhook secret are stored only as
 * AES-256-GCM ciphertext (see apps/api/src/adapters/secret-box.ts), never in clear. company_name
 * and company_color are what the checkout modal shows; they may be set without keys.
 */
export const paymentGatewaySettings = pgTable(
  'payment_gateway_settings',
  {
    storeId: text('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    keyId: text('key_id'),
    keySecretCiphertext: text('key_secret_ciphertext'),
    webhookSecretCiphertext: text('webhook_secret_ciphertext'),
    companyName: text('company_name').notNull().default(''),
    companyColor: text('company_color').notNull().default('#2563eb'),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check(
      'payment_gateway_settings_key_pair',
      sql`(${t.keyId} IS NULL) = (${t.keySecretCiphertext} IS NULL)`,
    ),
    check(
      'payment_gateway_settings_webhook_needs_key',
      sql`${t.webhookSecretCiphertext} IS NULL OR ${t.keyId} IS NOT NULL`,
    ),
  ],
);

/**
 * One row whose version grows with every write to a table checkout reads per store (settings,
 * bands, gateway keys, pay buttons, stores: statement-level triggers, see the migration
 * "checkout-version"). API processes cache each store's checkout data and drop it when the
 * number moves, whoever wrote (admin, SQL console, another process). Orders, stock and coupons
 * do not bump it: they are never cached.
 */
export const checkoutState = pgTable('checkout_state', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

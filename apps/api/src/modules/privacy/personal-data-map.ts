/**
 * The personal-data map (DPDP Act 2023; issue 61 item 3): every table and column of the schema
 * (`packages/db/src/schema/*`), by its SQL name, either classified as personal data or declared
 * not personal, each with why. `personal-data-map.test.ts` reads the schema and fails naming any
 * table or column that is in neither list, so a new column is classified when it is added.
 *
 * For each personal table: whose it is (`subject`: the shopper, a staff member, the shop's own
 * people), how a row reaches the account it belongs to (`path`: its own `user_id`, through its
 * order, its admission, the account's email…), whether a legal hold keeps it, and where the
 * shopper's export (`GET /api/privacy/export`) shows it or why it does not. Each personal column
 * has its kind and, for a secret or another person's data, how the export treats it.
 *
 * Erasure (`POST /api/privacy/erasure`, `erasure-steps.ts`) keeps on held rows only the columns
 * marked `keptUnderHold`, redacts the audit log with the values of the identifying kinds
 * (`erasure-strings.ts`), and answers each kept table with its `legalHold`; its test reads
 * every personal column back by the map's paths (`erasure-routes.test.ts`; docs/privacy.md).
 */

/** What a personal column holds. */
export type PersonalKind =
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'location'
  | 'dob'
  | 'age'
  | 'gender'
  | 'family-relation'
  | 'school'
  | 'aadhaar-sealed'
  | 'aadhaar-hash'
  | 'aadhaar-last4'
  | 'gstin'
  | 'free-text'
  | 'ip-or-email-key'
  | 'device-token'
  | 'credential'
  | 'external-account-id'
  | 'payment-reference'
  | 'account-id'
  | 'record-snapshot';

/** A personal column: its kind, and how the export shows it (`shown` when not said). */
export interface PersonalColumn {
  kind: PersonalKind;
  /**
   * `shown`: the value as stored; `masked`: only its masked form (Aadhaar: the last four);
   * `withheld`: never exported (a secret, a hash, or another person's data), with `why`.
   */
  export?: 'shown' | 'masked' | 'withheld';
  /** Whose data the column is when not the row's person (e.g. the staff member who acted). */
  of?: 'staff' | 'actor';
  why?: string;
  /**
   * Erasure keeps this column's value on rows a legal hold keeps (issue 61 item 3): on an order
   * with a tax document, what the invoice prints (recipient's name, GSTIN, billing and shipping
   * address, place of supply); on every order and payment record, the payment references that are
   * the shop's accounts of money received (CGST Act s.36). Every other personal column of the
   * shopper's rows is blanked, or its row deleted. Columns of another person (`of`) are left as
   * they are: they are not the shopper's.
   */
  keptUnderHold?: true;
}

/** How a row reaches the account it belongs to. */
export type PersonalPath =
  | { via: 'user_id'; column: string }
  | { via: 'order'; column: 'order_id'; note?: string }
  | { via: 'admission'; column: 'admission_id' }
  | { via: 'email'; column: 'email'; note: string }
  | { via: 'inbox-item'; column: 'item_id'; note: string }
  | { via: 'audit-entity'; column: 'entity_id'; note: string }
  | { via: 'none'; note: string };

/** A legal duty to keep the row, whatever the person asks. */
export interface LegalHold {
  law: string;
  keep: string;
}

/** CGST Act 2017 s.36 with Rule 56: tax invoices and the accounts behind them. */
export const GST_HOLD: LegalHold = {
  law: 'CGST Act 2017 s.36 (with CGST Rules 56-58): accounts and records, GST invoices',
  keep: "72 months from the due date of the annual return of the invoice's financial year",
};
/** DPDP Rules 2025 Rule 6: logs of processing, kept for a year. */
export const PROCESSING_LOG_HOLD: LegalHold = {
  law: 'DPDP Rules 2025 Rule 6(1)(e): logs of processing personal data',
  keep: 'one year',
};

/** Where the shopper's export shows a table, or why it does not. */
export type ExportPlace = { section: ExportSection } | { omitted: string };

export type ExportSection =
  | 'profile'
  | 'sessions'
  | 'push_devices'
  | 'addresses'
  | 'cart'
  | 'orders'
  | 'order_lines'
  | 'order_timeline'
  | 'order_utrs'
  | 'invoices'
  | 'admissions'
  | 'aadhaar_reveals'
  | 'enquiries'
  | 'contact_messages'
  | 'quotes'
  | 'consents';

export interface PersonalTable {
  /** The API module that owns the table (`modules/table-owners.js`). */
  owner: string;
  /** Whose personal data the rows are. */
  subject: 'shopper' | 'staff' | 'shop';
  path: PersonalPath;
  legalHold?: LegalHold;
  export: ExportPlace;
  personal: Readonly<Record<string, PersonalColumn>>;
  /** The table's other columns, not personal by themselves (ids, amounts, states, times). */
  notPersonal: readonly string[];
}

export interface NotPersonalTable {
  why: string;
  columns: readonly string[];
}

const ROW_ID = ['id', 'store_id'] as const;
const withheldSecret = (why: string): PersonalColumn => ({
  kind: 'credential',
  export: 'withheld',
  why,
});
const staffAccount = (why: string): PersonalColumn => ({
  kind: 'account-id',
  of: 'staff',
  export: 'withheld',
  why,
});

/** The tables holding personal data, by SQL name. */
export const personalTables: Readonly<Record<string, PersonalTable>> = {
  users: {
    owner: 'accounts',
    subject: 'shopper',
    path: { via: 'user_id', column: 'id' },
    export: { section: 'profile' },
    personal: {
      email: { kind: 'email' },
      full_name: { kind: 'name' },
      mobile: { kind: 'phone' },
      user_gst_no: { kind: 'gstin' },
      password_hash: withheldSecret('a password hash is a secret, even to its owner'),
      google_sub: { kind: 'external-account-id' },
    },
    notPersonal: [
      'store_id',
      'role',
      'erased_at',
      'last_active_at',
      'inactivity_warned_at',
      'created_at',
      'updated_at',
    ],
  },
  otp_codes: {
    owner: 'accounts',
    subject: 'shopper',
    path: { via: 'email', column: 'email', note: "the account's email in its store" },
    export: { omitted: 'one-time sign-up and reset codes live minutes; only their hash is kept' },
    personal: {
      email: { kind: 'email' },
      code_hash: withheldSecret("a code's hash is a secret"),
    },
    notPersonal: [
      ...ROW_ID,
      'purpose',
      'attempts',
      'expires_at',
      'verified_at',
      'consumed_at',
      'created_at',
    ],
  },
  refresh_tokens: {
    owner: 'accounts',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: { section: 'sessions' },
    personal: { token_hash: withheldSecret("a session token's hash is a secret") },
    notPersonal: [
      'id',
      'family_id',
      'expires_at',
      'revoked_at',
      'created_at',
      'scope',
      'second_factor',
    ],
  },
  device_tokens: {
    owner: 'accounts',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: { section: 'push_devices' },
    personal: { token: { kind: 'device-token' } },
    notPersonal: ['created_at'],
  },
  staff_invites: {
    owner: 'accounts',
    subject: 'staff',
    path: {
      via: 'email',
      column: 'email',
      note: "the invited person's email; accepted_user_id once accepted",
    },
    export: {
      omitted: "an invitation to the shop's staff: a staff member's data, not a shopper's",
    },
    personal: {
      email: { kind: 'email' },
      code_hash: withheldSecret("an invite code's hash is a secret"),
      invited_by: staffAccount('the owner who invited'),
      accepted_user_id: { kind: 'account-id' },
    },
    notPersonal: [...ROW_ID, 'role', 'attempts', 'expires_at', 'closed_at', 'created_at'],
  },
  addresses: {
    owner: 'addresses',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: { section: 'addresses' },
    personal: {
      new_address: { kind: 'address' },
      city: { kind: 'address' },
      area: { kind: 'address' },
      pincode: { kind: 'address' },
      latitude: { kind: 'location' },
      longitude: { kind: 'location' },
      user_name: { kind: 'name' },
    },
    notPersonal: [
      ...ROW_ID,
      'location_user',
      'default_shipping',
      'default_billing',
      'created_at',
      'updated_at',
    ],
  },
  cart_lines: {
    owner: 'cart',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: { section: 'cart' },
    personal: {},
    notPersonal: [...ROW_ID, 'product_id', 'sku', 'quantity', 'created_at', 'updated_at'],
  },
  quote_requests: {
    owner: 'quotes',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: { section: 'quotes' },
    personal: {
      user_name: { kind: 'name' },
      name: { kind: 'name' },
      mobile: { kind: 'phone' },
      email: { kind: 'email' },
      description: { kind: 'free-text' },
    },
    notPersonal: [
      ...ROW_ID,
      'cart_products',
      'amount_before_discount_paise',
      'amount_after_discount_paise',
      'discount_paise',
      'coupon_code',
      'coupon_applied',
      'guest_veg',
      'guest_non_veg',
      'payment_mode',
      'created_at',
    ],
  },
  orders: {
    owner: 'orders',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    legalHold: GST_HOLD,
    export: { section: 'orders' },
    personal: {
      user_name: { kind: 'name', keptUnderHold: true },
      user_gst_no: { kind: 'gstin', keptUnderHold: true },
      mobile: { kind: 'phone' },
      customer_note: { kind: 'free-text' },
      billing_address: { kind: 'address', keptUnderHold: true },
      shipping_address: { kind: 'address', keptUnderHold: true },
      shipping_state: { kind: 'address', keptUnderHold: true },
      distance_km: { kind: 'location' },
      utr: { kind: 'payment-reference', keptUnderHold: true },
      gateway_payment_id: { kind: 'payment-reference', keptUnderHold: true },
      collected_by_user_id: staffAccount('the staff member who collected the cash'),
    },
    notPersonal: [
      ...ROW_ID,
      'receipt_id',
      'order_number',
      'cart_fingerprint',
      'payment_mode',
      'payment_status',
      'order_status',
      'amount_before_discount_paise',
      'discount_paise',
      'amount_after_discount_paise',
      'delivery_charge_paise',
      'total_amount_paise',
      'amount_to_pay_paise',
      'remaining_amount_paise',
      'delivery_percentage',
      'taxable_value_paise',
      'cgst_paise',
      'sgst_paise',
      'igst_paise',
      'seller_gstin',
      'seller_state_code',
      'shipping_state_code',
      'coupon_applied',
      'coupon_code',
      'billing_address_id',
      'shipping_address_id',
      'admission_id',
      'gateway',
      'gateway_key_id',
      'gateway_order_id',
      'idempotency_key',
      'idempotency_request_hash',
      'utr_submitted_at',
      'payment_expired_at',
      'replaced_by_order_id',
      'stock_hold_expires_at',
      'stock_released_at',
      'delivered',
      'processing_date',
      'shipped_date',
      'out_delivery_date',
      'delivery_date',
      'courier',
      'tracking_number',
      'collected_paise',
      'collected_at',
      'paid_at',
      'failed_at',
      'version',
      'created_at',
      'updated_at',
    ],
  },
  order_lines: {
    owner: 'orders',
    subject: 'shopper',
    path: { via: 'order', column: 'order_id' },
    legalHold: GST_HOLD,
    export: { section: 'order_lines' },
    personal: {},
    notPersonal: [
      ...ROW_ID,
      'product_id',
      'variation_id',
      'sku',
      'name',
      'image',
      'variation_attributes',
      'course',
      'delivery_days',
      'quantity',
      'unit_price_paise',
      'unit_sale_price_paise',
      'line_total_paise',
      'discount_paise',
      'hsn_code',
      'gst_rate_bp',
      'taxable_value_paise',
      'tax_paise',
      'cgst_paise',
      'sgst_paise',
      'igst_paise',
      'position',
    ],
  },
  order_timeline: {
    owner: 'orders',
    subject: 'shopper',
    path: { via: 'order', column: 'order_id' },
    legalHold: GST_HOLD,
    export: { section: 'order_timeline' },
    personal: {
      note: { kind: 'free-text' },
      actor_user_id: {
        kind: 'account-id',
        of: 'actor',
        export: 'withheld',
        why: 'the shopper or the staff member who moved the order; actor_kind says which',
        keptUnderHold: true,
      },
    },
    notPersonal: [...ROW_ID, 'seq', 'at', 'from_status', 'to_status', 'actor_kind', 'event'],
  },
  order_utrs: {
    owner: 'orders',
    subject: 'shopper',
    path: { via: 'order', column: 'order_id' },
    legalHold: GST_HOLD,
    export: { section: 'order_utrs' },
    personal: { utr: { kind: 'payment-reference', keptUnderHold: true } },
    notPersonal: ['store_id', 'entered_at'],
  },
  order_emails: {
    owner: 'orders',
    subject: 'shopper',
    path: { via: 'order', column: 'order_id' },
    export: {
      omitted:
        'an email owed about the order, deleted once sent; it is written from the order, which the export has',
    },
    personal: { details: { kind: 'record-snapshot' } },
    notPersonal: [
      'id',
      'attempts',
      'due_at',
      'sending_until',
      'last_error',
      'gave_up_at',
      'created_at',
      'kind',
    ],
  },
  payment_events: {
    owner: 'payments',
    subject: 'shopper',
    path: { via: 'order', column: 'order_id' },
    legalHold: GST_HOLD,
    export: {
      omitted:
        "the payment gateway's messages, kept as evidence of payment; the order shows its payment",
    },
    personal: {
      payload: {
        kind: 'record-snapshot',
        why: "a gateway's payment may carry the payer's email, phone or UPI id: kept whole as the gateway's signed evidence of payment",
        keptUnderHold: true,
      },
      gateway_payment_id: { kind: 'payment-reference', keptUnderHold: true },
    },
    notPersonal: [
      'id',
      'store_id',
      'gateway',
      'event_id',
      'event_type',
      'gateway_order_id',
      'received_at',
      'processed_at',
    ],
  },
  refunds: {
    owner: 'payments',
    subject: 'shopper',
    path: { via: 'order', column: 'order_id' },
    legalHold: GST_HOLD,
    export: { omitted: "a refund of the order; the order's timeline and credit note show it" },
    personal: {
      gateway_payment_id: { kind: 'payment-reference', keptUnderHold: true },
      gateway_refund_id: { kind: 'payment-reference', keptUnderHold: true },
      reason: { kind: 'free-text', why: "staff's words (a cancel note): blanked on erasure" },
    },
    notPersonal: [...ROW_ID, 'amount_paise', 'status', 'created_at', 'processed_at'],
  },
  coupon_redemptions: {
    owner: 'coupons',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: {
      omitted: 'which coupon an order used: no personal column; the order shows its coupon',
    },
    personal: {},
    notPersonal: [
      ...ROW_ID,
      'coupon_id',
      'order_id',
      'discount_paise',
      'created_at',
      'released_at',
    ],
  },
  tax_documents: {
    owner: 'invoices',
    subject: 'shopper',
    path: { via: 'order', column: 'order_id' },
    legalHold: GST_HOLD,
    export: { section: 'invoices' },
    personal: {},
    notPersonal: [
      ...ROW_ID,
      'kind',
      'number',
      'financial_year',
      'sequence',
      'issued_at',
      'created_at',
    ],
  },
  admissions: {
    owner: 'admissions',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: { section: 'admissions' },
    personal: {
      name: { kind: 'name' },
      guardian_name: { kind: 'name' },
      guardian_relation: { kind: 'family-relation' },
      guardian_mobile: { kind: 'phone' },
      guardian2_name: { kind: 'name' },
      guardian2_relation: { kind: 'family-relation' },
      guardian2_mobile: { kind: 'phone' },
      dob: { kind: 'dob' },
      aadhaar_sealed: {
        kind: 'aadhaar-sealed',
        export: 'withheld',
        why: 'the Aadhaar number sealed; the export shows it masked (aadhaar_last4)',
      },
      aadhaar_hash: { kind: 'aadhaar-hash', export: 'withheld', why: 'a keyed hash of the number' },
      aadhaar_last4: { kind: 'aadhaar-last4', export: 'masked' },
      gender: { kind: 'gender' },
      school: { kind: 'school' },
      address: { kind: 'address' },
      pincode: { kind: 'address' },
      mobile: { kind: 'phone' },
      email: { kind: 'email' },
      parent_consent_by: { kind: 'account-id', why: "the parent's account that consented" },
      parent_consent_email: { kind: 'email' },
    },
    notPersonal: [
      ...ROW_ID,
      'center',
      'rules_agreed',
      'submitted_at',
      'parent_consent_method',
      'parent_consent_at',
      'created_at',
      'updated_at',
    ],
  },
  admission_aadhaar_reveals: {
    owner: 'admissions',
    subject: 'shopper',
    path: { via: 'admission', column: 'admission_id' },
    legalHold: PROCESSING_LOG_HOLD,
    export: { section: 'aadhaar_reveals' },
    personal: { revealed_by: staffAccount('the owner who revealed the number') },
    notPersonal: [...ROW_ID, 'revealed_at'],
  },
  admission_consent_requests: {
    owner: 'admissions',
    subject: 'shopper',
    path: { via: 'admission', column: 'admission_id' },
    export: {
      omitted: 'a consent link emailed to the parent; the admission shows the consent given',
    },
    personal: {
      parent_email: { kind: 'email' },
      token_hash: withheldSecret("a link token's hash is a secret"),
    },
    notPersonal: [...ROW_ID, 'expires_at', 'used_at', 'created_at'],
  },
  leads: {
    owner: 'contact',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    export: { section: 'contact_messages' },
    personal: {
      name: { kind: 'name' },
      email: { kind: 'email' },
      mobile: { kind: 'phone' },
      remark: { kind: 'free-text' },
      user_name: { kind: 'name' },
    },
    notPersonal: [...ROW_ID, 'status', 'created_at'],
  },
  inquiries: {
    owner: 'contact',
    subject: 'shopper',
    path: {
      via: 'email',
      column: 'email',
      note: "the enquiry form keeps no account: an enquiry is the account's when its email is the account's, in its store",
    },
    export: { section: 'enquiries' },
    personal: {
      name: { kind: 'name' },
      mobile: { kind: 'phone' },
      email: { kind: 'email' },
      remark: { kind: 'free-text' },
      parent_name: { kind: 'name' },
      dob: { kind: 'dob' },
      age: { kind: 'age' },
    },
    notPersonal: [...ROW_ID, 'status', 'created_at'],
  },
  shop_notices: {
    owner: 'contact',
    subject: 'shopper',
    path: {
      via: 'inbox-item',
      column: 'item_id',
      note: 'the lead, enquiry or admission (form) it tells of',
    },
    export: {
      omitted:
        "an email owed to the shop about the shopper's form, deleted once sent; the form itself is exported",
    },
    personal: {
      subject: { kind: 'free-text' },
      intro: { kind: 'free-text' },
      fields: { kind: 'record-snapshot', why: "the form's name, email, phone and message" },
      last_error: { kind: 'free-text', why: "an email server's answer may repeat the address" },
    },
    notPersonal: [
      'id',
      'attempts',
      'due_at',
      'sending_until',
      'gave_up_at',
      'created_at',
      'store_id',
      'form',
    ],
  },
  inbox_states: {
    owner: 'inbox',
    subject: 'shopper',
    path: {
      via: 'inbox-item',
      column: 'item_id',
      note: 'the lead, enquiry, quote or admission (kind)',
    },
    export: { omitted: "the shop's work state of the shopper's message (new, contacted, closed)" },
    personal: { assignee_id: staffAccount('the staff member answering it') },
    notPersonal: ['kind', 'store_id', 'status', 'version', 'updated_at'],
  },
  inbox_notes: {
    owner: 'inbox',
    subject: 'shopper',
    path: {
      via: 'inbox-item',
      column: 'item_id',
      note: 'the lead, enquiry, quote or admission (kind)',
    },
    export: {
      omitted:
        "staff's notes on the shopper's message (to be shown on request: issue 61 item 3 erasure design)",
    },
    personal: {
      text: { kind: 'free-text' },
      author_id: staffAccount('the note author'),
      author_email: { kind: 'email', of: 'staff', export: 'withheld', why: "the author's email" },
    },
    notPersonal: [...ROW_ID, 'kind', 'created_at'],
  },
  audit_log: {
    owner: 'audit',
    subject: 'staff',
    path: {
      via: 'audit-entity',
      column: 'entity_id',
      note: "the order, admission or account a staff write touched (entity); its actor is the staff member's",
    },
    legalHold: PROCESSING_LOG_HOLD,
    export: {
      omitted:
        "the shop's record of staff writes; what it records of the shopper is in the exported order or admission",
    },
    personal: {
      actor_user_id: staffAccount('the staff member who wrote'),
      actor_email: { kind: 'email', of: 'staff', export: 'withheld', why: "the actor's email" },
      before: { kind: 'record-snapshot' },
      after: { kind: 'record-snapshot' },
    },
    notPersonal: [...ROW_ID, 'action', 'entity', 'at'],
  },
  data_breaches: {
    owner: 'data-breaches',
    subject: 'staff',
    path: { via: 'user_id', column: 'recorded_by' },
    export: {
      omitted: "the shop's breach register: which kinds of data and how many people, not whose",
    },
    personal: {
      description: {
        kind: 'free-text',
        why: 'written by staff; it should name no shopper (the register counts people)',
      },
      measures: { kind: 'free-text', why: 'written by staff' },
    },
    notPersonal: [
      ...ROW_ID,
      'occurred_at',
      'found_at',
      'data_kinds',
      'people_affected',
      'shoppers_told_at',
      'board_reported_at',
      'created_at',
      'updated_at',
    ],
  },
  reviews: {
    owner: 'catalogue',
    subject: 'shopper',
    path: {
      via: 'none',
      note: 'a review keeps a typed name, not an account: found by name on request',
    },
    export: { omitted: 'not linked to an account' },
    personal: { user_name: { kind: 'name' }, comment: { kind: 'free-text' } },
    notPersonal: [...ROW_ID, 'product_id', 'rating', 'created_at'],
  },
  rate_limit_counters: {
    owner: 'plugins/rate-limiter.ts',
    subject: 'shopper',
    path: {
      via: 'none',
      note: 'a counter key names an IP address or an email; windows last minutes',
    },
    export: { omitted: 'short-lived abuse counters, swept when their window ends' },
    personal: { key: { kind: 'ip-or-email-key' } },
    notPersonal: ['window_start', 'count'],
  },
  stores: {
    owner: 'store-settings',
    subject: 'shop',
    path: { via: 'none', note: "the shop's own published contact details" },
    export: { omitted: "the shop's contact, not a shopper's" },
    personal: {
      email: { kind: 'email' },
      phone: { kind: 'phone' },
      whatsapp_number: { kind: 'phone' },
    },
    notPersonal: ['id', 'name', 'logo_url', 'created_at'],
  },
  store_settings: {
    owner: 'store-settings',
    subject: 'shop',
    path: {
      via: 'none',
      note: "the shop's legal and grievance contact, published on invoices and notices",
    },
    export: { omitted: "the shop's contact, not a shopper's" },
    personal: {
      legal_name: { kind: 'name' },
      invoice_address: { kind: 'address' },
      office_address: { kind: 'address' },
      notification_email: { kind: 'email' },
      upi_payee_name: { kind: 'name' },
      grievance_officer_name: { kind: 'name' },
      grievance_officer_email: { kind: 'email' },
      grievance_officer_phone: { kind: 'phone' },
    },
    notPersonal: [
      'store_id',
      'gstin',
      'state',
      'gst_state_code',
      'office_pincode',
      'office_latitude',
      'office_longitude',
      'road_factor',
      'delivery_percentage',
      'low_stock_threshold',
      'upi_id',
      'upi_qr_image',
      'pay_at_academy',
      'staff_second_factor',
      'enquiry_retention_days',
      'inactive_account_days',
      'updated_at',
    ],
  },
  consents: {
    owner: 'privacy',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    legalHold: PROCESSING_LOG_HOLD,
    export: { section: 'consents' },
    personal: {},
    notPersonal: [...ROW_ID, 'purpose', 'notice_version', 'given_at', 'withdrawn_at', 'source'],
  },
  erasure_requests: {
    owner: 'privacy',
    subject: 'shopper',
    path: { via: 'user_id', column: 'user_id' },
    legalHold: PROCESSING_LOG_HOLD,
    export: { omitted: 'the erasure request itself; the privacy page shows it and what it did' },
    personal: {},
    notPersonal: [
      ...ROW_ID,
      'reason',
      'requested_at',
      'due_at',
      'status',
      'waiting_for',
      'done_at',
      'outcome',
    ],
  },
};

/** The tables that hold no personal data, by SQL name, with why and their columns. */
export const notPersonalTables: Readonly<Record<string, NotPersonalTable>> = {
  privacy_notice_versions: {
    why: "the shop's privacy notice as each version said it",
    columns: ['store_id', 'version', 'content', 'first_seen_at'],
  },
  products: {
    why: 'the catalogue',
    columns: [
      ...ROW_ID,
      'title',
      'sku',
      'image',
      'gallery',
      'description',
      'short_description',
      'product_type',
      'status',
      'category',
      'categorytype',
      'original_price_paise',
      'discount_price_paise',
      'stock',
      'total_stock',
      'total_sold',
      'key_features',
      'specifications',
      'attribute',
      'downloadable_files',
      'delivery_days',
      'hsn_code',
      'gst_rate_bp',
      'gst_threshold_paise',
      'gst_rate_above_bp',
      'position',
      'created_at',
      'updated_at',
      'search_vector',
    ],
  },
  variations: {
    why: 'the catalogue',
    columns: [
      ...ROW_ID,
      'product_id',
      'sku',
      'price_paise',
      'sale_price_paise',
      'stock',
      'image_url',
      'gallery_images',
      'attributes',
      'position',
    ],
  },
  grouped_items: {
    why: 'the catalogue',
    columns: [...ROW_ID, 'product_id', 'member_product_id', 'title', 'image', 'position'],
  },
  size_charts: {
    why: 'the catalogue',
    columns: [...ROW_ID, 'product_id', 'category_key', 'chart', 'updated_at'],
  },
  course_details: {
    why: "a course's batch, schedule, age group and place",
    columns: ['product_id', 'store_id', 'batch', 'schedule', 'age_group', 'place', 'updated_at'],
  },
  categories: {
    why: 'storefront content',
    columns: [...ROW_ID, 'category', 'name', 'icon', 'status', 'position'],
  },
  new_arrival_groups: {
    why: 'storefront content',
    columns: [...ROW_ID, 'category_name', 'description', 'position'],
  },
  new_arrival_products: {
    why: 'storefront content',
    columns: ['group_id', 'product_id', 'position'],
  },
  offers: {
    why: 'storefront content',
    columns: [...ROW_ID, 'image', 'title', 'description', 'link', 'position'],
  },
  sliders: {
    why: 'storefront content',
    columns: [
      ...ROW_ID,
      'offer_name',
      'slider_name',
      'description',
      'image',
      'background_image',
      'price_paise',
      'cut_off_price_paise',
      'product_id',
      'position',
    ],
  },
  marquees: { why: 'storefront content', columns: [...ROW_ID, 'heading', 'position'] },
  page_meta: {
    why: "the site's head tags (author is the shop's published name)",
    columns: ['store_id', 'title', 'description', 'keywords', 'author', 'icon', 'scripts'],
  },
  content_pages: {
    why: "the shop's pages",
    columns: ['store_id', 'slug', 'title', 'description', 'body_markdown', 'updated_at'],
  },
  cart_buttons: {
    why: 'store settings',
    columns: ['store_id', 'button_id', 'is_default', 'status'],
  },
  pay_buttons: {
    why: 'store settings',
    columns: ['store_id', 'button_id', 'label', 'is_default', 'status'],
  },
  payment_gateway_settings: {
    why: "the shop's gateway keys (sealed) and checkout look",
    columns: [
      'store_id',
      'key_id',
      'key_secret_ciphertext',
      'webhook_secret_ciphertext',
      'company_name',
      'company_color',
      'updated_at',
    ],
  },
  delivery_price_bands: {
    why: 'delivery prices',
    columns: [
      ...ROW_ID,
      'min_kilometer',
      'max_kilometer',
      'delivery_price_paise',
      'status',
      'position',
    ],
  },
  free_delivery_bands: {
    why: 'delivery prices',
    columns: [...ROW_ID, 'min_kilometer', 'max_kilometer', 'free_delivery_price_paise', 'status'],
  },
  pincodes: {
    why: "the shop's delivery area",
    columns: ['store_id', 'pincode', 'status', 'latitude', 'longitude'],
  },
  coupons: {
    why: "the shop's coupons",
    columns: [
      ...ROW_ID,
      'code',
      'percentage_offer',
      'price_offer_paise',
      'active',
      'starts_at',
      'ends_at',
      'minimum_sale_total_paise',
      'max_discount_paise',
      'total_usage_limit',
      'per_customer_limit',
      'uses',
      'created_at',
      'updated_at',
    ],
  },
  tax_document_counters: {
    why: 'invoice number series',
    columns: ['store_id', 'kind', 'financial_year', 'last_number'],
  },
  order_gateway_orders: {
    why: "a gateway order id and its order: no person's detail",
    columns: ['gateway_order_id', 'order_id', 'store_id', 'created_at'],
  },
  catalogue_state: { why: 'a cache version', columns: ['id', 'version'] },
  search_state: { why: 'a cache version', columns: ['id', 'version'] },
  checkout_state: { why: 'a cache version', columns: ['id', 'version'] },
  sandbox_gateway_orders: {
    why: 'the sandbox gateway for tests and demos: amounts and receipts, no payer details',
    columns: [
      'id',
      'key_id',
      'amount_paise',
      'amount_paid_paise',
      'currency',
      'receipt',
      'notes',
      'status',
      'attempts',
      'created_at',
    ],
  },
  sandbox_gateway_payments: {
    why: 'the sandbox gateway for tests and demos',
    columns: [
      'id',
      'order_id',
      'amount_paise',
      'amount_refunded_paise',
      'status',
      'method',
      'error_code',
      'error_description',
      'created_at',
    ],
  },
  sandbox_gateway_refunds: {
    why: 'the sandbox gateway for tests and demos',
    columns: ['id', 'payment_id', 'amount_paise', 'receipt', 'notes', 'created_at'],
  },
  sandbox_webhook_deliveries: {
    why: "the sandbox gateway's webhook outbox (payment events, no payer details)",
    columns: [
      'id',
      'event_id',
      'event',
      'body',
      'signature',
      'attempts',
      'max_attempts',
      'due_at',
      'claimed_until',
      'last_status',
      'delivered_at',
      'gave_up_at',
      'created_at',
    ],
  },
};

/** The columns of a personal table that link it to its account (its path's column). */
export function pathColumns(table: PersonalTable): string[] {
  return 'column' in table.path ? [table.path.column] : [];
}

/** Whether the export shows a personal column (as stored, or masked). */
export function exported(column: PersonalColumn): boolean {
  return column.export !== 'withheld';
}

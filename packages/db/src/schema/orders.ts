import { sql } from 'drizzle-orm';
import {
  ORDER_EMAIL_KINDS,
  ORDER_STATUSES,
  PAYMENT_MODES,
  PAYMENT_STATUSES,
  type OrderEmailKind,
  type OrderStatus,
} from '@shop/domain';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { addresses, users } from './accounts.ts';
import { admissions } from './admissions.ts';
import { products, variations } from './catalogue.ts';
import { stores } from './stores.ts';
import { owedEmail, paise, quoted, stamp, storeId } from './columns.ts';

/** An address as it was when the order was placed (the address book may change later). */
export interface OrderAddressSnapshot {
  id: string;
  location_user: string;
  new_address: string;
  city: string;
  area: string;
  pincode: string;
  latitude: number | null;
  longitude: number | null;
  user_name: string;
}

/**
 * An order (spec accounts-checkout-payments §3 "Order / payment record"). Every amount is what
 * the server computed, in paise; the total includes GST (prices are tax-inclusive) and the tax
 * split is stored beside it. `amountToPayPaise` is what the gateway order was created for: the
 * total (Pay now) or the advance (Pay on delivery); `remainingAmountPaise` is the rest.
 *
 * Stock is reserved when the order is placed and held until `stockHoldExpiresAt`; an unpaid
 * order's hold is released by the sweeper (`stockReleasedAt`). `version` grows with every update
 * so concurrent writers can update conditionally.
 */
export const orders = pgTable(
  'orders',
  {
    /** The spec's order_id. */
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The spec's receipt_id, also sent to the gateway as the order's receipt. */
    receiptId: text('receipt_id').notNull(),
    /**
     * The short order number shown to people (`UR-10423`: the store's prefix and this), one
     * sequence per store from 10001. Set by the `orders_number` trigger from the store's own
     * PostgreSQL sequence when the row is inserted (decisions 0040, 0045): gaps are possible (a
     * placing rolled back keeps its number unused), duplicates are not; 0 is never stored.
     */
    orderNumber: integer('order_number').notNull().default(0),
    /**
     * What the shopper asked for, hashed (store, mode, lines, addresses, coupon, contact): a
     * second Place order of the same cart while this one is unpaid reuses it (decision 0040).
     * Null for orders placed before it.
     */
    cartFingerprint: text('cart_fingerprint'),

    paymentMode: text('payment_mode').notNull(),
    /** The spec's `status`: "Success" once paid. */
    paymentStatus: text('payment_status').notNull().default('Pending'),
    /** The spec's orderStatus. */
    orderStatus: text('order_status').notNull().default('Pending'),

    // Amounts (spec names in comments).
    /** amountbeforediscount: the lines at their list prices, before any discount. */
    amountBeforeDiscountPaise: paise('amount_before_discount_paise').notNull(),
    /** discountprice: the coupon's discount. */
    discountPaise: paise('discount_paise').notNull().default(0),
    /** amountafterdiscount: the lines at their sale prices less the coupon (Σ line totals - discount). */
    amountAfterDiscountPaise: paise('amount_after_discount_paise').notNull(),
    /** deliveryCharge. */
    deliveryChargePaise: paise('delivery_charge_paise').notNull().default(0),
    /** totalAmountbeforePay: what the customer pays in all, GST included. */
    totalAmountPaise: paise('total_amount_paise').notNull(),
    /** Taken online now: the total (Pay now) or the advance (Pay on delivery). */
    amountToPayPaise: paise('amount_to_pay_paise').notNull(),
    /** remaining_amount: due on delivery. */
    remainingAmountPaise: paise('remaining_amount_paise').notNull().default(0),
    /** The delivery_percentage the advance was computed with (Pay on delivery). */
    deliveryPercentage: integer('delivery_percentage').notNull().default(0),
    /** Road distance in whole km from the office, as priced; null for course-only orders. */
    distanceKm: integer('distance_km'),

    // GST (tax-inclusive prices: these are parts of the total, not added to it).
    taxableValuePaise: paise('taxable_value_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull().default(0),
    sgstPaise: paise('sgst_paise').notNull().default(0),
    igstPaise: paise('igst_paise').notNull().default(0),
    /** Seller details at the time of the order (for the invoice). */
    sellerGstin: text('seller_gstin').notNull().default(''),
    sellerStateCode: text('seller_state_code').notNull(),
    /** Place of supply: the shipping address's state and its GST code. */
    shippingState: text('shipping_state').notNull(),
    shippingStateCode: text('shipping_state_code').notNull(),

    // Coupon.
    couponApplied: boolean('coupon_applied').notNull().default(false),
    couponCode: text('coupon_code').notNull().default(''),

    // Customer.
    userName: text('user_name').notNull().default(''),
    userGstNo: text('user_gst_no').notNull().default(''),
    mobile: text('mobile').notNull(),
    customerNote: text('customer_note').notNull().default(''),
    billingAddressId: uuid('billing_address_id').references(() => addresses.id, {
      onDelete: 'set null',
    }),
    shippingAddressId: uuid('shipping_address_id').references(() => addresses.id, {
      onDelete: 'set null',
    }),
    billingAddress: jsonb('billing_address').$type<OrderAddressSnapshot>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddressSnapshot>().notNull(),

    /** The academy admission a course-only admission order pays for (null: a shop order). */
    admissionId: uuid('admission_id').references(() => admissions.id, { onDelete: 'restrict' }),

    // Gateway.
    /** 'sandbox' | 'razorpay' */
    gateway: text('gateway').notNull(),
    /** The key the gateway order was made with: verify checks with its secret. */
    gatewayKeyId: text('gateway_key_id').notNull().default(''),
    /** Null when nothing is paid online (Pay on delivery with no advance). */
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    /** The client's Idempotency-Key; a retry with the same key returns this order. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request the key was first used with, to refuse a different body. */
    idempotencyRequestHash: text('idempotency_request_hash'),

    /**
     * A manual UPI order (payment mode "Pay by UPI", decision 0039): the 12-digit UTR the
     * customer entered after paying, and when. Unique per store (a payment pays one order).
     */
    utr: text('utr'),
    utrSubmittedAt: stamp('utr_submitted_at'),
    /**
     * When the order was cancelled because its payment never came within UNPAID_ORDER_DAYS of
     * placing (the customer sees "Payment not received"; a payment arriving later is refunded).
     */
    paymentExpiredAt: stamp('payment_expired_at'),
    /**
     * The customer's newer order that replaced this unpaid one (decision 0050): set with the
     * cancel, so the newer order can say which earlier order it cancelled.
     */
    replacedByOrderId: uuid('replaced_by_order_id').references((): AnyPgColumn => orders.id, {
      onDelete: 'set null',
    }),

    // Stock hold.
    stockHoldExpiresAt: stamp('stock_hold_expires_at').notNull(),
    stockReleasedAt: stamp('stock_released_at'),

    // Fulfilment (spec names: delivered, processing_date, shipped_date, out_deliverydate,
    // delivery_date).
    delivered: boolean('delivered').notNull().default(false),
    processingDate: stamp('processing_date'),
    shippedDate: stamp('shipped_date'),
    outDeliveryDate: stamp('out_delivery_date'),
    deliveryDate: stamp('delivery_date'),
    /** The courier and its tracking number, set by the shop when shipping (shown to the customer). */
    courier: text('courier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),

    // Pay on delivery: the remaining amount collected in cash at the door (once).
    collectedPaise: paise('collected_paise').notNull().default(0),
    collectedAt: stamp('collected_at'),
    collectedByUserId: uuid('collected_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),

    paidAt: stamp('paid_at'),
    failedAt: stamp('failed_at'),
    version: integer('version').notNull().default(0),
    createdAt: stamp('created_at').notNull().defaultNow(),
    updatedAt: stamp('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('orders_store_receipt_key').on(t.storeId, t.receiptId),
    uniqueIndex('orders_gateway_order_key').on(t.gatewayOrderId),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_store_number_key').on(t.storeId, t.orderNumber),
    uniqueIndex('orders_store_utr_key')
      .on(t.storeId, t.utr)
      .where(sql`${t.utr} IS NOT NULL`),
    check('orders_utr_format', sql`${t.utr} IS NULL OR ${t.utr} ~ '^[0-9]{12}$'`),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The expiry of unpaid orders: those still waiting for their payment, oldest first.
    index('orders_awaiting_payment_created_idx')
      .on(t.createdAt)
      .where(
        sql`${t.orderStatus} = 'Pending' AND ${t.paymentStatus} IN ('Pending', 'Failed') AND ${t.amountToPayPaise} > 0`,
      ),
    index('orders_store_created_idx').on(t.storeId, t.createdAt),
    // The orders desk: a status chip is the commonest filter, newest first within it.
    index('orders_store_status_created_idx').on(t.storeId, t.orderStatus, t.createdAt),
    index('orders_replaced_by_idx')
      .on(t.replacedByOrderId)
      .where(sql`${t.replacedByOrderId} IS NOT NULL`),
    index('orders_admission_idx')
      .on(t.admissionId)
      .where(sql`${t.admissionId} IS NOT NULL`),
    // The sweeper's work list: holds not yet released. Its predicate also names the expiry
    // (never null: the column is NOT NULL), which only a query comparing the expiry implies, so
    // PostgreSQL cannot take this index for an account's holds (below) when its statistics
    // lag behind a sale and both indexes look empty.
    index('orders_stock_hold_idx')
      .on(t.stockHoldExpiresAt)
      .where(sql`${t.stockReleasedAt} IS NULL AND ${t.stockHoldExpiresAt} IS NOT NULL`),
    // An account's holds not yet released: placing's account gate and same-cart lookup read
    // them by user. Without it PostgreSQL walked every held order of every shopper (the
    // sweeper's index) at each placing: work growing with a sale's unpaid orders
    // (docs/benchmarks.md, 2026-11-27 22:40 UTC).
    index('orders_user_held_idx')
      .on(t.userId)
      .where(sql`${t.stockReleasedAt} IS NULL`),
    check('orders_payment_mode', sql`${t.paymentMode} IN (${quoted(PAYMENT_MODES)})`),
    check('orders_payment_status', sql`${t.paymentStatus} IN (${quoted(PAYMENT_STATUSES)})`),
    check('orders_order_status', sql`${t.orderStatus} IN (${quoted(ORDER_STATUSES)})`),
    check(
      'orders_amounts_not_negative',
      sql`${t.amountBeforeDiscountPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.amountAfterDiscountPaise} >= 0 AND ${t.deliveryChargePaise} >= 0 AND ${t.totalAmountPaise} >= 0 AND ${t.amountToPayPaise} >= 0 AND ${t.remainingAmountPaise} >= 0 AND ${t.taxableValuePaise} >= 0 AND ${t.cgstPaise} >= 0 AND ${t.sgstPaise} >= 0 AND ${t.igstPaise} >= 0`,
    ),
    check(
      'orders_paid_now_plus_remaining_is_total',
      sql`${t.amountToPayPaise} + ${t.remainingAmountPaise} = ${t.totalAmountPaise}`,
    ),
    // The amount after discount is the lines at their sale prices less the coupon (never more
    // than the list prices less the coupon); with the delivery charge it makes the total.
    check(
      'orders_discount_within_amount',
      sql`${t.amountAfterDiscountPaise} <= ${t.amountBeforeDiscountPaise} - ${t.discountPaise}`,
    ),
    check(
      'orders_total_is_amount_plus_delivery',
      sql`${t.amountAfterDiscountPaise} + ${t.deliveryChargePaise} = ${t.totalAmountPaise}`,
    ),
    check(
      'orders_tax_within_total',
      sql`${t.taxableValuePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} <= ${t.totalAmountPaise}`,
    ),
    check(
      'orders_one_kind_of_gst',
      sql`${t.igstPaise} = 0 OR (${t.cgstPaise} = 0 AND ${t.sgstPaise} = 0)`,
    ),
    check(
      'orders_delivery_percentage',
      sql`${t.deliveryPercentage} >= 0 AND ${t.deliveryPercentage} <= 100`,
    ),
    check('orders_version_not_negative', sql`${t.version} >= 0`),
    check(
      'orders_collected_once',
      sql`(${t.collectedAt} IS NULL AND ${t.collectedPaise} = 0) OR (${t.collectedAt} IS NOT NULL AND ${t.collectedPaise} = ${t.remainingAmountPaise})`,
    ),
  ],
);

/**
 * A line of an order as the server priced it. Product and variation ids are kept while they
 * exist; sku, name and image are copies so the order reads the same after catalogue changes.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: storeId(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variationId: uuid('variation_id').references(() => variations.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    variationAttributes: jsonb('variation_attributes')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    /** A course (no delivery). */
    course: boolean('course').notNull().default(false),
    /** The product's delivery_days when the order was placed (tracking's estimate); null for a course. */
    deliveryDays: integer('delivery_days'),
    quantity: integer('quantity').notNull(),
    /** List price of one unit. */
    unitPricePaise: paise('unit_price_paise').notNull(),
    /** What one unit sold for (sale price, else list price), GST included. */
    unitSalePricePaise: paise('unit_sale_price_paise').notNull(),
    /** unitSalePrice × quantity. */
    lineTotalPaise: paise('line_total_paise').notNull(),
    /** This line's share of the coupon discount. */
    discountPaise: paise('discount_paise').notNull().default(0),
    hsnCode: text('hsn_code').notNull(),
    /** GST rate in basis points (500 = 5%). */
    gstRateBp: integer('gst_rate_bp').notNull(),
    taxableValuePaise: paise('taxable_value_paise').notNull(),
    taxPaise: paise('tax_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull().default(0),
    sgstPaise: paise('sgst_paise').notNull().default(0),
    igstPaise: paise('igst_paise').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.position),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'order_lines_amounts_not_negative',
      sql`${t.unitPricePaise} >= 0 AND ${t.unitSalePricePaise} >= 0 AND ${t.lineTotalPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.taxableValuePaise} >= 0 AND ${t.taxPaise} >= 0 AND ${t.cgstPaise} >= 0 AND ${t.sgstPaise} >= 0 AND ${t.igstPaise} >= 0`,
    ),
    check('order_lines_gst_rate', sql`${t.gstRateBp} >= 0 AND ${t.gstRateBp} <= 10000`),
    check(
      'order_lines_tax_parts',
      sql`${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} = ${t.taxPaise}`,
    ),
    check(
      'order_lines_taxable_plus_tax',
      sql`${t.taxableValuePaise} + ${t.taxPaise} = ${t.lineTotalPaise} - ${t.discountPaise}`,
    ),
  ],
);

/**
 * A payment event received from the gateway (webhook) or a verified checkout answer, kept once:
 * the unique event id makes a replayed webhook a no-op.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'sandbox' | 'razorpay' */
    gateway: text('gateway').notNull(),
    /** The gateway's event id (X-Razorpay-Event-Id), or `verify:<payment id>` for a checkout answer. */
    eventId: text('event_id').notNull(),
    /** order.paid, payment.captured, payment.failed, refund.processed, verify, … */
    eventType: text('event_type').notNull(),
    storeId: text('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    gatewayOrderId: text('gateway_order_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: stamp('received_at').notNull().defaultNow(),
    processedAt: stamp('processed_at'),
  },
  (t) => [
    uniqueIndex('payment_events_event_key').on(t.gateway, t.eventId),
    index('payment_events_order_idx').on(t.orderId),
  ],
);

/**
 * The gateway orders a shop order no longer names (Pay now replaced them once the order's hold
 * had ended; the current one is `orders.gateway_order_id`): a payment captured on one still
 * finds its order, and settles it or is refunded (decision 0040).
 */
export const orderGatewayOrders = pgTable(
  'order_gateway_orders',
  {
    gatewayOrderId: text('gateway_order_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: storeId(),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_gateway_orders_order_idx').on(t.orderId)],
);

/**
 * Every UTR a customer entered for a manual UPI order, kept once shown to the shop (its notice
 * names it): a corrected UTR does not free the first, so one bank payment can be claimed by one
 * order only, and the shop confirms the UTR it saw (issue 58).
 */
export const orderUtrs = pgTable(
  'order_utrs',
  {
    storeId: storeId(),
    utr: text('utr').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    enteredAt: stamp('entered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'order_utrs_pkey', columns: [t.storeId, t.utr] }),
    index('order_utrs_order_idx').on(t.orderId),
    check('order_utrs_utr_format', sql`${t.utr} ~ '^[0-9]{12}$'`),
  ],
);

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;

/** A refund asked of the gateway (e.g. a payment that arrived after the stock hold expired). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: storeId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    /** Null until the gateway has answered. */
    gatewayRefundId: text('gateway_refund_id'),
    amountPaise: paise('amount_paise').notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason').notNull().default(''),
    createdAt: stamp('created_at').notNull().defaultNow(),
    processedAt: stamp('processed_at'),
  },
  (t) => [
    uniqueIndex('refunds_gateway_refund_key').on(t.gatewayRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_positive', sql`${t.amountPaise} > 0`),
    check('refunds_status', sql`${t.status} IN (${quoted(REFUND_STATUSES)})`),
  ],
);

export const ORDER_ACTOR_KINDS = ['customer', 'staff', 'system'] as const;
/** What a timeline row records: a status move, or the remaining amount collected at delivery. */
export const ORDER_TIMELINE_EVENTS = ['status', 'collected'] as const;

/**
 * Every move of an order's status, oldest first: placing writes the first row (from null to
 * Pending); a payment, a shop's move or a cancellation writes one each. `actorUserId` is the
 * customer or staff member who made it (null for the system, or once that user is deleted).
 */
export const orderTimeline = pgTable(
  'order_timeline',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the timeline's order even when two moves share a moment. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: storeId(),
    at: stamp('at').notNull().defaultNow(),
    /** Null for the order being placed. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    event: text('event').notNull().default('status'),
  },
  (t) => [
    index('order_timeline_order_idx').on(t.orderId, t.seq),
    check(
      'order_timeline_from_status',
      sql`${t.fromStatus} IS NULL OR ${t.fromStatus} IN (${quoted(ORDER_STATUSES)})`,
    ),
    check('order_timeline_to_status', sql`${t.toStatus} IN (${quoted(ORDER_STATUSES)})`),
    check('order_timeline_actor_kind', sql`${t.actorKind} IN (${quoted(ORDER_ACTOR_KINDS)})`),
    check('order_timeline_event', sql`${t.event} IN (${quoted(ORDER_TIMELINE_EVENTS)})`),
  ],
);

/** The emails a confirmed order owes (paid, or confirmed with nothing to pay online). */
export const CONFIRMED_ORDER_EMAILS = [
  'confirmation',
  'new_order_notice',
] as const satisfies readonly OrderEmailKind[];
/** What a status email says beyond the order itself: the move it tells of. */
export interface OrderStatusEmailDetails {
  to: OrderStatus;
  note: string;
  refundPaise: number;
}
/** What a UPI notice names: the UTR the customer entered then (the shop confirms that one). */
export interface UtrNoticeEmailDetails {
  utr: string;
}

/**
 * Emails owed about an order (decision 0047), written in the transaction that owes them (the
 * payment, the confirmation, the move), so a crash or an SMTP provider that refuses for hours
 * loses none. Every API process sends the due rows (`FOR UPDATE SKIP LOCKED`): each attempt
 * claims its row until `dueAt`; a sent row is deleted; a failed one is due again later; after the
 * last attempt it stays with `gaveUpAt`. A row holds what to write, never the text: the email is
 * made from the order when it is sent. No sign-in or reset code ever rests here.
 */
export const orderEmails = pgTable(
  'order_emails',
  {
    ...owedEmail(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderEmailKind>().notNull(),
    /** A status email's move, a UPI notice's UTR (null for the other kinds). */
    details: jsonb('details').$type<OrderStatusEmailDetails | UtrNoticeEmailDetails>(),
  },
  (t) => [
    index('order_emails_due_idx')
      .on(t.dueAt)
      .where(sql`${t.gaveUpAt} IS NULL`),
    check('order_emails_kind', sql`${t.kind} IN (${quoted(ORDER_EMAIL_KINDS)})`),
    // A status email tells of a move: it carries it.
    check('order_emails_status_details', sql`${t.kind} <> 'status' OR ${t.details} IS NOT NULL`),
  ],
);

import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, SQL, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orderLines, orders, orderTimeline, orderUtrs, users, type Database } from '@shop/db';
import { accountContactOf } from '../accounts/index.ts';
import type { PersonalRows } from '../../lib/personal-rows.ts';
import { ReusableStatement } from '../../lib/reusable-statement.ts';
import { unprocessedPaymentEvents } from '../payments/index.ts';
import { storeNamesOf } from '../store-settings/index.ts';
import { placeStatement, type PlacedOrder } from './place-statement.ts';
import { queueOrderEmails } from './order-email-outbox.ts';
import { giveBackCouponUses, redeemCoupon } from '../coupons/index.ts';
import {
  countSold,
  releaseHoldsOf,
  stockGateShape,
  stockGateValues,
  stockNeedsOf,
  stockRowsOf,
  takeStock,
  unpaidHoldOf,
  whyNotTaken,
  type StockNeed,
  type StockRows,
} from '../inventory/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type TimelineRow = typeof orderTimeline.$inferSelect;
export type { RefundRow } from '../payments/index.ts';
export type { PlacedOrder } from './place-statement.ts';

/** A Postgres unique violation (PGlite and node-postgres both carry the code). */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** The entries of `row` whose value is not undefined (an undefined column takes its default). */
function defined<T extends object>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

/** A database transaction (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Settled payment statuses: a paid order is never marked paid again. */
const PAID_STATUSES = ['Success', 'Refund pending', 'Refunded'];

// Every placing reads one or both of these: built once (ReusableStatement).
const orderByIdempotencyKey = new ReusableStatement<OrderRow>((db) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.idempotencyKey, sql.placeholder('key')),
      ),
    )
    .prepare('order_by_idempotency_key'),
);
/** The account's orders, as read for whether one of them holds stock unpaid. */
const held = alias(orders, 'held');
/** The account's orders, as read for whether one of them may be replaced by a placing. */
const waiting = alias(orders, 'waiting');
const waitingLine = alias(orderLines, 'waiting_line');

/**
 * An order of `o` (the orders table or an alias) that waits for its online payment and may be
 * replaced by a newer order of its account: Pending, unpaid, something to pay online, and no UTR
 * entered (a customer who says they paid by UPI is the shop's to confirm or reject).
 */
const replaceableOf = (o: {
  orderStatus: AnyPgColumn;
  paymentStatus: AnyPgColumn;
  amountToPayPaise: AnyPgColumn;
  utr: AnyPgColumn;
}) =>
  and(
    eq(o.orderStatus, 'Pending'),
    inArray(o.paymentStatus, ['Pending', 'Failed']),
    gt(o.amountToPayPaise, 0),
    isNull(o.utr),
  )!;

const awaitingOfCart = new ReusableStatement<{
  order: OrderRow | null;
  holding: boolean;
  replaceable: boolean;
}>((db) =>
  db
    .select({
      order: orders,
      holding: sql<boolean>`exists (select 1 from ${orders} ${held} where ${held.userId} = ${users.id} and ${unpaidHoldOf(held)})`,
      // Whether an order placed of these SKUs would replace one (decision 0050: every line of
      // it among them), so that the read of which is made only then.
      replaceable: sql<boolean>`exists (select 1 from ${orders} ${waiting} where ${waiting.userId} = ${users.id} and ${replaceableOf(waiting)} and not exists (select 1 from ${orderLines} ${waitingLine} where ${waitingLine.orderId} = ${waiting.id} and ${waitingLine.sku} <> all(${sql.placeholder('skus')}::text[])))`,
    })
    .from(users)
    .leftJoin(
      orders,
      and(
        eq(orders.userId, users.id),
        eq(orders.cartFingerprint, sql.placeholder('cartFingerprint')),
        eq(orders.orderStatus, 'Pending'),
        inArray(orders.paymentStatus, ['Pending', 'Failed']),
        gt(orders.amountToPayPaise, 0),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
    .prepare('awaiting_payment_of_cart'),
);

/** A UTR another order of the store has had (kept in `order_utrs`). */
export class UtrTaken extends Error {
  constructor() {
    super('The UTR was entered for another order');
  }
}

/** A parallel Place order of the same cart, at the same amounts, placed its order first. */
export class SameCartPlaced extends Error {
  constructor() {
    super('The same cart was placed meanwhile');
  }
}

/** Orders and their lines: placing, the reads of the order view, the UTR of a UPI payment. */
export class OrdersRepository {
  /** The statements placing an order, built once per shape (see insertOrder). */
  private readonly insertOrderStatements = new Map<string, ReusableStatement<PlacedOrder>>();

  constructor(private readonly db: Database) {}

  /** The user's orders with their lines, timelines and UTRs, as stored, for their data export. */
  async personalRowsOf(userId: string): Promise<PersonalRows[]> {
    const orderRows = await this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    const ids = orderRows.map((o) => o.id);
    const none = Promise.resolve([]);
    const [lines, timeline, utrs] = await Promise.all([
      ids.length === 0
        ? none
        : this.db
            .select()
            .from(orderLines)
            .where(inArray(orderLines.orderId, ids))
            .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
      ids.length === 0
        ? none
        : this.db
            .select()
            .from(orderTimeline)
            .where(inArray(orderTimeline.orderId, ids))
            .orderBy(asc(orderTimeline.seq)),
      ids.length === 0
        ? none
        : this.db
            .select()
            .from(orderUtrs)
            .where(inArray(orderUtrs.orderId, ids))
            .orderBy(asc(orderUtrs.enteredAt)),
    ]);
    return [
      { table: orders, rows: orderRows },
      { table: orderLines, rows: lines },
      { table: orderTimeline, rows: timeline },
      { table: orderUtrs, rows: utrs },
    ];
  }

  async byIdempotencyKey(userId: string, key: string): Promise<OrderRow | null> {
    const [row] = await orderByIdempotencyKey.run(this.db, this.db, { userId, key });
    return row ?? null;
  }

  /** Who to write to about an order. */
  userContact(userId: string): Promise<{ email: string; name: string } | null> {
    return accountContactOf(this.db, userId);
  }

  async byId(id: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    return row ?? null;
  }

  /** Orders by id (one read). */
  async byIds(ids: readonly string[]): Promise<Map<string, OrderRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [...ids]));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async byReceiptId(storeId: string, receiptId: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.receiptId, receiptId)));
    return row ?? null;
  }

  /** The names of stores (for their orders' short numbers). */
  storeNames(storeIds: readonly string[]): Promise<Map<string, string>> {
    return storeNamesOf(this.db, storeIds);
  }

  /**
   * The account's newest order awaiting its online payment (decision 0040's "same cart") placed
   * from the same cart: the one a second Place order of that cart reuses; and, in the same
   * statement, whether one of the account's orders holds stock unpaid (`holding`: then `place`
   * goes straight to the transaction that releases it, not first through the one statement
   * whose account gate would turn it away). A hint only, read before placing: `place` is right
   * whatever it says.
   */
  async awaitingPaymentOfCart(
    userId: string,
    cartFingerprint: string,
    skus: readonly string[],
  ): Promise<{ order: OrderRow | null; holding: boolean; replaceable: boolean }> {
    const [row] = await awaitingOfCart.run(this.db, this.db, {
      userId,
      cartFingerprint,
      skus: [...skus],
    });
    return {
      order: row?.order ?? null,
      holding: row?.holding ?? false,
      replaceable: row?.replaceable ?? false,
    };
  }

  /**
   * The account's orders that `order` replaces: placed before it, still waiting for their online
   * payment with no UTR entered, and every line of which (product and SKU, any quantity) is in
   * `order` (the same cart placed again with another coupon, address, payment mode or
   * quantities). An order of other goods is not replaced: it may be a purchase of its own.
   */
  async replacedBy(order: {
    id: string;
    userId: string;
  }): Promise<{ id: string; version: number }[]> {
    const newer = alias(orders, 'newer');
    const oldLine = alias(orderLines, 'old_line');
    const newLine = alias(orderLines, 'new_line');
    return this.db
      .select({ id: orders.id, version: orders.version })
      .from(orders)
      .innerJoin(newer, eq(newer.id, order.id))
      .where(
        and(
          eq(orders.userId, order.userId),
          eq(orders.storeId, newer.storeId),
          sql`${orders.id} <> ${newer.id}`,
          sql`${orders.createdAt} <= ${newer.createdAt}`,
          replaceableOf(orders),
          sql`not exists (select 1 from ${orderLines} ${oldLine} where ${oldLine.orderId} = ${orders.id} and not exists (select 1 from ${orderLines} ${newLine} where ${newLine.orderId} = ${newer.id} and ${newLine.sku} = ${oldLine.sku} and ${newLine.productId} is not distinct from ${oldLine.productId}))`,
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orders.id));
  }

  /** The user's orders, newest first. */
  listOfUser(userId: string): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id));
  }

  async linesOf(orderIds: readonly string[]): Promise<Map<string, OrderLineRow[]>> {
    const out = new Map<string, OrderLineRow[]>();
    if (orderIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [...orderIds]))
      .orderBy(asc(orderLines.position));
    for (const row of rows) out.set(row.orderId, [...(out.get(row.orderId) ?? []), row]);
    return out;
  }

  /**
   * Places an order. Without a coupon (and not paid as placed) it is **one statement** outside
   * any transaction: its stock rows locked and checked (products, then variations, each by id:
   * no deadlocks; `stock >= want` and the prices the order was priced at, under the rows'
   * locks), the stock taken only if every row passed (`stockGates`), the order's INSERT only
   * then, which feeds its lines' and timeline's: all or nothing, and a connection held for one
   * round trip. When nothing was written, one read tells OutOfStock from PriceChanged. A coupon
   * or a ₹0 order: one transaction: the stock rows under their locks (same order), the same
   * order INSERT, then the coupon use under the coupon's row lock. Both take the stock rows
   * before the order's Idempotency-Key index entry, so two requests never wait on each other in
   * a cycle. Throws OutOfStock, PriceChanged, CouponUsedUp or a unique violation (same key: the
   * service answers with the order that has it), or SameCartPlaced.
   */
  async place(input: {
    order: NewOrder;
    lines: readonly NewOrderLine[];
    stock: readonly StockNeed[];
    coupon: {
      id: string;
      discountPaise: number;
      perCustomerLimit: number | null;
    } | null;
    /**
     * The order waits for an online payment: the account's earlier unpaid orders give their
     * holds back in the same transaction, under the account's row lock (they stay payable; a late
     * payment takes the stock again or is refunded). An account holds at most one unpaid order's
     * stock (decision 0034).
     */
    unpaid?: boolean;
    /**
     * Read before placing (awaitingPaymentOfCart): one of the account's orders holds stock
     * unpaid. An unpaid order then goes straight to the transaction (the one statement's account
     * gate would only turn it away, and a read tell why); a hint only: the transaction is right
     * whatever it says, and the one statement's gate stops a placing whose hint is out of date.
     */
    holding?: boolean;
    /**
     * Paid as placed (a ₹0 order, fully discounted): the sale is counted (totalSold) and
     * `onPaid` runs in the same transaction (the invoice of a course-only order).
     */
    paid?: { onPaid?: (tx: Tx, orderId: string) => Promise<void> } | null;
    /** When the earlier holds are released. */
    now?: Date;
  }): Promise<PlacedOrder> {
    const unpaid = input.unpaid ?? false;
    const rows =
      input.coupon || input.paid || (unpaid && input.holding) ? null : stockRowsOf(input.stock);
    if (rows) {
      const order = await this.insertOrder(this.db, input.order, input.lines, rows, unpaid);
      if (order) return order;
      const why = await whyNotTaken(this.db, rows);
      // Stock and price were fine: the account gate stopped it (the account holds an unpaid
      // order, or another placing of the account ran meanwhile): through the transaction.
      if (why) throw why;
    }
    const now = input.now ?? new Date();
    return this.db.transaction(async (tx) => {
      const released = unpaid
        ? await releaseHoldsOf(tx, input.order.userId, now)
        : { orders: [], lines: [], couponIds: [] };
      // The same cart at the same amounts, placed by a parallel Place order that committed
      // while this one waited for the account's lock (its hold is among those just released):
      // this placing is undone and answers that order (decision 0040).
      const { cartFingerprint, totalAmountPaise, amountToPayPaise } = input.order;
      if (
        cartFingerprint &&
        released.orders.some(
          (o) =>
            o.cartFingerprint === cartFingerprint &&
            o.totalAmountPaise === totalAmountPaise &&
            o.amountToPayPaise === amountToPayPaise,
        )
      ) {
        throw new SameCartPlaced();
      }
      const back = stockNeedsOf(released.lines);
      // Without a coupon (and not paid as placed): the stock rows, net of what the released holds
      // give back, and the order in one statement (`stockGates`, under this transaction's
      // account lock); else a statement per stock row, then the order.
      const gated = input.coupon || input.paid ? null : stockRowsOf(input.stock, back);
      let order: PlacedOrder | undefined;
      if (gated) {
        order = await this.insertOrder(tx, input.order, input.lines, gated);
        // The rows are still locked as the statement saw them: the read tells why.
        if (!order) throw (await whyNotTaken(tx, gated)) ?? new Error('stock gate: no reason');
      } else {
        await takeStock(this.db, tx, input.stock, back);
        order = (await this.insertOrder(tx, input.order, input.lines, null))!;
      }
      // Every coupon row this placing changes, locked in id order (no cycle with another).
      await giveBackCouponUses(tx, released.couponIds, input.coupon ? [input.coupon.id] : []);
      if (input.coupon) {
        await redeemCoupon(tx, {
          couponId: input.coupon.id,
          perCustomerLimit: input.coupon.perCustomerLimit,
          storeId: order.storeId,
          orderId: order.id,
          userId: order.userId,
          discountPaise: input.coupon.discountPaise,
        });
      }
      if (input.paid) {
        await countSold(tx, input.stock);
        await input.paid.onPaid?.(tx, order.id);
      }
      return order;
    });
  }

  /**
   * The order row, its lines and its first timeline entries in one statement (one round trip):
   * each INSERT … SELECT reads the one before it (`FROM placed_order`), and with `gate` the
   * order's reads the stock gates' verdict (`stockGates`): not every row taken, nothing inserted
   * (undefined).
   * The lines' and timeline's foreign keys are checked at the end of the statement, once the
   * order row is there. The order id is made here so the lines need not read it back; `now()`
   * is the statement's (or transaction's) start, as the row's created_at. The statement is
   * built once per shape (the columns given, the number of lines and timeline entries, the
   * gate) and reused with new values (ReusableStatement).
   */
  private async insertOrder(
    on: Database | Tx,
    values: NewOrder,
    lines: readonly NewOrderLine[],
    gate: StockRows | null,
    unpaid = false,
  ): Promise<PlacedOrder | undefined> {
    const id = values.id ?? randomUUID();
    const order = defined({ ...values, id });
    const lineRows = lines.map((l) => defined({ ...l, orderId: id, storeId: values.storeId }));
    // The entry of placing is at the order's created_at (now()).
    const placed = {
      at: sql`now()`,
      orderId: id,
      storeId: values.storeId,
      fromStatus: null,
      toStatus: 'Pending',
      actorKind: 'customer',
      actorUserId: values.userId,
      note: 'Order placed',
    };
    const timeline: Record<string, unknown>[] = [
      placed,
      // Nothing to pay online (pay on delivery without an advance, or a ₹0 order, paid in full
      // by its discount): confirmed as placed.
      ...(values.orderStatus === 'Processing'
        ? [
            {
              ...placed,
              ...(values.processingDate && { at: values.processingDate }),
              fromStatus: 'Pending',
              toStatus: 'Processing',
              actorKind: 'system',
              actorUserId: null,
              note:
                values.paymentStatus === 'Success'
                  ? 'Confirmed: fully discounted, nothing to pay'
                  : 'Confirmed: nothing to pay online',
            },
          ]
        : []),
    ];
    // Confirmed as placed: its emails are owed with it (order_emails, decision 0047).
    const confirmed = values.orderStatus === 'Processing';
    const gateShape = gate && stockGateShape(gate);
    const shape = [
      gateShape ? `stock rows ${gateShape.products}+${gateShape.variations}` : 'in transaction',
      gate && unpaid ? 'account gate' : '',
      Object.keys(order).join(),
      lineRows.map((l) => Object.keys(l).join()).join('|'),
      // An SQL value is part of the statement's text, not a placeholder's value.
      timeline
        .map((e) => Object.entries(e).map(([k, v]) => (v instanceof SQL ? `${k}=sql` : k)))
        .join('|'),
      confirmed ? 'emails owed' : '',
    ].join('/');
    const filled: Record<string, unknown> = {};
    const fill = (prefix: string, row: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(row))
        if (!(v instanceof SQL)) filled[`${prefix}${k}`] = v;
    };
    fill('o.', order);
    lineRows.forEach((l, i) => fill(`l${i}.`, l));
    timeline.forEach((e, i) => fill(`t${i}.`, e));
    if (gate) {
      Object.assign(filled, stockGateValues(gate));
      if (unpaid) filled['a.user'] = values.userId;
    }
    let statement = this.insertOrderStatements.get(shape);
    if (!statement) {
      statement = placeStatement(order, lineRows, timeline, confirmed, gateShape, unpaid);
      // A handful of shapes in practice; a bound keeps an odd caller from growing it for ever.
      if (this.insertOrderStatements.size < 64) this.insertOrderStatements.set(shape, statement);
    }
    const [row] = await statement.run(this.db, on, filled);
    return row;
  }

  /**
   * Records the UTR a customer entered for their manual UPI order, under the order's lock, while
   * it is unpaid and not cancelled: the UTR is kept in `order_utrs` for this order for good (once
   * shown to the shop it is never free for another order, even when corrected), the order names
   * it, a hold still running is stretched to `holdUntil` (the shop's time to see the money), and
   * the shop's notice naming this UTR is owed in the same transaction. The same UTR again
   * changes nothing and owes nothing (`changed` false). Null when the order is not in that state;
   * throws UtrTaken when another order of the store has had this UTR.
   */
  async setUtr(
    orderId: string,
    utr: string,
    now: Date,
    holdUntil: Date,
  ): Promise<{ row: OrderRow; changed: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (
        !order ||
        order.paymentMode !== 'Pay by UPI' ||
        PAID_STATUSES.includes(order.paymentStatus) ||
        order.orderStatus === 'Cancelled'
      ) {
        return null;
      }
      if (order.utr === utr) return { row: order, changed: false };
      await tx
        .insert(orderUtrs)
        .values({ storeId: order.storeId, utr, orderId, enteredAt: now })
        .onConflictDoNothing();
      const [kept] = await tx
        .select({ orderId: orderUtrs.orderId })
        .from(orderUtrs)
        .where(and(eq(orderUtrs.storeId, order.storeId), eq(orderUtrs.utr, utr)));
      if (kept?.orderId !== orderId) throw new UtrTaken();
      const holding = order.stockReleasedAt === null && order.stockHoldExpiresAt < holdUntil;
      const [row] = await tx
        .update(orders)
        .set({
          utr,
          utrSubmittedAt: now,
          ...(holding && { stockHoldExpiresAt: holdUntil }),
          version: sql`${orders.version} + 1`,
        })
        .where(eq(orders.id, orderId))
        .returning();
      // The shop's notice to check its bank for this UTR, owed with it.
      await queueOrderEmails(tx, [{ orderId, kind: 'utr_notice', details: { utr } }]);
      return { row: row!, changed: true };
    });
  }

  /**
   * Orders placed before `before` that still wait for their payment (Pending, unpaid, something
   * to pay online), but not a UPI order whose customer entered a UTR: oldest first.
   */
  unpaidPlacedBefore(before: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(
        and(
          // The partial index orders_awaiting_payment_created_idx.
          eq(orders.orderStatus, 'Pending'),
          inArray(orders.paymentStatus, ['Pending', 'Failed']),
          gt(orders.amountToPayPaise, 0),
          lt(orders.createdAt, before),
          or(sql`${orders.paymentMode} <> 'Pay by UPI'`, isNull(orders.utr)),
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(limit);
  }

  /** The timelines of some orders, each oldest first (one query for any number of orders). */
  async timelinesOf(orderIds: readonly string[]): Promise<Map<string, TimelineRow[]>> {
    const out = new Map<string, TimelineRow[]>();
    if (orderIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(orderTimeline)
      .where(inArray(orderTimeline.orderId, [...orderIds]))
      .orderBy(asc(orderTimeline.seq));
    for (const row of rows) out.set(row.orderId, [...(out.get(row.orderId) ?? []), row]);
    return out;
  }

  /**
   * The earlier orders each of `orderIds` replaced (decision 0050), oldest first, keyed by the
   * newer order's id.
   */
  async replacedOf(
    orderIds: readonly string[],
  ): Promise<Map<string, Pick<OrderRow, 'id' | 'storeId' | 'orderNumber'>[]>> {
    const out = new Map<string, Pick<OrderRow, 'id' | 'storeId' | 'orderNumber'>[]>();
    if (orderIds.length === 0) return out;
    const rows = await this.db
      .select({
        id: orders.id,
        storeId: orders.storeId,
        orderNumber: orders.orderNumber,
        by: orders.replacedByOrderId,
      })
      .from(orders)
      .where(inArray(orders.replacedByOrderId, [...orderIds]))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    for (const { by, ...row } of rows) out.set(by!, [...(out.get(by!) ?? []), row]);
    return out;
  }

  /** Counts for /api/metrics, across every process (one statement over orders and events). */
  async figures(): Promise<OrderFigures> {
    const rows = await this.db
      .select({
        paymentStatus: orders.paymentStatus,
        orderStatus: orders.orderStatus,
        count: sql<number>`count(*)::int`,
        holdsReleased: sql<number>`(count(*) filter (where ${orders.stockReleasedAt} is not null))::int`,
      })
      .from(orders)
      .groupBy(orders.paymentStatus, orders.orderStatus);
    const paymentEventsUnprocessed = await unprocessedPaymentEvents(this.db);
    return { byStatus: rows, paymentEventsUnprocessed };
  }
}

export interface OrderFigures {
  byStatus: { paymentStatus: string; orderStatus: string; count: number; holdsReleased: number }[];
  paymentEventsUnprocessed: number;
}

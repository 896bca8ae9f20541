import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  Param,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  couponRedemptions,
  coupons,
  orderGatewayOrders,
  orderLines,
  orders,
  orderTimeline,
  paymentEvents,
  products,
  refunds,
  stores,
  users,
  variations,
  type Database,
} from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type TimelineRow = typeof orderTimeline.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** A Postgres unique violation (PGlite and node-postgres both carry the code). */
export const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** Stock to take for one order: per product (simple) or per variation. */
export interface StockNeed {
  productId: string;
  variationId: string | null;
  quantity: number;
  /**
   * The unit list and sale price the order was priced at (the variation's for a variation).
   * When given, the locked row must still carry them, else PriceChanged: an order is never
   * sold at a price read before a change that committed before its lock.
   */
  priced?: { pricePaise: number; salePricePaise: number };
}

export class OutOfStock extends Error {
  constructor(readonly productId: string) {
    super('Out of stock');
  }
}
/** A product's price changed between pricing the order and locking its stock row. */
export class PriceChanged extends Error {
  constructor(readonly productId: string) {
    super('Price changed');
  }
}
export class CouponUsedUp extends Error {
  constructor(readonly perCustomer: boolean) {
    super('Coupon used up');
  }
}

/** The entries of `row` whose value is not undefined (an undefined column takes its default). */
function defined<T extends object>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

/** A database transaction (what `db.transaction` hands its callback). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Puts an order's stock back: products, then variations, each in id order (the order placing
 * locks them in, so a cancel and a placing never wait on each other in a cycle).
 */
export async function returnStock(tx: Tx, lines: readonly OrderLineRow[]) {
  const sorted = [...lines].sort((a, b) =>
    (a.variationId ?? a.productId ?? '').localeCompare(b.variationId ?? b.productId ?? ''),
  );
  for (const line of sorted.filter((l) => !l.variationId && l.productId)) {
    await tx
      .update(products)
      .set({ totalStock: sql`${products.totalStock} + ${line.quantity}` })
      .where(eq(products.id, line.productId!));
  }
  for (const line of sorted.filter((l) => l.variationId)) {
    await tx
      .update(variations)
      .set({ stock: sql`${variations.stock} + ${line.quantity}` })
      .where(eq(variations.id, line.variationId!));
  }
}

/** Takes back the sale an order counted (products' totalSold), in product id order. */
export async function unsell(tx: Tx, lines: readonly OrderLineRow[]) {
  const sold = lines
    .filter((l) => l.productId)
    .sort((a, b) => a.productId!.localeCompare(b.productId!));
  for (const line of sold) {
    await tx
      .update(products)
      .set({ totalSold: sql`greatest(${products.totalSold} - ${line.quantity}, 0)` })
      .where(eq(products.id, line.productId!));
  }
}

/**
 * Gives back the coupon use an order took, once: the redemption is marked released in the same
 * statement that finds it, so a second call (the hold release, then a cancel) finds nothing.
 */
export async function releaseCouponUse(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const [redemption] = await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning();
  if (!redemption) return false;
  await tx
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, redemption.couponId));
  return true;
}

/** Why a payment that arrived after its hold expired is refunded instead of honoured. */
export type LateRefund = 'stock gone' | 'coupon used up';

const LATE_REFUND_REASONS: Record<LateRefund, string> = {
  'stock gone': 'Paid after the stock hold expired and the stock was gone',
  'coupon used up': 'Paid after the stock hold expired and the coupon had been used up meanwhile',
};

/** Settled payment statuses: a paid order is never marked paid again. */
const PAID_STATUSES = ['Success', 'Refund pending', 'Refunded'];

/**
 * Takes `want` units of a product's stock when it has them, answering its prices as locked
 * (built once: every order runs it). `updated_at` is set as Drizzle's $onUpdate would.
 */
const takeProductStock = new ReusableStatement<{ price: number; salePrice: number }>((db) =>
  db
    .update(products)
    .set({
      totalStock: sql`${products.totalStock} - ${sql.placeholder('want')}::integer`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(products.id, sql.placeholder('id')),
        sql`${products.totalStock} >= ${sql.placeholder('want')}::integer`,
      ),
    )
    .returning({ price: products.originalPricePaise, salePrice: products.discountPricePaise })
    .prepare('take_product_stock'),
);

/** The same for a variation's own stock. */
const takeVariationStock = new ReusableStatement<{ price: number; salePrice: number }>((db) =>
  db
    .update(variations)
    .set({ stock: sql`${variations.stock} - ${sql.placeholder('want')}::integer` })
    .where(
      and(
        eq(variations.id, sql.placeholder('id')),
        sql`${variations.stock} >= ${sql.placeholder('want')}::integer`,
      ),
    )
    .returning({ price: variations.pricePaise, salePrice: variations.salePricePaise })
    .prepare('take_variation_stock'),
);

/** Records a placed order's gateway order once (built once: every paid-online order runs it). */
const setGatewayOrderStatement = new ReusableStatement<{ id: string }>((db) =>
  db
    .update(orders)
    .set({
      gatewayOrderId: sql`${sql.placeholder('gatewayOrderId')}`,
      gatewayKeyId: sql`${sql.placeholder('keyId')}`,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.id, sql.placeholder('orderId')), isNull(orders.gatewayOrderId)))
    .returning({ id: orders.id })
    .prepare('set_gateway_order'),
);

/** What placing answers of the order it wrote: the answer's fields, not the whole row. */
const PLACED = {
  id: orders.id,
  storeId: orders.storeId,
  userId: orders.userId,
  admissionId: orders.admissionId,
  receiptId: orders.receiptId,
  orderNumber: orders.orderNumber,
  paymentMode: orders.paymentMode,
  totalAmountPaise: orders.totalAmountPaise,
  amountToPayPaise: orders.amountToPayPaise,
  remainingAmountPaise: orders.remainingAmountPaise,
};
export type PlacedOrder = Pick<OrderRow, keyof typeof PLACED>;

/** The one stock row an order takes, with the prices it was priced at. */
interface OneStockRow {
  /** The product's id, or the variation's. */
  id: string;
  variation: boolean;
  productId: string;
  want: number;
  price: number;
  salePrice: number;
}

/** The order's one stock row, or null when it takes several (or one without its prices). */
function oneStockRow(needs: readonly StockNeed[]): OneStockRow | null {
  const first = needs[0];
  if (!first?.priced) return null;
  let want = 0;
  for (const n of needs) {
    if (n.productId !== first.productId || n.variationId !== first.variationId) return null;
    want += n.quantity;
  }
  return {
    id: first.variationId ?? first.productId,
    variation: first.variationId !== null,
    productId: first.productId,
    want,
    price: first.priced.pricePaise,
    salePrice: first.priced.salePricePaise,
  };
}

/**
 * `INSERT INTO table (the given columns) SELECT $values FROM source [UNION ALL SELECT …]
 * RETURNING returning`, one SELECT per row, in order (so a serial column counts them in order):
 * each value a placeholder named the row's prefix + key, cast to its column's type (a SELECT's
 * parameters have no type of their own), or an SQL expression given as the value. Every row
 * names the same columns.
 */
function insertSelect(
  table: PgTable,
  rows: readonly { prefix: string; row: Record<string, unknown> }[],
  source: SQL | null,
  returning: SQL,
): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!.row);
  const column = (k: string) => columns[k]!;
  const names = sql.join(
    keys.map((k) => sql.identifier(column(k).name)),
    sql`, `,
  );
  const selects = rows.map(({ prefix, row }) => {
    if (Object.keys(row).join() !== keys.join()) throw new Error('rows name different columns');
    const values = keys.map((k) =>
      row[k] instanceof SQL
        ? row[k]
        : sql`${new Param(sql.placeholder(`${prefix}${k}`), column(k))}::${sql.raw(column(k).getSQLType())}`,
    );
    return sql`select ${sql.join(values, sql`, `)}${source ? sql` from ${source}` : sql``}`;
  });
  return sql`insert into ${table} (${names}) ${sql.join(selects, sql` union all `)} returning ${returning}`;
}

/** The statement placing an order of one shape (see OrdersRepository.insertOrder). */
function placeStatement(
  order: Record<string, unknown>,
  lines: readonly Record<string, unknown>[],
  timeline: readonly Record<string, unknown>[],
  gate: OneStockRow | null,
  unpaid: boolean,
): ReusableStatement<PlacedOrder> {
  return new ReusableStatement<PlacedOrder>((db) => {
    const account = gate && unpaid ? accountStatement(db) : null;
    const taken = gate && takenStatement(db, gate.variation, account);
    const o = db.$with('placed_order', PLACED).as(
      insertSelect(
        orders,
        [{ prefix: 'o.', row: order }],
        taken && sql`${taken}`,
        sql.join(
          Object.values(PLACED).map((c) => sql.identifier(c.name)),
          sql`, `,
        ),
      ),
    );
    const inserts = [
      ...lines.map((l, i) =>
        db
          .$with(`placed_line_${i}`, { id: orderLines.id })
          .as(
            insertSelect(
              orderLines,
              [{ prefix: `l${i}.`, row: l }],
              sql`${o}`,
              sql`${orderLines.id}`,
            ),
          ),
      ),
      db.$with('placed_timeline', { id: orderTimeline.id }).as(
        insertSelect(
          orderTimeline,
          timeline.map((row, i) => ({ prefix: `t${i}.`, row })),
          sql`${o}`,
          sql`${orderTimeline.id}`,
        ),
      ),
    ];
    return db
      .with(...(account ? [account] : []), ...(taken ? [taken] : []), o, ...inserts)
      .select()
      .from(o)
      .prepare('place_order');
  });
}

/**
 * The gate of a one-statement placing: takes `want` units of the row's stock only while it has
 * them and still carries the prices the order was priced at; `updated_at` as Drizzle's
 * $onUpdate would set it.
 */
function takenStatement(db: Database, variation: boolean, account: AccountGate | null) {
  const want = sql`${sql.placeholder('s.want')}::integer`;
  // An unpaid order takes stock only when the account gate let it through (see accountStatement).
  const admitted = account ? sql`exists (select 1 from ${account})` : sql`true`;
  if (variation) {
    return db.$with('taken').as(
      db
        .update(variations)
        .set({ stock: sql`${variations.stock} - ${want}` })
        .where(
          and(
            eq(variations.id, sql.placeholder('s.id')),
            sql`${variations.stock} >= ${want}`,
            eq(variations.pricePaise, sql.placeholder('s.price')),
            eq(variations.salePricePaise, sql.placeholder('s.salePrice')),
            admitted,
          ),
        )
        .returning({ id: variations.id }),
    );
  }
  return db.$with('taken').as(
    db
      .update(products)
      .set({ totalStock: sql`${products.totalStock} - ${want}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(products.id, sql.placeholder('s.id')),
          sql`${products.totalStock} >= ${want}`,
          eq(products.originalPricePaise, sql.placeholder('s.price')),
          eq(products.discountPricePaise, sql.placeholder('s.salePrice')),
          admitted,
        ),
      )
      .returning({ id: products.id }),
  );
}

/**
 * An order that waits for its online payment and still holds its stock: an account has at most
 * one (issue 26; decision 0034). The sweeper's, a release's and placing's condition.
 */
const unpaidHold = and(
  isNull(orders.stockReleasedAt),
  notInArray(orders.paymentStatus, PAID_STATUSES),
  gt(orders.amountToPayPaise, 0),
)!;

type AccountGate = ReturnType<typeof accountStatement>;

/**
 * The gate of a one-statement placing of an unpaid order: passes (one row) only when the account
 * holds no unpaid order, as of the statement's snapshot, **and** its `users` row was not changed
 * since that snapshot. Every placing of an unpaid order writes the account's row (here, or first
 * thing in the transaction of `place`), so a placing of the same account that committed after
 * this statement's snapshot was taken, or is still running, changed the row's `xmin`: the UPDATE
 * waits for it, PostgreSQL re-checks the WHERE on the row's newest version (EvalPlanQual, with
 * the sub-select's value as first read) and the gate takes nothing. Then the order goes through
 * the transaction, which releases the account's earlier holds under the account's row lock.
 * No stale snapshot ever decides that an account holds nothing (decision 0034).
 */
function accountStatement(db: Database) {
  const user = sql`${sql.placeholder('a.user')}::uuid`;
  return db.$with('account').as(
    db
      .update(users)
      .set({ updatedAt: sql`${users.updatedAt}` })
      .where(
        and(
          sql`${users.id} = ${user}`,
          sql`${users}.xmin = (select u.xmin from ${users} u where u.id = ${user})`,
          sql`not exists (select 1 from ${orders} where ${orders.userId} = ${user} and ${unpaidHold})`,
        ),
      )
      .returning({ id: users.id }),
  );
}

/** The only code that reads and writes orders, their lines, holds, events and refunds. */
export class OrdersRepository {
  /** The statements placing an order, built once per shape (see insertOrder). */
  private readonly insertOrderStatements = new Map<string, ReusableStatement<PlacedOrder>>();

  constructor(private readonly db: Database) {}

  async byIdempotencyKey(userId: string, key: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row ?? null;
  }

  /** Who to write to about an order. */
  async userContact(userId: string): Promise<{ email: string; name: string } | null> {
    const [row] = await this.db
      .select({ email: users.email, name: users.fullName })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async byId(id: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    return row ?? null;
  }

  async byReceiptId(storeId: string, receiptId: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(and(eq(orders.storeId, storeId), eq(orders.receiptId, receiptId)));
    return row ?? null;
  }

  /**
   * The order a gateway order was opened for: the one it names now, or one it named before
   * (replaced by Pay now, decision 0040).
   */
  async byGatewayOrderId(gatewayOrderId: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(eq(orders.gatewayOrderId, gatewayOrderId));
    if (row) return row;
    const [old] = await this.db
      .select({ order: orders })
      .from(orderGatewayOrders)
      .innerJoin(orders, eq(orders.id, orderGatewayOrders.orderId))
      .where(eq(orderGatewayOrders.gatewayOrderId, gatewayOrderId));
    return old?.order ?? null;
  }

  /** The gateway orders an order no longer names, oldest first. */
  async replacedGatewayOrders(orderId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: orderGatewayOrders.gatewayOrderId })
      .from(orderGatewayOrders)
      .where(eq(orderGatewayOrders.orderId, orderId))
      .orderBy(asc(orderGatewayOrders.createdAt));
    return rows.map((r) => r.id);
  }

  /** The names of stores (for their orders' short numbers). */
  async storeNames(storeIds: readonly string[]): Promise<Map<string, string>> {
    if (storeIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: stores.id, name: stores.name })
      .from(stores)
      .where(inArray(stores.id, [...storeIds]));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * The account's newest order awaiting its online payment (decision 0040's "same cart") placed
   * from the same cart: the one a second Place order of that cart reuses.
   */
  async awaitingPaymentOfCart(userId: string, cartFingerprint: string): Promise<OrderRow | null> {
    const [row] = await this.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.cartFingerprint, cartFingerprint),
          eq(orders.orderStatus, 'Pending'),
          inArray(orders.paymentStatus, ['Pending', 'Failed']),
          gt(orders.amountToPayPaise, 0),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1);
    return row ?? null;
  }

  /**
   * Pay now of an unpaid order whose hold had ended (decision 0040): in one transaction, under
   * the account's row lock then the order's (placing's lock order, decision 0034), the account's
   * other unpaid holds are released (one hold per account), the order's stock and coupon use are
   * taken again when its hold was released (all or nothing), its hold renewed to `expiresAt` and
   * `gatewayOrderId` (opened before, no lock held over the network) named its gateway order, the
   * one it had kept among its replaced ones. When a parallel Pay now did all this first (the
   * order holds again, with a gateway order), nothing changes but `gatewayOrderId` is kept among
   * the replaced ones (never shown to a payer; a capture on it still finds the order), and
   * `renewed` is false. Null when the order no longer awaits its payment. Throws OutOfStock or
   * CouponUsedUp.
   */
  async holdAgain(
    orderId: string,
    now: Date,
    expiresAt: Date,
    gateway: { gatewayOrderId: string; keyId: string },
  ): Promise<{ order: OrderRow; renewed: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const [mine] = await tx
        .select({ userId: orders.userId })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!mine) return null;
      const released = await this.releaseHoldsOf(tx, mine.userId, now, orderId);
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      const keep = async (gatewayOrderId: string | null) => {
        if (gatewayOrderId === null) return;
        await tx
          .insert(orderGatewayOrders)
          .values({ gatewayOrderId, orderId, storeId: order!.storeId })
          .onConflictDoNothing();
      };
      if (
        !order ||
        order.orderStatus !== 'Pending' ||
        PAID_STATUSES.includes(order.paymentStatus)
      ) {
        if (order) await keep(gateway.gatewayOrderId);
        return null;
      }
      const holding = !order.stockReleasedAt && order.stockHoldExpiresAt > now;
      const need = (l: OrderLineRow) => ({
        productId: l.productId!,
        variationId: l.variationId,
        quantity: l.quantity,
      });
      const back = released.lines.filter((l) => l.productId).map(need);
      if (holding && order.gatewayOrderId) {
        if (back.length > 0) await this.takeStock(tx, [], back);
        await this.giveBackCouponUses(tx, released.couponIds);
        await keep(gateway.gatewayOrderId);
        return { order, renewed: false };
      }
      const lines = order.stockReleasedAt
        ? await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId))
        : [];
      await this.takeStock(tx, lines.filter((l) => l.productId).map(need), back);
      await this.giveBackCouponUses(tx, released.couponIds);
      if (order.stockReleasedAt) await this.retakeCouponUse(tx, orderId);
      await keep(order.gatewayOrderId);
      const [held] = await tx
        .update(orders)
        .set({
          stockReleasedAt: null,
          stockHoldExpiresAt: expiresAt,
          gatewayOrderId: gateway.gatewayOrderId,
          gatewayKeyId: gateway.keyId,
          version: sql`${orders.version} + 1`,
        })
        .where(eq(orders.id, orderId))
        .returning();
      return { order: held!, renewed: true };
    });
  }

  /** The coupon uses of released holds given back, under the coupons' locks in id order. */
  private async giveBackCouponUses(tx: Tx, couponIds: readonly string[]) {
    if (couponIds.length === 0) return;
    await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(inArray(coupons.id, [...couponIds]))
      .orderBy(asc(coupons.id))
      .for('update');
    for (const couponId of couponIds) {
      await tx
        .update(coupons)
        .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
        .where(eq(coupons.id, couponId));
    }
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
   * Takes `needs` from the stock rows in a fixed order (products, then variations, each by id),
   * one conditional UPDATE per row (`… WHERE stock >= want RETURNING`): the update takes the row
   * lock, and a concurrent buyer waiting on it re-checks the condition once the lock is free, so
   * stock never goes below zero. Throws OutOfStock (the transaction rolls back) when a row is
   * missing or has too little.
   */
  private async takeStock(
    tx: Tx,
    needs: readonly StockNeed[],
    /** Stock given back in the same pass (released holds): a row's want is net of it. */
    back: readonly StockNeed[] = [],
  ) {
    type Row = { want: number; productId: string; priced: StockNeed['priced'] };
    const add = (map: Map<string, Row>, id: string, n: StockNeed, sign = 1) => {
      const had = map.get(id);
      map.set(id, {
        want: (had?.want ?? 0) + sign * n.quantity,
        productId: n.productId,
        priced: n.priced ?? had?.priced,
      });
    };
    const perProduct = new Map<string, Row>();
    const perVariation = new Map<string, Row>();
    for (const n of needs) {
      if (n.variationId) add(perVariation, n.variationId, n);
      else add(perProduct, n.productId, n);
    }
    for (const n of back) {
      if (n.variationId) add(perVariation, n.variationId, n, -1);
      else add(perProduct, n.productId, n, -1);
    }
    const byId = (rows: Map<string, Row>) => [...rows].sort(([a], [b]) => a.localeCompare(b));
    // The RETURNING prices are the row's as locked: a change committed after the order was
    // priced shows here (the order is re-priced, never sold at the old price).
    const unchanged = (row: Row, now: { price: number; salePrice: number }) =>
      !row.priced ||
      (row.priced.pricePaise === now.price && row.priced.salePricePaise === now.salePrice);
    for (const [id, row] of byId(perProduct)) {
      const [taken] = await takeProductStock.run(this.db, tx, { id, want: row.want });
      if (!taken) throw new OutOfStock(id);
      if (!unchanged(row, taken)) throw new PriceChanged(id);
    }
    for (const [id, row] of byId(perVariation)) {
      const [taken] = await takeVariationStock.run(this.db, tx, { id, want: row.want });
      if (!taken) throw new OutOfStock(row.productId);
      if (!unchanged(row, taken)) throw new PriceChanged(row.productId);
    }
  }

  /**
   * Takes one use of a coupon under its row lock (SELECT … FOR UPDATE, after the stock rows):
   * throws CouponUsedUp when its total limit is reached, or when `perCustomerLimit` is set and
   * the user's unreleased uses reach it.
   */
  private async takeCouponUse(
    tx: Tx,
    couponId: string,
    userId: string,
    perCustomerLimit: number | null,
  ) {
    const [row] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!row || (row.totalUsageLimit !== null && row.uses >= row.totalUsageLimit)) {
      throw new CouponUsedUp(false);
    }
    if (perCustomerLimit !== null) {
      const [mine] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(couponRedemptions)
        .where(
          and(
            eq(couponRedemptions.couponId, row.id),
            eq(couponRedemptions.userId, userId),
            isNull(couponRedemptions.releasedAt),
          ),
        );
      if ((mine?.n ?? 0) >= perCustomerLimit) throw new CouponUsedUp(true);
    }
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(eq(coupons.id, row.id));
  }

  /**
   * A late payment takes back the coupon use its expired hold released, under the same rules
   * as placing (the coupon's row lock, its total and per-customer limits, checked against the
   * coupon as it is now). Nothing to do when the order had no coupon or its use was not released.
   */
  private async retakeCouponUse(tx: Tx, orderId: string) {
    const [released] = await tx
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, orderId));
    if (!released?.releasedAt) return;
    const [coupon] = await tx
      .select({ perCustomerLimit: coupons.perCustomerLimit })
      .from(coupons)
      .where(eq(coupons.id, released.couponId));
    await this.takeCouponUse(
      tx,
      released.couponId,
      released.userId,
      coupon?.perCustomerLimit ?? null,
    );
    await tx
      .update(couponRedemptions)
      .set({ releasedAt: null })
      .where(eq(couponRedemptions.id, released.id));
  }

  /**
   * Places an order. One stock row and no coupon (Buy Now, most small orders) is **one
   * statement** outside any transaction: the stock UPDATE (`stock >= want` and the prices the
   * order was priced at, under the row's lock) feeds the order's INSERT, which feeds its lines'
   * and timeline's, so nothing is written unless the stock was taken, and a connection is held
   * for one round trip. When nothing was written, one read tells OutOfStock from PriceChanged.
   * Several stock rows or a coupon: one transaction: the stock rows under their locks (products,
   * then variations, each by id: no deadlocks), the same order INSERT, then the coupon use under
   * the coupon's row lock. Both take the stock rows before the order's Idempotency-Key index
   * entry, so two requests never wait on each other in a cycle. Throws OutOfStock,
   * PriceChanged, CouponUsedUp or a unique violation (same key: the service answers with the
   * order that has it).
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
     * Paid as placed (a ₹0 order, fully discounted): the sale is counted (totalSold) and
     * `onPaid` runs in the same transaction (the invoice of a course-only order).
     */
    paid?: { onPaid?: (tx: Tx, orderId: string) => Promise<void> } | null;
    /** When the earlier holds are released. */
    now?: Date;
  }): Promise<PlacedOrder> {
    const unpaid = input.unpaid ?? false;
    const one = input.coupon || input.paid ? null : oneStockRow(input.stock);
    if (one) {
      const order = await this.insertOrder(this.db, input.order, input.lines, one, unpaid);
      if (order) return order;
      const why = await this.whyNotTaken(one);
      // Stock and price were fine: the account gate stopped it (the account holds an unpaid
      // order, or another placing of the account ran meanwhile): through the transaction.
      if (why) throw why;
    }
    const now = input.now ?? new Date();
    return this.db.transaction(async (tx) => {
      const released = unpaid
        ? await this.releaseHoldsOf(tx, input.order.userId, now)
        : { lines: [], couponIds: [] };
      await this.takeStock(
        tx,
        input.stock,
        released.lines
          .filter((l) => l.productId)
          .map((l) => ({
            productId: l.productId!,
            variationId: l.variationId,
            quantity: l.quantity,
          })),
      );
      const order = (await this.insertOrder(tx, input.order, input.lines, null))!;
      const couponIds = [...released.couponIds, ...(input.coupon ? [input.coupon.id] : [])];
      if (couponIds.length > 0) {
        // Every coupon row this placing changes, locked in id order (no cycle with another).
        await tx
          .select({ id: coupons.id })
          .from(coupons)
          .where(inArray(coupons.id, couponIds))
          .orderBy(asc(coupons.id))
          .for('update');
      }
      for (const couponId of released.couponIds) {
        await tx
          .update(coupons)
          .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
          .where(eq(coupons.id, couponId));
      }
      if (input.coupon) {
        await this.takeCouponUse(tx, input.coupon.id, order.userId, input.coupon.perCustomerLimit);
        await tx.insert(couponRedemptions).values({
          storeId: order.storeId,
          couponId: input.coupon.id,
          orderId: order.id,
          userId: order.userId,
          discountPaise: input.coupon.discountPaise,
        });
      }
      if (input.paid) {
        const sold = new Map<string, number>();
        for (const n of input.stock)
          sold.set(n.productId, (sold.get(n.productId) ?? 0) + n.quantity);
        for (const [productId, quantity] of [...sold].sort(([a], [b]) => a.localeCompare(b))) {
          await tx
            .update(products)
            .set({ totalSold: sql`${products.totalSold} + ${quantity}` })
            .where(eq(products.id, productId));
        }
        await input.paid.onPaid?.(tx, order.id);
      }
      return order;
    });
  }

  /**
   * Releases the holds of an account's unpaid orders, first thing in a placing's transaction:
   * the account's row is written (its lock, held to the commit, orders the account's placings,
   * and its new `xmin` turns away a one-statement placing that read the account before: see
   * accountStatement), the orders are marked released and their coupon uses given back. Their
   * stock goes back in the placing's own pass over the stock rows (one pass in id order), and the
   * coupons' `uses` under the placing's coupon locks. Returns what to give back.
   */
  private async releaseHoldsOf(tx: Tx, userId: string, now: Date, keep?: string) {
    await tx
      .update(users)
      .set({ updatedAt: sql`${users.updatedAt}` })
      .where(eq(users.id, userId));
    const held = await tx
      .update(orders)
      .set({ stockReleasedAt: now, version: sql`${orders.version} + 1` })
      .where(
        and(eq(orders.userId, userId), unpaidHold, ...(keep ? [sql`${orders.id} <> ${keep}`] : [])),
      )
      .returning({ id: orders.id, couponApplied: orders.couponApplied });
    if (held.length === 0) return { lines: [] as OrderLineRow[], couponIds: [] as string[] };
    const ids = held.map((h) => h.id);
    const lines = await tx.select().from(orderLines).where(inArray(orderLines.orderId, ids));
    if (!held.some((h) => h.couponApplied)) return { lines, couponIds: [] as string[] };
    const uses = await tx
      .update(couponRedemptions)
      .set({ releasedAt: now })
      .where(and(inArray(couponRedemptions.orderId, ids), isNull(couponRedemptions.releasedAt)))
      .returning({ couponId: couponRedemptions.couponId });
    return { lines, couponIds: uses.map((u) => u.couponId) };
  }

  /**
   * Why a one-statement placing took nothing: the row as it is now, read once. Null when the
   * row has the stock at the prices the order was priced at (the account gate stopped it).
   */
  private async whyNotTaken(one: OneStockRow): Promise<OutOfStock | PriceChanged | null> {
    const [row] = one.variation
      ? await this.db
          .select({
            price: variations.pricePaise,
            salePrice: variations.salePricePaise,
            stock: variations.stock,
          })
          .from(variations)
          .where(eq(variations.id, one.id))
      : await this.db
          .select({
            price: products.originalPricePaise,
            salePrice: products.discountPricePaise,
            stock: products.totalStock,
          })
          .from(products)
          .where(eq(products.id, one.id));
    const changed = row && (row.price !== one.price || row.salePrice !== one.salePrice);
    if (changed) return new PriceChanged(one.productId);
    return row && row.stock >= one.want ? null : new OutOfStock(one.productId);
  }

  /**
   * The order row, its lines and its first timeline entries in one statement (one round trip):
   * each INSERT … SELECT reads the one before it (`FROM placed_order`), and with `gate` the
   * order's reads the stock UPDATE's (`FROM taken`): no row taken, nothing inserted (undefined).
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
    gate: OneStockRow | null,
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
    const shape = [
      gate ? (gate.variation ? 'variation' : 'product') : 'in transaction',
      gate && unpaid ? 'account gate' : '',
      Object.keys(order).join(),
      lineRows.map((l) => Object.keys(l).join()).join('|'),
      // An SQL value is part of the statement's text, not a placeholder's value.
      timeline
        .map((e) => Object.entries(e).map(([k, v]) => (v instanceof SQL ? `${k}=sql` : k)))
        .join('|'),
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
      Object.assign(filled, {
        's.id': gate.id,
        's.want': gate.want,
        's.price': gate.price,
        's.salePrice': gate.salePrice,
      });
      if (unpaid) filled['a.user'] = values.userId;
    }
    let statement = this.insertOrderStatements.get(shape);
    if (!statement) {
      statement = placeStatement(order, lineRows, timeline, gate, unpaid);
      // A handful of shapes in practice; a bound keeps an odd caller from growing it for ever.
      if (this.insertOrderStatements.size < 64) this.insertOrderStatements.set(shape, statement);
    }
    const [row] = await statement.run(this.db, on, filled);
    return row;
  }

  /**
   * Records the order's gateway order unless it has one already (a retry that took over from a
   * request cut by a crash may race the original). Returns whether this one was recorded.
   */
  async setGatewayOrder(orderId: string, gatewayOrderId: string, keyId: string) {
    const set = await setGatewayOrderStatement.run(this.db, this.db, {
      orderId,
      gatewayOrderId,
      keyId,
    });
    return set.length > 0;
  }

  /**
   * Releases an unpaid order's hold now, if it still holds: stock back, coupon use back.
   * Returns whether it released (false: already released or paid meanwhile).
   */
  async release(orderId: string, now: Date, failed: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => this.releaseIn(tx, orderId, now, failed));
  }

  private async releaseIn(tx: Tx, orderId: string, now: Date, failed: boolean) {
    const [held] = await tx
      .update(orders)
      .set({
        stockReleasedAt: now,
        ...(failed && { paymentStatus: 'Failed', failedAt: now }),
        version: sql`${orders.version} + 1`,
      })
      .where(
        and(
          eq(orders.id, orderId),
          isNull(orders.stockReleasedAt),
          notInArray(orders.paymentStatus, PAID_STATUSES),
        ),
      )
      .returning();
    if (!held) return false;
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await returnStock(tx, lines);
    await releaseCouponUse(tx, orderId, now);
    return true;
  }

  /**
   * Unpaid orders whose hold has expired and is not yet released, oldest expiry first (the
   * sweeper checks each at the gateway, then releases it with `release`). Orders with nothing to
   * pay online (pay on delivery without an advance) keep their stock.
   */
  expiredHolds(now: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(
        and(
          isNull(orders.stockReleasedAt),
          lt(orders.stockHoldExpiresAt, now),
          notInArray(orders.paymentStatus, PAID_STATUSES),
          sql`${orders.amountToPayPaise} > 0`,
        ),
      )
      .orderBy(asc(orders.stockHoldExpiresAt))
      .limit(limit);
  }

  /** Unpaid orders with a gateway order whose hold ends after `since`, newest first. */
  unpaidWithGatewayOrder(since: Date, limit: number): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(
        and(
          isNotNull(orders.gatewayOrderId),
          gt(orders.stockHoldExpiresAt, since),
          notInArray(orders.paymentStatus, PAID_STATUSES),
        ),
      )
      .orderBy(desc(orders.stockHoldExpiresAt))
      .limit(limit);
  }

  /**
   * Releases up to `limit` expired holds of unpaid orders, each order in its own transaction,
   * skipping orders another process holds (FOR UPDATE SKIP LOCKED). Orders with nothing to pay
   * online (pay on delivery without an advance) keep their stock. Returns the ids released.
   */
  async releaseExpired(now: Date, limit = 50): Promise<string[]> {
    const released: string[] = [];
    for (let i = 0; i < limit; i += 1) {
      const id = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(
            and(
              isNull(orders.stockReleasedAt),
              lt(orders.stockHoldExpiresAt, now),
              notInArray(orders.paymentStatus, PAID_STATUSES),
              sql`${orders.amountToPayPaise} > 0`,
            ),
          )
          .orderBy(asc(orders.stockHoldExpiresAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return null;
        await this.releaseIn(tx, row.id, now, false);
        return row.id;
      });
      if (!id) break;
      released.push(id);
    }
    return released;
  }

  /**
   * Marks an order paid with one conditional update (never twice), the order row locked first
   * (as placing and cancelling do). The winner also records the sale (totalSold) and the
   * timeline's Pending → Processing; when the hold had been released it takes the stock again.
   * A payment that cannot be kept is marked "Refund pending" with `refundReason`: the order was
   * cancelled meanwhile, or its hold expired and the stock is gone (then it is cancelled).
   * Returns the updated order when this call won, null when it was already settled.
   */
  async markPaid(
    orderId: string,
    paymentId: string,
    now: Date,
    /** Runs in the same transaction once the order is paid and keeps its stock (invoicing). */
    onPaid?: (tx: Tx, order: OrderRow, lines: readonly OrderLineRow[]) => Promise<void>,
    /**
     * A shop's confirmation of a manual UPI payment (decision 0039): the conditional update also
     * needs a manual UPI order with a UTR, not cancelled (a rejection that won keeps it
     * unpaid), and the timeline's row names the staff member and says so.
     */
    confirmed?: { byUserId: string; note: string },
  ): Promise<{ order: OrderRow; lines: OrderLineRow[]; refundReason: string | null } | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ orderStatus: orders.orderStatus })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      if (!before) return null;
      const [won] = await tx
        .update(orders)
        .set({
          paymentStatus: 'Success',
          paidAt: now,
          gatewayPaymentId: paymentId,
          orderStatus: sql`CASE WHEN ${orders.orderStatus} = 'Pending' THEN 'Processing' ELSE ${orders.orderStatus} END`,
          processingDate: sql`CASE WHEN ${orders.orderStatus} = 'Cancelled' THEN ${orders.processingDate} ELSE coalesce(${orders.processingDate}, ${now.toISOString()}::timestamptz) END`,
          version: sql`${orders.version} + 1`,
        })
        .where(
          and(
            eq(orders.id, orderId),
            notInArray(orders.paymentStatus, PAID_STATUSES),
            confirmed &&
              and(
                eq(orders.paymentMode, 'Pay by UPI'),
                isNotNull(orders.utr),
                sql`${orders.orderStatus} <> 'Cancelled'`,
              ),
          ),
        )
        .returning();
      if (!won) return null;
      const lines = await tx
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position));
      const timeline = {
        orderId,
        storeId: won.storeId,
        at: now,
        fromStatus: before.orderStatus,
        actorKind: confirmed ? 'staff' : 'system',
        actorUserId: confirmed?.byUserId ?? null,
      };
      let refundReason: string | null = null;
      if (before.orderStatus === 'Cancelled') {
        refundReason = 'Paid after the order was cancelled';
        await tx
          .update(orders)
          .set({ paymentStatus: 'Refund pending' })
          .where(eq(orders.id, orderId));
      } else if (won.stockReleasedAt) {
        try {
          // A savepoint: stock and coupon use come back together or not at all.
          await tx.transaction(async (inner) => {
            await this.takeStock(
              inner,
              lines
                .filter((l) => l.productId)
                .map((l) => ({
                  productId: l.productId!,
                  variationId: l.variationId,
                  quantity: l.quantity,
                })),
            );
            await this.retakeCouponUse(inner, orderId);
          });
          await tx.update(orders).set({ stockReleasedAt: null }).where(eq(orders.id, orderId));
        } catch (err) {
          if (err instanceof OutOfStock) refundReason = LATE_REFUND_REASONS['stock gone'];
          else if (err instanceof CouponUsedUp) {
            refundReason = LATE_REFUND_REASONS['coupon used up'];
          } else throw err;
          await tx
            .update(orders)
            .set({ paymentStatus: 'Refund pending', orderStatus: 'Cancelled' })
            .where(eq(orders.id, orderId));
          await tx
            .insert(orderTimeline)
            .values({ ...timeline, toStatus: 'Cancelled', note: refundReason });
        }
      }
      if (!refundReason) {
        const sold = [...lines]
          .filter((l) => l.productId)
          .sort((a, b) => a.productId!.localeCompare(b.productId!));
        for (const line of sold) {
          await tx
            .update(products)
            .set({ totalSold: sql`${products.totalSold} + ${line.quantity}` })
            .where(eq(products.id, line.productId!));
        }
        if (before.orderStatus === 'Pending') {
          await tx.insert(orderTimeline).values({
            ...timeline,
            toStatus: 'Processing',
            note: confirmed?.note ?? 'Payment received',
          });
        }
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
      if (refundReason === null && onPaid) await onPaid(tx, order!, lines);
      return { order: order!, lines, refundReason };
    });
  }

  /**
   * Records the UTR a customer entered for their manual UPI order, while it is unpaid and not
   * cancelled (one conditional update; a corrected UTR replaces the first). Null when the order
   * is not in that state. A UTR already entered for another order of the store breaks the
   * unique index `orders_store_utr_key` (the caller answers 409).
   */
  async setUtr(orderId: string, utr: string, now: Date): Promise<OrderRow | null> {
    const [row] = await this.db
      .update(orders)
      .set({ utr, utrSubmittedAt: now, version: sql`${orders.version} + 1` })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.paymentMode, 'Pay by UPI'),
          notInArray(orders.paymentStatus, PAID_STATUSES),
          sql`${orders.orderStatus} <> 'Cancelled'`,
        ),
      )
      .returning();
    return row ?? null;
  }

  /** A failed payment: Failed while unpaid (its stock stays held until the hold expires). */
  async markFailed(orderId: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(orders)
      .set({ paymentStatus: 'Failed', failedAt: now, version: sql`${orders.version} + 1` })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'Pending')))
      .returning({ id: orders.id });
    return rows.length > 0;
  }

  /**
   * Records a gateway event once; false when it was already recorded (a replay).
   */
  async recordEvent(event: typeof paymentEvents.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(paymentEvents)
      .values(event)
      .onConflictDoNothing({ target: [paymentEvents.gateway, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  /**
   * Claims an order's start-up gateway check (a `start-check` row in payment_events, unique per
   * order): true when no other process holds the claim, or its claim is older than `leaseMs`
   * (its process died mid-check). Released with `releaseStartCheck`.
   */
  async claimStartCheck(order: OrderRow, now: Date, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .insert(paymentEvents)
      .values({
        gateway: order.gateway,
        eventId: `start-check:${order.id}`,
        eventType: 'start-check',
        storeId: order.storeId,
        orderId: order.id,
        gatewayOrderId: order.gatewayOrderId,
        payload: {},
        receivedAt: now,
        processedAt: now,
      })
      .onConflictDoUpdate({
        target: [paymentEvents.gateway, paymentEvents.eventId],
        set: { receivedAt: now, processedAt: now },
        setWhere: lt(paymentEvents.receivedAt, new Date(now.getTime() - leaseMs)),
      })
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  /** Ends this process's claim of an order's start-up check (not a later claim of another). */
  async releaseStartCheck(order: OrderRow, claimedAt: Date) {
    await this.db
      .delete(paymentEvents)
      .where(
        and(
          eq(paymentEvents.gateway, order.gateway),
          eq(paymentEvents.eventId, `start-check:${order.id}`),
          eq(paymentEvents.receivedAt, claimedAt),
        ),
      );
  }

  async addRefund(input: typeof refunds.$inferInsert) {
    await this.db.insert(refunds).values(input);
  }

  /** The gateway's id of an order's pending refund, once the gateway has answered. */
  async setRefundId(orderId: string, gatewayRefundId: string) {
    await this.db
      .update(refunds)
      .set({ gatewayRefundId })
      .where(and(eq(refunds.orderId, orderId), isNull(refunds.gatewayRefundId)));
  }

  /**
   * The order a refund webhook that names no gateway order is about: the order of the refund
   * with this gateway id, else of the oldest refund of this payment (null: none).
   */
  async orderOfRefund(gatewayRefundId: string, gatewayPaymentId: string) {
    const [byId] = await this.db
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.gatewayRefundId, gatewayRefundId));
    const [byPayment] = byId
      ? [byId]
      : await this.db
          .select({ orderId: refunds.orderId })
          .from(refunds)
          .where(eq(refunds.gatewayPaymentId, gatewayPaymentId))
          .orderBy(asc(refunds.createdAt))
          .limit(1);
    return byPayment ? this.byId(byPayment.orderId) : null;
  }

  /**
   * A refund the gateway has processed, of one order (the one whose store's webhook secret
   * verified the event): its row (matched by the gateway's refund id, or, when the webhook beat
   * the shop's record of that id, the payment's pending refund without one) becomes processed,
   * and the order, if waiting on a refund, becomes Refunded. Another order's refunds are never
   * touched, whatever ids the event names.
   */
  async refundProcessed(
    orderId: string,
    gatewayPaymentId: string,
    gatewayRefundId: string,
    now: Date,
  ) {
    await this.db.transaction(async (tx) => {
      const known = await tx
        .update(refunds)
        .set({ status: 'processed', processedAt: now })
        .where(
          and(
            eq(refunds.orderId, orderId),
            eq(refunds.gatewayRefundId, gatewayRefundId),
            eq(refunds.status, 'pending'),
          ),
        )
        .returning({ id: refunds.id });
      if (known.length === 0) {
        const [waiting] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(
            and(
              eq(refunds.orderId, orderId),
              eq(refunds.gatewayPaymentId, gatewayPaymentId),
              eq(refunds.status, 'pending'),
              isNull(refunds.gatewayRefundId),
            ),
          )
          .orderBy(asc(refunds.createdAt))
          .limit(1)
          .for('update');
        if (waiting) {
          await tx
            .update(refunds)
            .set({ status: 'processed', processedAt: now, gatewayRefundId })
            .where(eq(refunds.id, waiting.id));
        }
      }
      await tx
        .update(orders)
        .set({ paymentStatus: 'Refunded', version: sql`${orders.version} + 1` })
        .where(
          and(
            eq(orders.id, orderId),
            eq(orders.gatewayPaymentId, gatewayPaymentId),
            eq(orders.paymentStatus, 'Refund pending'),
          ),
        );
    });
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

  /** The refunds of some orders, each oldest first (one query for any number of orders). */
  async refundsOf(orderIds: readonly string[]): Promise<Map<string, RefundRow[]>> {
    const out = new Map<string, RefundRow[]>();
    if (orderIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, [...orderIds]))
      .orderBy(asc(refunds.createdAt), asc(refunds.id));
    for (const row of rows) out.set(row.orderId, [...(out.get(row.orderId) ?? []), row]);
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
    const [events] = await this.db
      .select({
        unprocessed: sql<number>`(count(*) filter (where ${paymentEvents.processedAt} is null))::int`,
      })
      .from(paymentEvents);
    return { byStatus: rows, paymentEventsUnprocessed: events?.unprocessed ?? 0 };
  }
}

export interface OrderFigures {
  byStatus: { paymentStatus: string; orderStatus: string; count: number; holdsReleased: number }[];
  paymentEventsUnprocessed: number;
}

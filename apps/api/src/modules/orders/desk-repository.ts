import { and, asc, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { orderLines, orders, users, type Database } from '@shop/db';
import { FORWARD_ORDER_STATUSES, type OrderStatus, type PaymentMode } from '@shop/domain';
import type { AdminOrderSort } from '@shop/contracts';
import type { OrderRow } from './orders-repository.ts';

/** The desk's filters, as the service hands them down (India-time days already instants). */
export interface DeskFilters {
  statuses?: readonly OrderStatus[] | undefined;
  paymentMode?: PaymentMode | undefined;
  paid?: boolean | undefined;
  /** Placed to be paid online and not paid yet (the domain's isAwaitingPayment), or not. */
  awaitingPayment?: boolean | undefined;
  from?: Date | null | undefined;
  before?: Date | null | undefined;
  q?: string | undefined;
}

/** A row of the desk's list: the order, its customer's email and its units. */
export interface DeskRow {
  order: OrderRow;
  email: string;
  units: number;
}

/** The statuses in the order a shop works through them, Cancelled last (sorting by status). */
const STATUS_ORDER = [...FORWARD_ORDER_STATUSES, 'Cancelled'];

/** `%`, `_` and `\` taken literally inside an ILIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Fully paid, the domain's `isOrderFullyPaid` in SQL: paid online ("Success") and nothing left
 * to collect.
 */
const FULLY_PAID = sql`(${orders.paymentStatus} = 'Success' AND (${orders.remainingAmountPaise} = 0 OR ${orders.collectedAt} IS NOT NULL))`;

/** Awaiting its online payment, the domain's `isAwaitingPayment` in SQL. */
const AWAITING_PAYMENT = sql`(${orders.paymentMode} <> 'Pay by UPI' AND ${orders.orderStatus} = 'Pending' AND ${orders.amountToPayPaise} > 0 AND ${orders.paymentStatus} IN ('Pending', 'Failed'))`;

/**
 * The orders desk's reads: one store's orders filtered, searched, sorted and paged in SQL (the
 * store and a status chip use `orders_store_status_created_idx`, the rest
 * `orders_store_created_idx`; the search is a filter over one store's rows, see decision 0015).
 */
export class DeskRepository {
  constructor(private readonly db: Database) {}

  private where(storeId: string, f: DeskFilters): SQL {
    const parts: (SQL | undefined)[] = [eq(orders.storeId, storeId)];
    if (f.statuses && f.statuses.length > 0)
      parts.push(inArray(orders.orderStatus, [...f.statuses]));
    if (f.paymentMode) parts.push(eq(orders.paymentMode, f.paymentMode));
    if (f.paid !== undefined) parts.push(f.paid ? FULLY_PAID : sql`NOT ${FULLY_PAID}`);
    if (f.awaitingPayment !== undefined) {
      parts.push(f.awaitingPayment ? AWAITING_PAYMENT : sql`NOT ${AWAITING_PAYMENT}`);
    }
    if (f.from) parts.push(gte(orders.createdAt, f.from));
    if (f.before) parts.push(lt(orders.createdAt, f.before));
    if (f.q) {
      const like = `%${likeLiteral(f.q)}%`;
      const digits = f.q.replace(/\D/g, '');
      parts.push(
        or(
          ilike(orders.receiptId, like),
          // The short number: `UR-10423` or `10423` finds order 10423.
          ...(/^\s*(?:[a-z]{1,3}-?)?\d{5,9}\s*$/i.test(f.q) && digits.length <= 9
            ? [eq(orders.orderNumber, Number(digits))]
            : []),
          ilike(orders.userName, like),
          ilike(users.email, like),
          ilike(users.fullName, like),
          // A mobile typed with spaces or +91 still finds the ten digits stored.
          ...(digits.length >= 3 ? [ilike(orders.mobile, `%${digits.slice(-10)}%`)] : []),
        ),
      );
    }
    return and(...parts)!;
  }

  private orderBy(sort: AdminOrderSort): SQL[] {
    const statusRank = sql`array_position(ARRAY[${sql.join(
      STATUS_ORDER.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[], ${orders.orderStatus})`;
    const newest = [desc(orders.createdAt), desc(orders.id)];
    switch (sort) {
      case 'placed_asc':
        return [asc(orders.createdAt), asc(orders.id)];
      case 'total_desc':
        return [desc(orders.totalAmountPaise), ...newest];
      case 'total_asc':
        return [asc(orders.totalAmountPaise), ...newest];
      case 'status_asc':
        return [asc(statusRank), ...newest];
      case 'status_desc':
        return [desc(statusRank), ...newest];
      default:
        return newest;
    }
  }

  private select() {
    return this.db
      .select({
        order: orders,
        email: users.email,
        units: sql<string>`(select coalesce(sum(${orderLines.quantity}), 0) from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId));
  }

  /** One page of the store's orders matching `f`, and how many match in all. */
  async page(
    storeId: string,
    f: DeskFilters,
    sort: AdminOrderSort,
    page: number,
    limit: number,
  ): Promise<{ rows: DeskRow[]; total: number }> {
    const where = this.where(storeId, f);
    const [rows, [count]] = await Promise.all([
      this.select()
        .where(where)
        .orderBy(...this.orderBy(sort))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db
        .select({ n: sql<string>`count(*)` })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(where),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, units: Number(r.units) })),
      total: Number(count?.n ?? 0),
    };
  }

  /** Every order matching `f` up to `max` (the CSV export), in the list's order. */
  async all(
    storeId: string,
    f: DeskFilters,
    sort: AdminOrderSort,
    max: number,
  ): Promise<DeskRow[]> {
    const rows = await this.select()
      .where(this.where(storeId, f))
      .orderBy(...this.orderBy(sort))
      .limit(max);
    return rows.map((r) => ({ ...r, units: Number(r.units) }));
  }
}

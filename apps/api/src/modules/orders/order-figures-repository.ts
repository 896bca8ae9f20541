import { and, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { orders, type Database } from '@shop/db';

/** Orders still to be packed: confirmed (paid, or nothing to pay online) and not yet packed. */
const TO_PACK = sql`${orders.orderStatus} IN ('Pending', 'Processing') AND (${orders.paidAt} IS NOT NULL OR ${orders.amountToPayPaise} = 0)`;

export interface FigureWindows {
  dayStart: Date;
  dayEnd: Date;
  monthStart: Date;
  monthEnd: Date;
}

/** Sums and counts of a store's orders for the admin dashboard, in one query. */
export class OrderFiguresRepository {
  constructor(private readonly db: Database) {}

  async figures(storeId: string, w: FigureWindows) {
    const paidIn = (from: Date, to: Date) =>
      sql`${orders.paidAt} >= ${from.toISOString()}::timestamptz AND ${orders.paidAt} < ${to.toISOString()}::timestamptz AND ${orders.orderStatus} <> 'Cancelled'`;
    const [row] = await this.db
      .select({
        todayOrders: sql<number>`count(*) FILTER (WHERE ${paidIn(w.dayStart, w.dayEnd)})::int`,
        todayPaise: sql<string>`coalesce(sum(${orders.totalAmountPaise}) FILTER (WHERE ${paidIn(w.dayStart, w.dayEnd)}), 0)::text`,
        monthOrders: sql<number>`count(*) FILTER (WHERE ${paidIn(w.monthStart, w.monthEnd)})::int`,
        monthPaise: sql<string>`coalesce(sum(${orders.totalAmountPaise}) FILTER (WHERE ${paidIn(w.monthStart, w.monthEnd)}), 0)::text`,
        toPack: sql<number>`count(*) FILTER (WHERE ${TO_PACK})::int`,
        toShip: sql<number>`count(*) FILTER (WHERE ${orders.orderStatus} = 'Packed')::int`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.storeId, storeId),
          or(
            and(
              isNotNull(orders.paidAt),
              gte(orders.paidAt, w.monthStart),
              lt(orders.paidAt, w.monthEnd),
            ),
            inArray(orders.orderStatus, ['Pending', 'Processing', 'Packed']),
          ),
        ),
      );
    return {
      todayOrders: row?.todayOrders ?? 0,
      todayPaise: Number(row?.todayPaise ?? 0),
      monthOrders: row?.monthOrders ?? 0,
      monthPaise: Number(row?.monthPaise ?? 0),
      toPack: row?.toPack ?? 0,
      toShip: row?.toShip ?? 0,
    };
  }

  /** The store's latest orders that were confirmed (paid, or nothing to pay online), or await the shop's confirmation of a UPI payment. */
  recent(storeId: string, limit: number) {
    return this.db
      .select({
        id: orders.id,
        storeId: orders.storeId,
        receiptId: orders.receiptId,
        orderNumber: orders.orderNumber,
        userName: orders.userName,
        totalAmountPaise: orders.totalAmountPaise,
        orderStatus: orders.orderStatus,
        paymentStatus: orders.paymentStatus,
        utr: orders.utr,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(
        and(
          eq(orders.storeId, storeId),
          or(
            isNotNull(orders.paidAt),
            eq(orders.amountToPayPaise, 0),
            ne(orders.orderStatus, 'Pending'),
            // A UPI payment to confirm: the shop's next move.
            isNotNull(orders.utr),
          ),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  }
}

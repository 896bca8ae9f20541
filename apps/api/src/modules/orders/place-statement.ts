import { getTableColumns, Param, SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { confirmedOrderEmailsOf, orderEmails, orderLines, orders, orderTimeline } from '@shop/db';
import { ReusableStatement } from '../../lib/reusable-statement.ts';
import { accountGate, stockGates, type StockGateShape } from '../inventory/index.ts';

/** What placing answers of the order it wrote: the answer's fields, not the whole row. */
export type PlacedOrder = Pick<typeof orders.$inferSelect, keyof typeof PLACED>;

/** The columns placing answers (see PlacedOrder). */
export const PLACED = {
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
export function placeStatement(
  order: Record<string, unknown>,
  lines: readonly Record<string, unknown>[],
  timeline: readonly Record<string, unknown>[],
  /** Confirmed as placed: its emails are owed in the statement (order_emails, decision 0047). */
  confirmed: boolean,
  /** Take the stock in the statement (`stockGates`, rows of this shape), else in the caller's transaction. */
  gate: StockGateShape | null,
  unpaid: boolean,
): ReusableStatement<PlacedOrder> {
  return new ReusableStatement<PlacedOrder>((db) => {
    const account = gate && unpaid ? accountGate(db) : null;
    // An unpaid order takes stock only when the account gate let it through (see accountGate).
    const stock = gate
      ? stockGates(db, account ? sql`exists (select 1 from ${account})` : sql`true`, gate)
      : null;
    const o = db.$with('placed_order', PLACED).as(
      insertSelect(
        orders,
        [{ prefix: 'o.', row: order }],
        stock && sql`(select 1 where ${stock.allTaken}) as stock_taken`,
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
      ...(confirmed
        ? [db.$with('placed_emails', { id: orderEmails.id }).as(confirmedOrderEmailsOf(o))]
        : []),
    ];
    return db
      .with(...(account ? [account] : []), ...(stock?.ctes ?? []), o, ...inserts)
      .select()
      .from(o)
      .prepare('place_order');
  });
}

import { sql, type SQL } from 'drizzle-orm';
import { CONFIRMED_ORDER_EMAILS, orderEmails } from './schema/orders.ts';

/**
 * `INSERT … SELECT` of a confirmed order's emails (CONFIRMED_ORDER_EMAILS, into order_emails)
 * for each row of `confirmed` (a CTE of the orders, with their `id`), so the one statement that
 * confirms an order (placing it with nothing to pay online, paying it) also owes its emails.
 */
export function confirmedOrderEmailsOf(confirmed: SQL | { _: { alias: string } }): SQL {
  const kinds = sql.raw(CONFIRMED_ORDER_EMAILS.map((k) => `('${k}')`).join(', '));
  return sql`insert into ${orderEmails} (order_id, kind) select id, k.kind from ${confirmed} cross join (values ${kinds}) as k(kind) returning ${orderEmails.id}`;
}

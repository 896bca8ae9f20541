import {
  orderEmails,
  type Database,
  type Transaction,
  type OrderStatusEmailDetails,
  type UtrNoticeEmailDetails,
} from '@shop/db';
import { ORDER_EMAIL_KINDS, type OrderEmailKind } from '@shop/domain';
import { EmailOutbox, type EmailOutboxOptions } from '../../lib/email-outbox.ts';

export type OrderEmailRow = typeof orderEmails.$inferSelect;

/** An email owed about an order, written with the change that owes it. */
export type OwedOrderEmail =
  | { orderId: string; kind: 'status'; details: OrderStatusEmailDetails }
  | { orderId: string; kind: 'utr_notice'; details: UtrNoticeEmailDetails }
  | { orderId: string; kind: Exclude<OrderEmailKind, 'status' | 'utr_notice'>; details?: never };

/** A status email's move, read from its row (null for the other kinds). */
export const statusDetailsOf = (row: Pick<OrderEmailRow, 'details'>) =>
  row.details && 'to' in row.details ? row.details : null;

export type OrderEmailOutboxOptions = EmailOutboxOptions<OrderEmailRow>;

/**
 * Owed emails in the order they are sent: oldest first, and an order's customer before its shop
 * (the kinds' order; one statement owes both at the same instant).
 */
export const inSendingOrder = (
  a: Pick<OrderEmailRow, 'createdAt' | 'kind'>,
  b: Pick<OrderEmailRow, 'createdAt' | 'kind'>,
) =>
  a.createdAt.getTime() - b.createdAt.getTime() ||
  ORDER_EMAIL_KINDS.indexOf(a.kind) - ORDER_EMAIL_KINDS.indexOf(b.kind);

/** Writes owed emails with the transaction (or statement) that owes them. */
export async function queueOrderEmails(
  on: Database | Transaction,
  owed: readonly OwedOrderEmail[],
): Promise<void> {
  await on
    .insert(orderEmails)
    .values(owed.map((o) => ({ orderId: o.orderId, kind: o.kind, details: o.details ?? null })));
}

/**
 * Sends the owed order emails (decision 0047) from `order_emails`: oldest first, an order's
 * customer before its shop; the messages are made from the orders when they are sent.
 */
export class OrderEmailOutbox extends EmailOutbox<OrderEmailRow> {
  constructor(o: OrderEmailOutboxOptions) {
    super(
      {
        table: orderEmails,
        what: 'order email',
        logged: (row) => ({ orderId: row.orderId, kind: row.kind }),
        sendingOrder: inSendingOrder,
      },
      o,
    );
  }
}

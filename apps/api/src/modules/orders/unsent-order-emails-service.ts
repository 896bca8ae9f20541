import { and, desc, eq, exists, isNotNull, max } from 'drizzle-orm';
import {
  UNSENT_ORDER_EMAILS_NAMED,
  type UnsentOrderEmail,
  type UnsentOrderEmails,
} from '@shop/contracts';
import { orderEmails, orders, type Database } from '@shop/db';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { inSendingOrder, statusDetailsOf, type OrderEmailOutbox } from './order-email-outbox.ts';
import type { OrdersService } from './orders-service.ts';

export interface UnsentOrderEmailsDeps {
  db: Database;
  outbox: Pick<OrderEmailOutbox, 'refused' | 'sendRefusedAgain'>;
  orders: Pick<OrdersService, 'orderNumbersOf'>;
  audit: Pick<AuditService, 'record'>;
  /** How long sending again waits for the email server before it answers, ms. */
  waitMs?: number;
}

/** The order emails of the store's orders. */
const ofStore = (db: Pick<Database, 'select'>, storeId: string) =>
  exists(
    db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderEmails.orderId), eq(orders.storeId, storeId))),
  );

/**
 * The shop's view of its order emails the email server refused (decision 0048): how many, the
 * newest error and their orders, on the dashboard; and "send again" once the shop has mended its
 * email settings, which makes them due now with a fresh set of attempts and sends them.
 */
export class UnsentOrderEmailsService {
  constructor(private readonly d: UnsentOrderEmailsDeps) {}

  /** The store's order emails refused at least once and not sent since. */
  async of(storeId: string): Promise<UnsentOrderEmails> {
    const { db } = this.d;
    const refused = await this.d.outbox.refused(ofStore(db, storeId));
    if (refused.count === 0) return { ...refused, orders: [] };
    const named = await db
      .select({ id: orders.id, storeId: orders.storeId, orderNumber: orders.orderNumber })
      .from(orderEmails)
      .innerJoin(orders, eq(orders.id, orderEmails.orderId))
      .where(and(eq(orders.storeId, storeId), isNotNull(orderEmails.lastError)))
      .groupBy(orders.id)
      .orderBy(desc(max(orderEmails.createdAt)))
      .limit(UNSENT_ORDER_EMAILS_NAMED);
    const numbers = await this.d.orders.orderNumbersOf(named);
    return {
      ...refused,
      orders: named.map((o) => ({ order_id: o.id, order_number: numbers.get(o.id)! })),
    };
  }

  /** One order's refused emails in their sending order (the order desk's; the caller checked the store). */
  async ofOrder(orderId: string): Promise<UnsentOrderEmail[]> {
    const rows = await this.d.db
      .select()
      .from(orderEmails)
      .where(and(eq(orderEmails.orderId, orderId), isNotNull(orderEmails.lastError)));
    return rows.sort(inSendingOrder).map((r) => ({
      kind: r.kind,
      status: statusDetailsOf(r)?.to ?? null,
      attempts: r.attempts,
      last_error: r.lastError ?? '',
      given_up: r.gaveUpAt !== null,
    }));
  }

  /**
   * Sends the store's refused order emails again, given-up ones too: each is due now with a fresh
   * set of attempts (the audit log names who asked), then this process sends what is due,
   * waiting at most about 10 s (`EmailOutbox.sendRefusedAgain`). Answers how many went, how many
   * were still being sent, and what is left unsent.
   */
  async sendAgain(caller: SignedInUser) {
    const { db, outbox, audit } = this.d;
    const sent = await outbox.sendRefusedAgain(
      ofStore(db, caller.storeId),
      (tx, n) =>
        audit.record(
          tx,
          { storeId: caller.storeId, userId: caller.id },
          {
            action: 'order_emails.send_again',
            entity: 'store',
            entityId: caller.storeId,
            after: { emails: n },
          },
        ),
      this.d.waitMs,
    );
    return { ...sent, unsent: await this.of(caller.storeId) };
  }
}

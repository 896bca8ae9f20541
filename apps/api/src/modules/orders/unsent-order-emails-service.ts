import { and, count, desc, eq, exists, inArray, isNotNull, max } from 'drizzle-orm';
import {
  UNSENT_ORDER_EMAILS_NAMED,
  type UnsentOrderEmail,
  type UnsentOrderEmails,
} from '@shop/contracts';
import { orderEmails, orders, type Database } from '@shop/db';
import type { SignedInUser } from '../../plugins/auth.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { inSendingOrder, type OrderEmailOutbox } from './order-email-outbox.ts';
import type { OrdersService } from './orders-service.ts';

export interface UnsentOrderEmailsDeps {
  db: Database;
  outbox: Pick<OrderEmailOutbox, 'drain'>;
  orders: Pick<OrdersService, 'orderNumbersOf'>;
  audit: Pick<AuditService, 'record'>;
  /** How long sending again waits for the email server before it answers, ms. */
  waitMs?: number;
}

/** An email server that does not answer (nodemailer waits 2 minutes to connect) is not waited for. */
const WAIT_MS = 10_000;

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
    const ofStore = and(eq(orders.storeId, storeId), isNotNull(orderEmails.lastError));
    const [counts] = await db
      .select({ count: count(), givenUp: count(orderEmails.gaveUpAt) })
      .from(orderEmails)
      .innerJoin(orders, eq(orders.id, orderEmails.orderId))
      .where(ofStore);
    if (!counts || counts.count === 0)
      return { count: 0, given_up: 0, last_error: null, orders: [] };
    const [named, [newest]] = await Promise.all([
      db
        .select({ id: orders.id, storeId: orders.storeId, orderNumber: orders.orderNumber })
        .from(orderEmails)
        .innerJoin(orders, eq(orders.id, orderEmails.orderId))
        .where(ofStore)
        .groupBy(orders.id)
        .orderBy(desc(max(orderEmails.createdAt)))
        .limit(UNSENT_ORDER_EMAILS_NAMED),
      db
        .select({ lastError: orderEmails.lastError })
        .from(orderEmails)
        .innerJoin(orders, eq(orders.id, orderEmails.orderId))
        .where(ofStore)
        .orderBy(desc(orderEmails.createdAt))
        .limit(1),
    ]);
    const numbers = await this.d.orders.orderNumbersOf(named);
    return {
      count: counts.count,
      given_up: counts.givenUp,
      last_error: newest?.lastError ?? null,
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
      status: r.details?.to ?? null,
      attempts: r.attempts,
      last_error: r.lastError ?? '',
      given_up: r.gaveUpAt !== null,
    }));
  }

  /**
   * Sends the store's refused order emails again, given-up ones too: each is due now with a fresh
   * set of attempts (the audit log names who asked), then this process sends what is due, waiting
   * at most about 10 s. Answers how many went, how many were still being sent, and what is left
   * unsent. Like every order email this is at least once: one whose earlier retry was being sent
   * at that very moment may arrive twice.
   */
  async sendAgain(caller: SignedInUser) {
    const { db, outbox, audit } = this.d;
    const ids = await db.transaction(async (tx) => {
      const again = await tx
        .update(orderEmails)
        .set({ attempts: 0, dueAt: new Date(), lastError: null, gaveUpAt: null })
        .where(
          and(
            isNotNull(orderEmails.lastError),
            exists(
              tx
                .select({ id: orders.id })
                .from(orders)
                .where(and(eq(orders.id, orderEmails.orderId), eq(orders.storeId, caller.storeId))),
            ),
          ),
        )
        .returning({ id: orderEmails.id });
      if (again.length > 0) {
        await audit.record(
          tx,
          { storeId: caller.storeId, userId: caller.id },
          {
            action: 'order_emails.send_again',
            entity: 'store',
            entityId: caller.storeId,
            after: { emails: again.length },
          },
        );
      }
      return again.map((r) => r.id);
    });
    if (ids.length === 0) return { sent: 0, sending: 0, unsent: await this.of(caller.storeId) };
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.d.waitMs ?? WAIT_MS);
    });
    await Promise.race([outbox.drain(), waited]).finally(() => clearTimeout(timer));
    const left = await db
      .select({ lastError: orderEmails.lastError })
      .from(orderEmails)
      .where(inArray(orderEmails.id, ids));
    return {
      sent: ids.length - left.length,
      // Still without an error: an attempt under way (or not yet made) when the wait ended.
      sending: left.filter((r) => r.lastError === null).length,
      unsent: await this.of(caller.storeId),
    };
  }
}

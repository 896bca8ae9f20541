import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  orderEmails,
  type Database,
  type Transaction,
  type OrderStatusEmailDetails,
} from '@shop/db';
import { ORDER_EMAIL_KINDS, type OrderEmailKind } from '@shop/domain';
import type { EmailMessage, EmailSender } from '../../adapters/email-sender.ts';
import type { AfterAnswerTasks } from '../../lib/after-answer-tasks.ts';

export type OrderEmailRow = typeof orderEmails.$inferSelect;

/** An email owed about an order, written with the change that owes it. */
export interface OwedOrderEmail {
  orderId: string;
  kind: OrderEmailKind;
  details?: OrderStatusEmailDetails;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OrderEmailOutboxOptions {
  db: Database;
  email: EmailSender;
  /**
   * The messages the rows stand for, made from their orders as they are now, in the rows' order;
   * null where there is nobody to write to (no shop notification address, an account deleted).
   */
  compose(rows: readonly OrderEmailRow[]): Promise<(EmailMessage | null)[]>;
  /** Where a wake-up's sending runs (the server waits for it on close, the tests after a request). */
  afterAnswer: AfterAnswerTasks;
  log: Log;
  /** Attempts before a row is given up (kept, with `gaveUpAt`, and logged). */
  maxAttempts?: number;
  /** The wait after a first failed attempt, ms; doubled after each further one, up to an hour. */
  retryMs?: number;
}

/** Rows claimed at once: a bounded batch, so a backlog never sits in this process's memory. */
const BATCH = 20;
/** How often a process looks for rows nobody sent (another process's, or a retry). */
const POLL_MS = 5000;
/** How long a claimed attempt is this process's; after it another process may send the row. */
const CLAIM_MS = 60_000;
const HOUR_MS = 3_600_000;

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
 * Sends the owed order emails (decision 0047). `wake()` after a commit that owed some sends them
 * at once, after the answer; every 5 s each process also sends what is due (rows of a
 * process that stopped, retries). A batch is claimed with `FOR UPDATE SKIP LOCKED`, so with
 * several processes each attempt is made by one; a sent row is deleted, a failed one is due
 * again after a backoff, and after `maxAttempts` it is kept with `gaveUpAt` and logged. Sending
 * is at least once: a process killed between the SMTP server's acceptance and the delete sends
 * that email again.
 */
export class OrderEmailOutbox {
  private readonly maxAttempts: number;
  private readonly retryMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: OrderEmailOutboxOptions) {
    this.maxAttempts = o.maxAttempts ?? 10;
    this.retryMs = o.retryMs ?? 30_000;
  }

  /** Sends what is due now, after the answer (a commit just owed some). */
  wake(): void {
    if (this.closed) return;
    this.o.afterAnswer.run(() => this.drain(), 'order emails failed');
  }

  /** Starts the poll (and sends what an earlier process left). */
  start(): void {
    if (this.timer || this.closed) return;
    this.wake();
    this.timer = setInterval(() => {
      this.drain().catch((err: unknown) => this.o.log.error({ err }, 'order emails failed'));
    }, POLL_MS);
    // Never keeps a test or a stopping server alive.
    this.timer.unref();
  }

  /** Stops polling; the batch being sent finishes (what is left is sent by the next start). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /**
   * Sends due batches until none is left. One pass at a time per process: a wake-up during a
   * pass asks for one more, so a row committed meanwhile is not left for the poll.
   */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.closed && (await this.sendDue()) === BATCH);
        } while (this.again && !this.closed);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Claims one batch of due rows and sends them; answers how many it claimed. */
  async sendDue(): Promise<number> {
    // Sent in that order (their answers may come back in any).
    const rows = (await this.claim()).sort(inSendingOrder);
    if (rows.length === 0) return 0;
    let messages: (EmailMessage | null)[];
    try {
      messages = await this.o.compose(rows);
    } catch (err) {
      await Promise.all(rows.map((r) => this.failed(r, err)));
      return rows.length;
    }
    const done: string[] = [];
    await Promise.all(
      rows.map(async (row, i) => {
        const message = messages[i];
        try {
          if (message) await this.o.email.send(message);
          done.push(row.id);
        } catch (err) {
          await this.failed(row, err);
        }
      }),
    );
    if (done.length > 0) {
      await this.o.db.delete(orderEmails).where(inArray(orderEmails.id, done));
    }
    return rows.length;
  }

  /** Due rows, each claimed for one attempt by this process (one statement). */
  private claim(): Promise<OrderEmailRow[]> {
    const at = new Date();
    const due = this.o.db
      .select({ id: orderEmails.id })
      .from(orderEmails)
      .where(and(isNull(orderEmails.gaveUpAt), lte(orderEmails.dueAt, at)))
      .orderBy(asc(orderEmails.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.o.db
      .update(orderEmails)
      .set({
        attempts: sql`${orderEmails.attempts} + 1`,
        dueAt: new Date(at.getTime() + CLAIM_MS),
      })
      .where(inArray(orderEmails.id, due))
      .returning();
  }

  /** A failed attempt: due again after the backoff, or given up after the last attempt. */
  private async failed(row: OrderEmailRow, err: unknown) {
    const last = row.attempts >= this.maxAttempts;
    const wait = Math.min(this.retryMs * 2 ** (row.attempts - 1), HOUR_MS);
    const context = { err, orderId: row.orderId, kind: row.kind, attempt: row.attempts };
    if (last) this.o.log.error(context, 'order email given up');
    else this.o.log.warn(context, 'order email failed; it will be tried again');
    const message = err instanceof Error ? err.message : String(err);
    // Only while this attempt is still the row's latest (a lapsed claim may have been retaken).
    await this.o.db
      .update(orderEmails)
      .set({
        lastError: message.slice(0, 500),
        ...(last ? { gaveUpAt: new Date() } : { dueAt: new Date(Date.now() + wait) }),
      })
      .where(and(eq(orderEmails.id, row.id), eq(orderEmails.attempts, row.attempts)));
  }
}

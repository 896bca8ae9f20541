import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { RefusedEmails } from '@shop/contracts';
import type { Database, Transaction } from '@shop/db';
import type { EmailMessage, EmailSender } from '../adapters/email-sender.ts';
import type { AfterAnswerTasks } from './after-answer-tasks.ts';

/** The columns every owed-email table has (`owedEmail()` of `@shop/db`). */
export interface OwedEmailRow {
  id: string;
  attempts: number;
  dueAt: Date;
  sendingUntil: Date | null;
  lastError: string | null;
  gaveUpAt: Date | null;
  createdAt: Date;
}

/** A table of owed emails: one made with `owedEmail()` (order_emails, shop_notices). */
export type OwedEmailTable<Row extends OwedEmailRow> = PgTable & {
  $inferSelect: Row;
  id: PgColumn;
  attempts: PgColumn;
  dueAt: PgColumn;
  sendingUntil: PgColumn;
  lastError: PgColumn;
  gaveUpAt: PgColumn;
  createdAt: PgColumn;
};

/** What sending refused emails again did (`EmailOutbox.sendRefusedAgain`). */
export interface SentAgain {
  /** Sent (or no longer needed) before the wait ended. */
  sent: number;
  /** Still being sent when the wait ended (no error yet). */
  sending: number;
}

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EmailOutboxOptions<Row extends OwedEmailRow> {
  db: Database;
  email: EmailSender;
  /**
   * The messages the rows stand for, in the rows' order; null where there is nobody to write to
   * (no notice address, an account deleted).
   */
  compose(rows: readonly Row[]): Promise<(EmailMessage | null)[]>;
  /** Where a wake-up's sending runs (the server waits for it on close, the tests after a request). */
  afterAnswer: AfterAnswerTasks;
  log: Log;
  /** Attempts before a row is given up (kept, with `gaveUpAt`, and logged). */
  maxAttempts?: number;
  /** The wait after a first failed attempt, ms; doubled after each further one, up to an hour. */
  retryMs?: number;
}

export interface EmailOutboxKind<Row extends OwedEmailRow> {
  table: OwedEmailTable<Row>;
  /** What a row is, in the log: 'order email', 'shop notice'. */
  what: string;
  /** The row's own fields the log names when an attempt fails (never the message). */
  logged(row: Row): object;
  /** The order a claimed batch is sent in. */
  sendingOrder(a: Row, b: Row): number;
}

/** Rows claimed at once: a bounded batch, so a backlog never sits in this process's memory. */
const BATCH = 20;
/** How often a process looks for rows nobody sent (another process's, or a retry). */
const POLL_MS = 5000;
/**
 * How long a claimed attempt is this process's; after it another process may send the row. Longer
 * than an attempt can last (the SMTP sender's limits bound it to about 2 minutes), so only a
 * process that stopped mid-attempt lets its claim lapse.
 */
const CLAIM_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;
/** "Send them again" answers after this, whatever the email server does (a send may take minutes). */
const SEND_NOW_WAIT_MS = 10_000;

/**
 * Sends emails owed in a table of the database (decision 0047): `wake()` after a commit that
 * owed some sends them at once, after the answer; every 5 s each process also sends what is due
 * (rows of a process that stopped, retries). A batch is claimed with `FOR UPDATE SKIP LOCKED`,
 * so with several processes each attempt is made by one; a sent row is deleted, a failed one is
 * due again after a backoff, and after `maxAttempts` it is kept with `gaveUpAt` and logged.
 * Sending is at least once: a process killed between the SMTP server's acceptance and the
 * delete sends that email again once its claim lapses.
 */
export class EmailOutbox<Row extends OwedEmailRow> {
  private readonly maxAttempts: number;
  private readonly retryMs: number;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly kind: EmailOutboxKind<Row>,
    private readonly o: EmailOutboxOptions<Row>,
  ) {
    this.maxAttempts = o.maxAttempts ?? 10;
    this.retryMs = o.retryMs ?? 30_000;
  }

  /** Sends what is due now, after the answer (a commit just owed some). */
  wake(): void {
    if (this.closed) return;
    this.o.afterAnswer.run(() => this.drain(), `${this.kind.what}s failed`);
  }

  /** Starts the poll (and sends what an earlier process left). */
  start(): void {
    if (this.timer || this.closed) return;
    this.wake();
    this.timer = setInterval(() => {
      this.drain().catch((err: unknown) => this.o.log.error({ err }, `${this.kind.what}s failed`));
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
    const rows = (await this.claim()).sort((a, b) => this.kind.sendingOrder(a, b));
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
    const { table } = this.kind;
    if (done.length > 0) await this.o.db.delete(table).where(inArray(table.id, done));
    return rows.length;
  }

  /** The refused rows `where` picks (a store's): how many, how many given up, the newest error. */
  async refused(where: SQL | undefined): Promise<RefusedEmails> {
    const { table } = this.kind;
    const refused = and(isNotNull(table.lastError), where);
    const [counts] = await this.o.db
      .select({ count: count(), givenUp: count(table.gaveUpAt) })
      .from(table)
      .where(refused);
    if (!counts || counts.count === 0) return { count: 0, given_up: 0, last_error: null };
    const [newest] = await this.o.db
      .select({ lastError: table.lastError })
      .from(table)
      .where(refused)
      .orderBy(desc(table.createdAt))
      .limit(1);
    return {
      count: counts.count,
      given_up: counts.givenUp,
      last_error: (newest?.lastError as string | null | undefined) ?? null,
    };
  }

  /**
   * Sends the refused rows `where` picks again, given-up ones too, at the shop's word: in one
   * transaction they are made due now with a fresh set of attempts and, when there were any,
   * `recorded` (the audit entry naming who asked, with how many); then this process sends what is
   * due, waiting for them at most `waitMs` (about 10 s). A row whose retry is on the wire at that
   * moment is left to that attempt (never sent twice at once) and waited for too. Answers how many
   * went and how many were still being sent when the wait ended.
   */
  async sendRefusedAgain(
    where: SQL | undefined,
    recorded: (tx: Transaction, count: number) => Promise<unknown>,
    waitMs = SEND_NOW_WAIT_MS,
  ): Promise<SentAgain> {
    const { table } = this.kind;
    const at = new Date();
    const refused = and(isNotNull(table.lastError), where);
    const ids = await this.o.db.transaction(async (tx) => {
      const again = await tx
        .update(table)
        .set(
          this.set({ attempts: 0, dueAt: at, sendingUntil: null, lastError: null, gaveUpAt: null }),
        )
        .where(and(refused, this.notSending(at)))
        .returning({ id: table.id });
      const onTheWire = await tx
        .select({ id: table.id })
        .from(table)
        .where(and(refused, gt(table.sendingUntil, at)));
      const rows = [...again, ...onTheWire];
      if (rows.length > 0) await recorded(tx, rows.length);
      return rows.map((r) => r.id as string);
    });
    if (ids.length === 0) return { sent: 0, sending: 0 };
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([this.drain(), waited]).finally(() => clearTimeout(timer));
    const left = await this.o.db
      .select({ lastError: table.lastError, sendingUntil: table.sendingUntil })
      .from(table)
      .where(inArray(table.id, ids));
    const now = Date.now();
    return {
      sent: ids.length - left.length,
      // An attempt under way (or, without an error, not yet made) when the wait ended.
      sending: left.filter(
        (r) =>
          r.lastError === null ||
          (r.sendingUntil instanceof Date && r.sendingUntil.getTime() > now),
      ).length,
    };
  }

  /** Rows with no attempt on the wire at `at` (none claimed, or its claim lapsed). */
  private notSending(at: Date) {
    const { table } = this.kind;
    return or(isNull(table.sendingUntil), lte(table.sendingUntil, at));
  }

  /**
   * The table's columns set to these values. Every owed-email table has them (`OwedEmailTable`),
   * but Drizzle cannot see a generic table's columns, so the set is cast to the table's.
   */
  private set(values: Partial<Record<keyof OwedEmailRow, unknown>>) {
    return values as PgUpdateSetSource<OwedEmailTable<Row>>;
  }

  /** Due rows, each claimed for one attempt by this process (one statement). */
  private async claim(): Promise<Row[]> {
    const { table } = this.kind;
    const at = new Date();
    const due = this.o.db
      .select({ id: table.id })
      .from(table)
      .where(and(isNull(table.gaveUpAt), lte(table.dueAt, at)))
      .orderBy(asc(table.dueAt))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await this.o.db
      .update(table)
      .set(
        this.set({
          attempts: sql`${table.attempts} + 1`,
          dueAt: new Date(at.getTime() + CLAIM_MS),
          sendingUntil: new Date(at.getTime() + CLAIM_MS),
        }),
      )
      .where(inArray(table.id, due))
      .returning();
    return rows as Row[];
  }

  /** A failed attempt: due again after the backoff, or given up after the last attempt. */
  private async failed(row: Row, err: unknown) {
    const { table, what } = this.kind;
    const last = row.attempts >= this.maxAttempts;
    const wait = Math.min(this.retryMs * 2 ** (row.attempts - 1), HOUR_MS);
    const context = { err, ...this.kind.logged(row), attempt: row.attempts };
    if (last) this.o.log.error(context, `${what} given up`);
    else this.o.log.warn(context, `${what} failed; it will be tried again`);
    const message = err instanceof Error ? err.message : String(err);
    // Only while this attempt is still the row's latest (a lapsed claim may have been retaken).
    await this.o.db
      .update(table)
      .set(
        this.set({
          lastError: message.slice(0, 500),
          sendingUntil: null,
          ...(last ? { gaveUpAt: new Date() } : { dueAt: new Date(Date.now() + wait) }),
        }),
      )
      .where(and(eq(table.id, row.id), eq(table.attempts, row.attempts)));
  }
}

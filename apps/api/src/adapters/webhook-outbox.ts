import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { sandboxWebhookDeliveries, type Database } from '@shop/db';
import { webhookSignature } from './payment-signatures.ts';
import type { WebhookEvent } from './razorpay-webhook-payloads.ts';
import type { WebhookScheduler } from './webhook-scheduler.ts';

interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface WebhookOutboxOptions {
  db: Database;
  /** Where the webhooks go: the shop's own webhook route (through the proxy when there is one). */
  url: string;
  /** Delay before the first delivery, ms (a random value in [min, max]). */
  delayMs?: { min: number; max: number };
  /** Chance that a delivered event is delivered once more, as the real gateway sometimes does. */
  duplicateChance?: number;
  /** Attempts per copy before giving up (non-2xx or no answer). */
  maxAttempts?: number;
  /** How often this process looks for due deliveries, ms. */
  pollMs?: number;
  /** How long a claimed attempt is this process's; after that another process retries it. */
  claimMs?: number;
  /** Timeout of one POST, ms (below claimMs). */
  requestTimeoutMs?: number;
  random?: () => number;
  now?: () => Date;
  fetchImpl?: typeof fetch;
  log?: Log;
}

type Row = typeof sandboxWebhookDeliveries.$inferSelect;

/**
 * The sandbox's webhooks kept in the database (sandbox_webhook_deliveries) instead of this
 * process's timers: every API process polls the outbox and claims due rows with
 * `FOR UPDATE SKIP LOCKED`, so with N processes each attempt is still made once, and a delivery
 * whose process was killed is retried by another after its claim lapses. Like Razorpay: a POST of
 * the signed JSON body with X-Razorpay-Event-Id, after a short delay, sometimes twice, retried
 * with backoff while the shop does not answer 2xx.
 */
export function createWebhookOutbox(options: WebhookOutboxOptions): WebhookScheduler & {
  /** Claims and delivers the due rows once (what the poller does each `pollMs`). */
  deliverDue(): Promise<number>;
} {
  const { db } = options;
  const delay = options.delayMs ?? { min: 300, max: 1500 };
  const duplicateChance = options.duplicateChance ?? 0.2;
  const maxAttempts = options.maxAttempts ?? 3;
  const pollMs = options.pollMs ?? 250;
  const claimMs = options.claimMs ?? 30_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 5000;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetchImpl ?? fetch;
  const pick = () => delay.min + Math.floor(random() * (delay.max - delay.min + 1));
  const after = (ms: number) => new Date(now().getTime() + ms);

  const pending = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  };
  let closed = false;

  // (async: a Drizzle query runs again on each then(), a Promise once)
  const enqueue = async (e: {
    eventId: string;
    event: string;
    body: string;
    signature: string;
  }) => {
    await db.insert(sandboxWebhookDeliveries).values({ ...e, maxAttempts, dueAt: after(pick()) });
  };

  /**
   * Claims up to `limit` due rows: each claim is one attempt, made by this process alone. One
   * statement (the due rows locked with SKIP LOCKED inside the UPDATE), so an idle poll is one
   * read.
   */
  const claim = async (limit: number): Promise<Row[]> => {
    const at = now();
    const due = db
      .select({ id: sandboxWebhookDeliveries.id })
      .from(sandboxWebhookDeliveries)
      .where(
        and(
          isNull(sandboxWebhookDeliveries.deliveredAt),
          isNull(sandboxWebhookDeliveries.gaveUpAt),
          lte(sandboxWebhookDeliveries.dueAt, at),
          or(
            isNull(sandboxWebhookDeliveries.claimedUntil),
            lte(sandboxWebhookDeliveries.claimedUntil, at),
          ),
        ),
      )
      .orderBy(asc(sandboxWebhookDeliveries.dueAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(sandboxWebhookDeliveries)
      .set({
        attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`,
        claimedUntil: new Date(at.getTime() + claimMs),
      })
      .where(inArray(sandboxWebhookDeliveries.id, due))
      .returning();
  };

  const deliver = async (row: Row) => {
    let status = 0;
    try {
      const res = await fetchImpl(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': row.signature,
          'x-razorpay-event-id': row.eventId,
        },
        body: row.body,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      options.log?.warn(
        { err, event: row.event, id: row.eventId },
        'sandbox webhook not delivered',
      );
    }
    const ok = status >= 200 && status < 300;
    const last = row.attempts >= row.maxAttempts;
    // A first copy delivered is sometimes sent once more, as its own row (same event id).
    const duplicate = ok && random() < duplicateChance;
    // Only while this attempt is still the row's latest (a lapsed claim may have been retaken).
    const [mine] = await db
      .update(sandboxWebhookDeliveries)
      .set({
        lastStatus: status,
        claimedUntil: null,
        ...(ok
          ? { deliveredAt: now() }
          : last
            ? { gaveUpAt: now() }
            : { dueAt: after(pick() * 2 ** row.attempts) }),
      })
      .where(
        and(
          eq(sandboxWebhookDeliveries.id, row.id),
          eq(sandboxWebhookDeliveries.attempts, row.attempts),
        ),
      )
      .returning({ id: sandboxWebhookDeliveries.id });
    if (!mine || !duplicate) return;
    // At most one copy of an event: only the process holding an attempt gets here.
    const [copies] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxWebhookDeliveries)
      .where(eq(sandboxWebhookDeliveries.eventId, row.eventId));
    if ((copies?.n ?? 0) >= 2) return;
    await db.insert(sandboxWebhookDeliveries).values({
      eventId: row.eventId,
      event: row.event,
      body: row.body,
      signature: row.signature,
      maxAttempts,
      dueAt: after(pick()),
    });
  };

  const deliverDue = async () => {
    const rows = await claim(20);
    await Promise.all(rows.map(deliver));
    return rows.length;
  };

  let busy = false;
  const timer = setInterval(() => {
    if (closed || busy) return;
    busy = true;
    track(
      (async () => {
        // Keep going while whole batches come back (a backlog), then wait for the next tick.
        while (!closed && (await deliverDue()) === 20);
      })(),
    )
      .catch((err: unknown) => options.log?.error({ err }, 'sandbox webhook outbox poll failed'))
      .finally(() => (busy = false));
  }, pollMs);
  // Unref'd so the outbox never keeps a test or a stopping server alive.
  timer.unref();

  return {
    schedule(event: WebhookEvent, webhookSecret: string) {
      if (closed) return;
      const body = JSON.stringify(event.body);
      track(
        enqueue({
          eventId: event.id,
          event: event.event,
          body,
          signature: webhookSignature(body, webhookSecret),
        }),
      ).catch((err: unknown) =>
        options.log?.error({ err, id: event.id }, 'sandbox webhook not queued'),
      );
    },
    async idle() {
      for (;;) {
        while (pending.size > 0) await Promise.all([...pending].map((p) => p.catch(() => null)));
        const [open] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(sandboxWebhookDeliveries)
          .where(
            and(
              isNull(sandboxWebhookDeliveries.deliveredAt),
              isNull(sandboxWebhookDeliveries.gaveUpAt),
            ),
          );
        if ((open?.n ?? 0) === 0 || closed) return;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      // The running poll finishes (its claims are recorded) before the database closes.
      await Promise.all([...pending].map((p) => p.catch(() => null)));
    },
    deliverDue,
  };
}

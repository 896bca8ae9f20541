import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitCounters, type Database } from '@shop/db';
import type { Clock } from '../lib/clock.ts';
import { TooManyRequests } from '../lib/errors.ts';

export interface Limit {
  /** What is counted, e.g. `otp-send:email:urbanroll:a@b.c`. */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every API process shares them (no Redis is
 * needed for this; REDIS_URL stays free for a cache later).
 */
export class RateLimiter {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  private windowStart(windowMs: number) {
    const now = this.clock().getTime();
    return new Date(now - (now % windowMs));
  }

  private retryAfter(limit: Limit) {
    const end = this.windowStart(limit.windowMs).getTime() + limit.windowMs;
    return Math.max(1, Math.ceil((end - this.clock().getTime()) / 60_000));
  }

  private tooMany(limit: Limit, what: string): never {
    const minutes = this.retryAfter(limit);
    throw new TooManyRequests(
      `${what} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  /**
   * Counts one event under each limit, then decides: 429 (with `what` in the message) when any
   * is over. Counting and reading the count are one statement (`INSERT … ON CONFLICT DO UPDATE
   * … RETURNING`), so parallel requests cannot all see room. Returns the counts, in order.
   */
  async hit(limits: Limit[], what: string): Promise<number[]> {
    const counts: number[] = [];
    for (const limit of limits) {
      const [row] = await this.db
        .insert(rateLimitCounters)
        .values({ key: limit.key, windowStart: this.windowStart(limit.windowMs), count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
      const count = row?.count ?? 0;
      if (count > limit.max) this.tooMany(limit, what);
      counts.push(count);
    }
    return counts;
  }

  /**
   * Takes a turn in a queue of turns kept under `key`, each `gapMs` long: a turn begins when the
   * last one taken ends (now, when that is past) and this one ends `gapMs` later, after which the
   * caller acts. Taking it is one statement (`INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`),
   * so requests at once, in any process, queue up instead of all acting together. Returns how
   * long to wait (at least `gapMs`); when that would be more than `maxWaitMs`, takes nothing and
   * returns how long until the queue is free again instead. The queue lives in the counter row of
   * a `windowMs` window (its count is where the last turn ends, in milliseconds from the window's
   * start), so it is pruned like the counters and starts empty in each window.
   */
  async takeTurn(
    key: string,
    { gapMs, maxWaitMs, windowMs }: { gapMs: number; maxWaitMs: number; windowMs: number },
  ): Promise<{ waitMs: number } | { retryInMs: number }> {
    const windowStart = this.windowStart(windowMs);
    const now = this.clock().getTime() - windowStart.getTime();
    const begins = sql`greatest(${rateLimitCounters.count}, ${now})`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, windowStart, count: now + gapMs })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${begins} + ${gapMs}` },
        setWhere: sql`${begins} + ${gapMs} - ${now} <= ${maxWaitMs}`,
      })
      .returning({ endsAt: rateLimitCounters.count });
    if (row) return { waitMs: row.endsAt - now };
    const [queue] = await this.db
      .select({ endsAt: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, windowStart)));
    return { retryInMs: Math.max(0, (queue?.endsAt ?? now) - now) };
  }

  /** Takes back one counted event of each limit (a try that turned out fine). */
  async giveBack(limits: Limit[]): Promise<void> {
    for (const limit of limits) {
      await this.db
        .update(rateLimitCounters)
        .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(
          and(
            eq(rateLimitCounters.key, limit.key),
            eq(rateLimitCounters.windowStart, this.windowStart(limit.windowMs)),
          ),
        );
    }
  }

  /** 429 when any limit is already used up; counts nothing. */
  async check(limits: Limit[], what: string): Promise<void> {
    for (const limit of limits) {
      const [row] = await this.db
        .select({ count: rateLimitCounters.count })
        .from(rateLimitCounters)
        .where(
          and(
            eq(rateLimitCounters.key, limit.key),
            eq(rateLimitCounters.windowStart, this.windowStart(limit.windowMs)),
          ),
        );
      if ((row?.count ?? 0) >= limit.max) this.tooMany(limit, what);
    }
  }

  /** Drops windows that ended more than a day ago. */
  async prune(): Promise<void> {
    const dayAgo = new Date(this.clock().getTime() - 86_400_000);
    await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, dayAgo));
  }
}

/** Keeps the shared rate-limit counters small: prunes old windows hourly while the server runs. */
export const rateLimits = fp(
  (app: FastifyInstance, { limiter }: { limiter: RateLimiter }, done: () => void) => {
    const timer = setInterval(() => {
      limiter.prune().catch((err: unknown) => app.log.error({ err }, 'pruning rate limits failed'));
    }, 3_600_000);
    timer.unref();
    app.addHook('onClose', (_instance, closed) => {
      clearInterval(timer);
      closed();
    });
    done();
  },
  { name: 'rate-limits' },
);

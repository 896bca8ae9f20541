import { and, eq, inArray, lt } from 'drizzle-orm';
import { quoteRequests, type Database } from '@shop/db';

/** At most this many quote requests per pass (a sweep runs passes until none is left). */
const BATCH = 500;

/**
 * The quotes module's part of the daily retention job (issue 61 item 5): quote requests sent
 * before the store's period (a quote is not an invoice: no law holds it). The job first reads
 * which ones (`passed`, for the inbox to forget their states and notes), then deletes them.
 */
export class QuotesRetention {
  constructor(private readonly db: Database) {}

  /** The store's quote requests sent before `before` (at most a batch). */
  async passed(storeId: string, before: Date): Promise<string[]> {
    const rows = await this.db
      .select({ id: quoteRequests.id })
      .from(quoteRequests)
      .where(and(eq(quoteRequests.storeId, storeId), lt(quoteRequests.createdAt, before)))
      .limit(BATCH);
    return rows.map((r) => r.id);
  }

  /** Deletes those of `ids` still older than `before`; answers how many went. */
  async erase(storeId: string, ids: readonly string[], before: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .delete(quoteRequests)
      .where(
        and(
          eq(quoteRequests.storeId, storeId),
          inArray(quoteRequests.id, [...ids]),
          lt(quoteRequests.createdAt, before),
        ),
      )
      .returning({ id: quoteRequests.id });
    return rows.length;
  }
}

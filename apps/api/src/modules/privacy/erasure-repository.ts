import { and, asc, eq } from 'drizzle-orm';
import { erasureRequests, type Database } from '@shop/db';
import type { ErasedRows } from '../../lib/personal-rows.ts';

export type ErasureRequestRow = typeof erasureRequests.$inferSelect;
export type ErasureReason = 'request' | 'inactive';

/** The only code that reads and writes erasure requests (issue 61 item 3). */
export class ErasureRepository {
  constructor(private readonly db: Database) {}

  /** The account's request, if it made one. */
  async of(userId: string): Promise<ErasureRequestRow | null> {
    const [row] = await this.db
      .select()
      .from(erasureRequests)
      .where(eq(erasureRequests.userId, userId));
    return row ?? null;
  }

  /**
   * Records the account's request; null when it has one already (the unique index on
   * user_id: of parallel requests exactly one is recorded).
   */
  async create(values: {
    storeId: string;
    userId: string;
    reason: ErasureReason;
    requestedAt: Date;
    dueAt: Date;
  }): Promise<ErasureRequestRow | null> {
    const [row] = await this.db
      .insert(erasureRequests)
      .values(values)
      .onConflictDoNothing({ target: erasureRequests.userId })
      .returning();
    return row ?? null;
  }

  /** Notes the open orders a waiting request waits for. */
  async waitFor(id: string, orderNumbers: readonly string[]): Promise<ErasureRequestRow | null> {
    const [row] = await this.db
      .update(erasureRequests)
      .set({ waitingFor: [...orderNumbers] })
      .where(and(eq(erasureRequests.id, id), eq(erasureRequests.status, 'waiting')))
      .returning();
    return row ?? null;
  }

  /**
   * Marks a waiting request done with what each table gave up; null when it was done already
   * (a parallel run finished it first: its outcome stands).
   */
  async markDone(
    id: string,
    outcome: readonly ErasedRows[],
    at: Date,
  ): Promise<ErasureRequestRow | null> {
    const [row] = await this.db
      .update(erasureRequests)
      .set({ status: 'done', doneAt: at, waitingFor: [], outcome: [...outcome] })
      .where(and(eq(erasureRequests.id, id), eq(erasureRequests.status, 'waiting')))
      .returning();
    return row ?? null;
  }

  /** Every waiting request, oldest first (the daily sweep). */
  waiting(): Promise<ErasureRequestRow[]> {
    return this.db
      .select()
      .from(erasureRequests)
      .where(eq(erasureRequests.status, 'waiting'))
      .orderBy(asc(erasureRequests.requestedAt), asc(erasureRequests.id));
  }
}

import { and, asc, eq, or, sql } from 'drizzle-orm';
import { quoteRequests, type Database } from '@shop/db';
import type { PersonalRows } from '../../lib/personal-rows.ts';

/** The only code that writes quote requests. */
export class QuotesRepository {
  constructor(private readonly db: Database) {}

  async insert(values: typeof quoteRequests.$inferInsert) {
    const [row] = await this.db.insert(quoteRequests).values(values).returning();
    return row!;
  }

  /** The user's quote requests as stored, for their data export. */
  async personalRowsOf(userId: string): Promise<PersonalRows[]> {
    const rows = await this.db
      .select()
      .from(quoteRequests)
      .where(eq(quoteRequests.userId, userId))
      .orderBy(asc(quoteRequests.createdAt), asc(quoteRequests.id));
    return [{ table: quoteRequests, rows }];
  }

  /**
   * Deletes a person's quote requests (their account's, or sent with its email in its store):
   * the account's erasure (issue 61 item 3). Answers the deleted ids.
   */
  async deleteAllOf(storeId: string, userId: string, email: string): Promise<string[]> {
    const rows = await this.db
      .delete(quoteRequests)
      .where(
        or(
          eq(quoteRequests.userId, userId),
          and(
            eq(quoteRequests.storeId, storeId),
            sql`lower(trim(${quoteRequests.email})) = ${email.trim().toLowerCase()}`,
          ),
        ),
      )
      .returning({ id: quoteRequests.id });
    return rows.map((r) => r.id);
  }
}

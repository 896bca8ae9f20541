import { asc, eq } from 'drizzle-orm';
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
}

import { quoteRequests, type Database } from '@shop/db';

/** The only code that writes quote requests. */
export class QuotesRepository {
  constructor(private readonly db: Database) {}

  async insert(values: typeof quoteRequests.$inferInsert) {
    const [row] = await this.db.insert(quoteRequests).values(values).returning();
    return row!;
  }
}

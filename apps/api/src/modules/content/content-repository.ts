import { and, eq } from 'drizzle-orm';
import { contentPages, type Database } from '@shop/db';

/** The only code that reads content pages. */
export class ContentRepository {
  constructor(private readonly db: Database) {}

  async page(storeId: string, slug: string) {
    const [row] = await this.db
      .select()
      .from(contentPages)
      .where(and(eq(contentPages.storeId, storeId), eq(contentPages.slug, slug)));
    return row ?? null;
  }
}

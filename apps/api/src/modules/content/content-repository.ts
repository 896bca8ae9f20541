import { and, asc, eq } from 'drizzle-orm';
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

  /** The store's pages, by slug: what the footer may link to. */
  list(storeId: string) {
    return this.db
      .select({ slug: contentPages.slug, title: contentPages.title })
      .from(contentPages)
      .where(eq(contentPages.storeId, storeId))
      .orderBy(asc(contentPages.slug));
  }
}

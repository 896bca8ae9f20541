import type { Transaction } from '../client.ts';
import { contentPages } from '../schema/content.ts';
import { CONTENT_PLANS } from './content-plan.ts';

/**
 * Seeds a demo store's content pages. Keyed on (store, slug): a page that exists is never
 * overwritten (the shop's own edits stay), a missing one is written, so it runs on every start
 * and fills a database seeded before content pages existed. Returns how many pages it wrote.
 */
export async function seedContentPages(tx: Transaction, storeId: string): Promise<number> {
  const pages = CONTENT_PLANS[storeId] ?? [];
  if (pages.length === 0) return 0;
  const written = await tx
    .insert(contentPages)
    .values(
      pages.map((p) => ({
        storeId,
        slug: p.slug,
        title: p.title,
        description: p.description,
        bodyMarkdown: p.body,
      })),
    )
    .onConflictDoNothing()
    .returning({ slug: contentPages.slug });
  return written.length;
}

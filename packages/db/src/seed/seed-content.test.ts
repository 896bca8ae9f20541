import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { contentPages } from '../schema/index.ts';
import { testDatabaseTargets, type TestDatabase } from '../testing/test-databases.ts';
import { CONTENT_PAGE_SLUGS } from './content-plan.ts';
import { seedDemoStores } from './seed-demo.ts';
import { MAIN_STORE_ID, QUOTE_STORE_ID } from './store-plan.ts';

describe.each(testDatabaseTargets())('seeding content pages on $name', (target) => {
  let t: TestDatabase;
  let db: Database;
  let uploads: string;

  beforeAll(async () => {
    t = await target.open();
    db = t.handle.db;
    uploads = await mkdtemp(join(tmpdir(), 'seed-content-'));
    await seedDemoStores(db, { uploadsDir: uploads });
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    if (uploads) await rm(uploads, { recursive: true, force: true });
  });

  const pagesOf = async (storeId: string) =>
    (
      await db
        .select({ slug: contentPages.slug })
        .from(contentPages)
        .where(eq(contentPages.storeId, storeId))
    )
      .map((r) => r.slug)
      .sort();

  it('gives both demo stores every content page', async () => {
    for (const store of [MAIN_STORE_ID, QUOTE_STORE_ID]) {
      expect(await pagesOf(store)).toEqual([...CONTENT_PAGE_SLUGS].sort());
    }
  });

  it('never overwrites a page the shop edited, and fills one it lacks, on the next start', async () => {
    const about = and(eq(contentPages.storeId, MAIN_STORE_ID), eq(contentPages.slug, 'about'));
    await db.update(contentPages).set({ bodyMarkdown: 'Our own words.' }).where(about);
    await db
      .delete(contentPages)
      .where(and(eq(contentPages.storeId, MAIN_STORE_ID), eq(contentPages.slug, 'centers')));
    await seedDemoStores(db, { uploadsDir: uploads });
    const [row] = await db.select().from(contentPages).where(about);
    expect(row?.bodyMarkdown).toBe('Our own words.');
    expect(await pagesOf(MAIN_STORE_ID)).toContain('centers');
    const [total] = await db.select({ n: count() }).from(contentPages);
    expect(total?.n).toBe(CONTENT_PAGE_SLUGS.length * 2);
  });
});

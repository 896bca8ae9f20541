import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { MAIN } from '../../test-support/accounts.ts';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * A listing page the answer cache has not kept costs one statement: its products with their
 * variations and grouped items. The search version comes with the cache's version check, not
 * from a read of its own (SearchIndexes.noteVersion).
 */
describe.each(testDatabaseTargets())('a listing miss on $name', (target) => {
  let t: TestApp;
  const statements: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(target, {
      adapters: { paymentWebhooks: null },
      onQuery: (q) => statements.push(q),
      config: { CATALOGUE_CACHE_CHECK_MS: 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const listing = (page: number) =>
    t.app.inject(
      `/api/grouped-product/search-all-products/${MAIN}?page=${String(page)}&limit=4&sort=newest&courses=include`,
    );

  it('is one statement, with the cards’ variations and grouped items', async () => {
    // The first listing reads the versions and builds the search index.
    expect((await listing(1)).statusCode).toBe(200);
    statements.length = 0;
    const res = await listing(2);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: { variation: unknown[] }[] }>();
    expect(data).toHaveLength(4);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/json_agg/);
    // The same page again is the cache's.
    statements.length = 0;
    expect((await listing(2)).json()).toEqual(res.json());
    expect(statements).toHaveLength(0);
  });
});

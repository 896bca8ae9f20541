import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';
import { normalizeSearch } from './catalogue-routes.ts';

describe('catalogue cache keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseTargets()[0]!, {
      config: { CATALOGUE_CACHE_CHECK_MS: 60_000 },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('normalises search text: case and spaces', () => {
    expect(normalizeSearch('  Red   HOODIE\t')).toBe('red hoodie');
    expect(normalizeSearch('   ')).toBeUndefined();
    expect(normalizeSearch(undefined)).toBeUndefined();
  });

  it('keeps one entry for searches that differ only in case and spaces', async () => {
    const list = (search: string) =>
      t.app.inject({
        url: `/api/grouped-product/search-all-products/urbanroll?search=${encodeURIComponent(search)}`,
      });
    const first = await list('hoodie');
    expect(first.statusCode).toBe(200);
    const size = t.catalogueCache.size;
    for (const variant of ['HOODIE', ' Hoodie ', 'hoodie  ', 'HoOdIe']) {
      const res = await list(variant);
      expect(res.body).toBe(first.body);
    }
    expect(t.catalogueCache.size).toBe(size);
    expect(t.catalogueCache.bytes).toBeGreaterThan(0);
  });
});

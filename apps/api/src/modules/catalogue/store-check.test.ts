import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

/** The catalogue's "does this store exist" check: read once per check interval, not per request. */
describe.each(testDatabaseTargets())('the store check of catalogue reads on $name', (target) => {
  let t: TestApp;
  const statements: string[] = [];
  const storeReads = () => statements.filter((q) => /from "stores" where/.test(q)).length;

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

  it('reads a real store once for many home rows, and a made-up one every time', async () => {
    statements.length = 0;
    for (const row of ['slider', 'offer', 'marquee', 'newarrival']) {
      expect((await t.app.inject(`/api/${row}/all/urbanroll`)).statusCode).toBe(200);
    }
    expect(storeReads()).toBe(1);

    statements.length = 0;
    for (const row of ['slider', 'offer']) {
      const res = await t.app.inject(`/api/${row}/all/no-such-store`);
      expect(res.statusCode).toBe(404);
    }
    expect(storeReads()).toBe(2);
  });
});

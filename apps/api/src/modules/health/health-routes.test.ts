import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe('health when the database is gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(testDatabaseTargets()[0]!, { seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 and says the database is down', async () => {
    t.database.ping = () => Promise.reject(new Error('connection refused'));
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down', storeId: 'urbanroll' });
  });
});

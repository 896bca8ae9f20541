import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '@shop/db/testing';
import { startTestApp, type TestApp } from '../../test-support/test-app.ts';

describe.each(testDatabaseTargets())('health on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { seed: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live and ready on a migrated database', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'up',
      migrations: 'applied',
      pendingMigrations: 0,
    });
  });

  it('is not ready while a shipped migration is not applied', async () => {
    const last = await t.database.db.execute<{ hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning hash, created_at`,
    );
    const row = (last as { rows: { hash: string; created_at: string }[] }).rows[0];
    expect(row).toBeDefined();
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ migrations: 'pending', pendingMigrations: 1 });
      // Liveness does not depend on the schema: restarting would not help.
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

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
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ database: 'down' });
    expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  });
});

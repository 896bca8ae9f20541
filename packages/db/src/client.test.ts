import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { testPostgres, type TestPostgres } from './testing/postgres-server.ts';

/**
 * A pooled PostgreSQL connection that fails while idle (a server restart, an administrator's
 * pg_terminate_backend) must not end the process: the pool drops it and opens another.
 */
describe('a PostgreSQL pool whose idle connection is ended by the server', () => {
  let server: TestPostgres;
  let handle: DatabaseHandle;
  const errors: Error[] = [];

  beforeAll(async () => {
    server = await testPostgres();
    handle = openDatabase({
      databaseUrl: server.url,
      poolSize: 2,
      onConnectionError: (error) => errors.push(error),
    });
  });
  afterAll(async () => {
    await handle.close();
    await server.stop();
  });

  const backendPid = async () => {
    const result = await handle.db.execute(sql`select pg_backend_pid() as pid`);
    return (result as { rows: { pid: number }[] }).rows[0]!.pid;
  };

  it('reports the failure and answers the next query on a new connection', async () => {
    const pid = await backendPid();
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    await expect.poll(() => errors.length, { timeout: 5000 }).toBe(1);
    expect(errors[0]!.message).toMatch(/terminating connection/);
    expect(await backendPid()).not.toBe(pid);
  });
});

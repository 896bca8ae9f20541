import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../client.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A freshly migrated, empty database of its own. */
  open(options?: { onQuery?: (query: string) => void }): Promise<TestDatabase>;
}

const pglite: TestDatabaseTarget = {
  name: 'pglite',
  async open(options = {}) {
    const handle = openDatabase({ ...options });
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  },
};

function postgres(adminUrl: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    async open(options = {}) {
      const name = `shop_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const handle = openDatabase({ ...options, databaseUrl: url.toString(), poolSize: 4 });
      await handle.migrate();
      return {
        handle,
        async dispose() {
          await handle.close();
          const cleanup = new pg.Client({ connectionString: adminUrl });
          await cleanup.connect();
          try {
            await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          } finally {
            await cleanup.end();
          }
        },
      };
    },
  };
}

/**
 * The databases the API tests run on: always PGlite, and PostgreSQL when TEST_DATABASE_URL
 * names a server (an admin connection that may create databases). In CI PostgreSQL is
 * required, so a missing setting fails the run instead of silently testing less.
 */
export function testDatabaseTargets(env: NodeJS.ProcessEnv = process.env): TestDatabaseTarget[] {
  const url = env.TEST_DATABASE_URL;
  if (!url && env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests cannot run.');
  }
  return url ? [pglite, postgres(url)] : [pglite];
}

import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../client.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL: the database's connection string, for another process (the server's own). */
  url?: string;
  dispose(): Promise<void>;
}

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A freshly migrated, empty database of its own. */
  /** `poolSize`: PostgreSQL's connections (4 unless given; PGlite has one). */
  open(options?: { onQuery?: (query: string) => void; poolSize?: number }): Promise<TestDatabase>;
}

/**
 * PGlite: a new in-memory database, from the migrated dump TEST_PGLITE_TEMPLATE names when set
 * (the API project's global set-up writes one: a new PGlite's own initdb takes seconds, loading
 * the dump under one), else created and migrated here.
 */
const pglite: TestDatabaseTarget = {
  name: 'pglite',
  async open(options = {}) {
    const template = process.env.TEST_PGLITE_TEMPLATE;
    const handle = openDatabase({
      ...options,
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    });
    await handle.migrate(); // (after a template: nothing left to apply)
    return { handle, dispose: () => handle.close() };
  },
};

/** Writes a migrated PGlite's data directory to `file`, for TEST_PGLITE_TEMPLATE. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const handle = openDatabase({});
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await handle.close();
  }
}

/**
 * Drops a test database once its pool's connections are gone. A forced drop would kill
 * connections still closing, and their clients would report the kill as an uncaught error.
 */
async function dropDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (err) {
        // 55006: the database is still being accessed; wait for the closing connections.
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    await admin.end();
  }
}

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
      const handle = openDatabase({
        ...options,
        databaseUrl: url.toString(),
        poolSize: options.poolSize ?? 4,
      });
      await handle.migrate();
      return {
        handle,
        url: url.toString(),
        async dispose() {
          await handle.close();
          await dropDatabase(adminUrl, name);
        },
      };
    },
  };
}

/**
 * The databases the API tests run on: always PGlite, and PostgreSQL when TEST_DATABASE_URL
 * names a server (an admin connection that may create databases). Under Vitest the API project's
 * global set-up always sets it (to a server of the tests' own when the caller did not; see
 * postgres-server.ts). In CI PostgreSQL is required, so a missing setting fails the run instead
 * of silently testing less.
 */
export function testDatabaseTargets(env: NodeJS.ProcessEnv = process.env): TestDatabaseTarget[] {
  const url = env.TEST_DATABASE_URL;
  if (!url && env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests cannot run.');
  }
  return url ? [pglite, postgres(url)] : [pglite];
}

/**
 * The PostgreSQL target, for tests that only mean something there (races, a second API process).
 * Throws rather than let such a test be skipped when TEST_DATABASE_URL is missing.
 */
export function postgresTestTarget(env: NodeJS.ProcessEnv = process.env): TestDatabaseTarget {
  const url = env.TEST_DATABASE_URL;
  if (!url) {
    throw new Error(
      'TEST_DATABASE_URL is not set: run the API tests through Vitest (npx vitest run --project api), whose global set-up starts a PostgreSQL.',
    );
  }
  return postgres(url);
}

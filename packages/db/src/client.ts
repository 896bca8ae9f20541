import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type Logger } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type * as schema from './schema/index.ts';

export type Schema = typeof schema;
/**
 * The one database type the API codes against, whichever driver is behind it. Built without the
 * schema: nothing uses Drizzle's relational queries (`db.query.*`), and with a schema every
 * transaction constructs a relational query builder for each table (measured: a visible share
 * of a placed order's CPU, docs/benchmarks.md "issue 31's third round").
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** How many of the shipped migrations this database has not applied yet (0 when current). */
  pendingMigrations(): Promise<number>;
  /** PostgreSQL only: the pool's connections and the queries waiting for one (benchmarks). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** PostgreSQL only: the connections the server allows (its max_connections). */
  maxConnections?(): Promise<number>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; `undefined` keeps it in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from this dump of a data directory (PGlite's dumpDataDir), e.g. tests'. */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
  /** Called with every SQL statement, for logging or counting. */
  onQuery?: (query: string) => void;
  /**
   * PostgreSQL: called when an idle pooled connection fails (the server restarted, an
   * administrator ended it, the network dropped). The pool forgets that connection and opens
   * another when needed; without a listener the error would end the process. Default: one line
   * on stderr.
   */
  onConnectionError?: (error: Error) => void;
}

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * Counts the shipped migrations newer than the last one applied: drizzle's migrator records each
 * applied migration's folder timestamp in `drizzle.__drizzle_migrations.created_at` and applies
 * the ones newer than the latest, so the same comparison says what it would still apply.
 */
async function pendingMigrations(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<number> {
  const shipped = readMigrationFiles({ migrationsFolder });
  const table = await query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (table.rows[0]?.present !== true) return shipped.length;
  const { rows } = await query(
    'select max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const last = Number(rows[0]?.last ?? 0);
  return shipped.filter((m) => m.folderMillis > last).length;
}

/** Serialises migrations of several API processes starting at once on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 7_422_001;

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  const onQuery = options.onQuery;
  const logger: Logger | undefined = onQuery ? { logQuery: (query) => onQuery(query) } : undefined;

  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    pool.on(
      'error',
      options.onConnectionError ??
        ((error) =>
          console.error(
            `A PostgreSQL connection failed while idle (another is opened): ${error.message}`,
          )),
    );
    const db = drizzlePg(pool, { logger: logger ?? false });
    return {
      db,
      driver: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      pendingMigrations: () => pendingMigrations((text) => pool.query(text)),
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      maxConnections: async () => {
        const res = await pool.query<{ max_connections: string }>('show max_connections');
        return Number(res.rows[0]?.max_connections);
      },
      close: () => pool.end(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm: the search's trigram index (migration "pg-trgm"), as on PostgreSQL.
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { logger: logger ?? false });
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async ping() {
      await db.execute(sql`select 1`);
    },
    pendingMigrations: () =>
      pendingMigrations((text) => client.query<Record<string, unknown>>(text)),
    close: () => client.close(),
  };
}

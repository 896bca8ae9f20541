import { createHash } from 'node:crypto';
import { getTableColumns, Param, sql, type Query, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type {
  PgPreparedQuery,
  PreparedQueryConfig,
  SelectedFieldsOrdered,
} from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '@shop/db';

/** A database or one of its transactions: where a statement runs. */
export type Runner = Database | Transaction;

/** What Drizzle's prepared query keeps besides its text (read once, when the statement is built). */
interface Built {
  /** Named after a hash of its text: the same text gets the same name, whoever builds it. */
  name: string;
  query: Query;
  fields: SelectedFieldsOrdered | undefined;
  joinsNotNullableMap: Record<string, boolean> | undefined;
}

/**
 * A statement whose SQL Drizzle builds once per process, from a query with
 * `sql.placeholder(...)` values, and that then runs any number of times with new values on the
 * database or on a transaction (which Drizzle's own `.prepare()` cannot: it binds the statement
 * to the connection pool). Building a wide INSERT or a joined SELECT was the largest CPU cost
 * of a placed order (docs/benchmarks.md); here each request only fills in the values. On
 * PostgreSQL it is also a named prepared statement, so each connection parses it once. Results
 * are mapped as Drizzle maps them (column decoders, left joins to null).
 *
 * `build` is called once, with the database, and must return a query built on it and
 * `.prepare()`d (under any name: the statement is named after a hash of its text, so two
 * different texts never share a name on a connection).
 */
export class ReusableStatement<Row> {
  private built: Built | null = null;

  constructor(private readonly build: (db: Database) => { getQuery(): Query }) {}

  async run(db: Database, on: Runner, values: Record<string, unknown>): Promise<Row[]> {
    const built = (this.built ??= this.compile(db));
    const prepared = on._.session.prepareQuery<PreparedQueryConfig & { execute: Row[] }>(
      built.query,
      built.fields,
      built.name,
      true,
    );
    if (built.joinsNotNullableMap) {
      // Set on a select's prepared query by Drizzle itself (which left joins may be null).
      (prepared as unknown as Built).joinsNotNullableMap = built.joinsNotNullableMap;
    }
    return prepared.execute(values);
  }

  private compile(db: Database): Built {
    // Drizzle's prepared query keeps the fields it maps rows with (not in its typings).
    const prepared = this.build(db) as unknown as PgPreparedQuery<PreparedQueryConfig> & {
      fields?: SelectedFieldsOrdered;
      joinsNotNullableMap?: Record<string, boolean>;
    };
    const query = prepared.getQuery();
    return {
      name: `r_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`,
      query,
      fields: prepared.fields,
      joinsNotNullableMap: prepared.joinsNotNullableMap,
    };
  }
}

/**
 * Values for `insert(table).values(…)` or `update(table).set(…)` in a ReusableStatement: each
 * key a placeholder of the same name, encoded as its column encodes values (jsonb, dates).
 */
export function placeholdersFor<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  keys: readonly K[],
): Record<K, SQL> {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    keys.map((k) => [k, sql`${new Param(sql.placeholder(k), columns[k])}`]),
  ) as Record<K, SQL>;
}

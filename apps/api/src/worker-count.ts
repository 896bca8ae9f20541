/** Connections kept free for migrations, backups and an operator's psql. */
export const RESERVED_CONNECTIONS = 5;

export interface WorkerCountInput {
  /** WEB_CONCURRENCY, when set. */
  requested: number | undefined;
  /** The cores node may use (os.availableParallelism()). */
  cores: number;
  /** The embedded database: one process owns its files. */
  embedded: boolean;
  /** PostgreSQL's max_connections. */
  maxConnections: number;
  /** DATABASE_POOL_SIZE: each process's connections. */
  poolSize: number;
}

export interface WorkerCount {
  workers: number;
  /** Why fewer processes run than were asked for, when they do. */
  capped?: string;
}

/**
 * How many API processes serve this machine: WEB_CONCURRENCY, else one per core; never more
 * than PostgreSQL's connections allow at DATABASE_POOL_SIZE each (some kept free), and one on
 * the embedded database.
 */
export function workerCount(o: WorkerCountInput): WorkerCount {
  const wanted = o.requested ?? o.cores;
  if (o.embedded) {
    return wanted > 1
      ? { workers: 1, capped: 'the embedded database is one process’s own (set DATABASE_URL)' }
      : { workers: 1 };
  }
  const fit = Math.max(1, Math.floor((o.maxConnections - RESERVED_CONNECTIONS) / o.poolSize));
  if (wanted <= fit) return { workers: wanted };
  return {
    workers: fit,
    capped: `PostgreSQL allows ${o.maxConnections} connections: ${fit} processes of ${o.poolSize} (DATABASE_POOL_SIZE), ${RESERVED_CONNECTIONS} kept free`,
  };
}

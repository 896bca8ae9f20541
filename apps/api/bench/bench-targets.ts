/** The databases a benchmark runs on and the server process it drives. */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PORT = Number(process.env.BENCH_PORT ?? 3900);
/** The bench server's /api/metrics token (local and bench-only). */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-not-a-secret';

export interface Target {
  name: string;
  env: Record<string, string>;
  databaseUrl?: string;
  pgliteDir?: string;
  cleanup(): Promise<void>;
}

export function pgliteTarget(): Target {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-pglite-'));
  return {
    name: 'PGlite',
    env: { BENCH_PGLITE_DIR: dir, DATABASE_URL: '' },
    pgliteDir: dir,
    cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  };
}

/** A fresh database on the server `adminUrl` names, dropped by cleanup(). */
export async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `shop_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: url.toString() },
    databaseUrl: url.toString(),
    async cleanup() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts bench-server.ts on the target's database, listening on 127.0.0.1:PORT. With
 * BENCH_CPU_PROF=<dir> the server writes a V8 CPU profile of each timed orders phase there
 * (`first-placing.cpuprofile`, `placing.cpuprofile`, `paid.cpuprofile`; see apps/api/bench/profile-summary.ts).
 */
export function startServer(target: Target, env: Record<string, string> = {}) {
  const child = fork(path.join(import.meta.dirname, 'bench-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...target.env, ...env, PORT: String(PORT) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, ready, stop };
}

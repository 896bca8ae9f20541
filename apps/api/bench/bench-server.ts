/**
 * The benchmark's server process: the real app on the given database, plus two bench-only routes:
 * a baseline that answers a precomputed JSON body (the catalogue's yardstick) and a bare one-row
 * insert (the orders' yardstick).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@shop/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { SEARCH_INDEX_BUILD } from '../src/modules/catalogue/search-indexes.ts';
import { BENCH_METRICS_TOKEN } from './bench-targets.ts';

let queries = 0;
/** Statements by their text (the first 160 characters), so a phase can say which dominate. */
let byStatement = new Map<string, number>();
const database = openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATABASE_URL ? undefined : process.env.BENCH_PGLITE_DIR,
  poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20),
  // Counted so the benchmark can report statements per order (GET /bench/queries).
  onQuery: (query) => {
    queries += 1;
    const key = query.slice(0, 160);
    byStatement.set(key, (byStatement.get(key) ?? 0) + 1);
  },
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
const { app } = await buildApp({
  database,
  config: {
    ...loadConfig({}),
    STORE_ID: process.env.STORE_ID || 'bench',
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    CATALOGUE_CACHE_CHECK_MS: 1000,
    // Decision 0031: compare runs with and without the lazy stock refresh (default 0: off).
    CATALOGUE_STOCK_STALE_MS: Number(process.env.CATALOGUE_STOCK_STALE_MS ?? 0),
    // /api/metrics on, for the cache counters the load mix reports (a local, bench-only token).
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  },
});
const baselines = new Map<number, string>();
app.get<{ Querystring: { bytes?: string } }>('/bench/baseline', (req, reply) => {
  const bytes = Number(req.query.bytes ?? 20_000);
  let body = baselines.get(bytes);
  if (!body) {
    body = JSON.stringify({ isError: false, data: 'x'.repeat(Math.max(0, bytes - 30)) });
    baselines.set(bytes, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
});
// One row per request through the same pool as the app: the least work a write route can do.
await database.db.execute(
  sql`CREATE TABLE IF NOT EXISTS bench_inserts (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n integer NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
);
let inserted = 0;
app.post('/bench/insert', async () => {
  await database.db.execute(sql`INSERT INTO bench_inserts (n) VALUES (${++inserted})`);
  return { success: true };
});
app.get('/bench/queries', () => ({ queries }));
// The statements since the last call, most frequent first (the mix's open loop prints them).
app.post('/bench/statements', () => {
  const top = [...byStatement].sort((a, b) => b[1] - a[1]).slice(0, 12);
  byStatement = new Map();
  return { top };
});
// The server process's CPU time so far (user + system, ms): the bench divides a phase's share
// by the orders it placed, a figure a busy machine disturbs far less than a rate.
// The event loop's worst delay in each second since the last reset: tells a slow second in the
// open loop caused by this process (GC, a long synchronous task) from one caused elsewhere.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
let worstLagBySecond: number[] = [];
// Garbage collection in the same seconds (its longest pause, and whether a major, mark-compact,
// one ran) and the search index's builds (their user-timing entries, start to end): tells a
// stalled second to be GC, a rebuild or the app's other work.
const emptySecond = () => ({ gcWorstMs: 0, gcMajor: false, indexBuildMs: 0 });
let thisSecond = emptySecond();
let seconds: ReturnType<typeof emptySecond>[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.entryType === 'measure') {
      if (entry.name === SEARCH_INDEX_BUILD) thisSecond.indexBuildMs += entry.duration;
      continue;
    }
    thisSecond.gcWorstMs = Math.max(thisSecond.gcWorstMs, entry.duration);
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) thisSecond.gcMajor = true;
  }
}).observe({ entryTypes: ['gc', 'measure'] });
setInterval(() => {
  worstLagBySecond.push(loopDelay.max / 1e6);
  loopDelay.reset();
  seconds.push(thisSecond);
  thisSecond = emptySecond();
}, 1000).unref();
app.post('/bench/lag/reset', () => {
  worstLagBySecond = [];
  seconds = [];
  thisSecond = emptySecond();
  loopDelay.reset();
  return { ok: true };
});
app.get('/bench/lag', () => ({ worstMsBySecond: worstLagBySecond, bySecond: seconds }));
app.get('/bench/cpu', () => {
  const u = process.cpuUsage();
  return { cpuMs: (u.user + u.system) / 1000 };
});
// A CPU profile of one phase (BENCH_CPU_PROF=<dir>): started and stopped by the bench around it.
const profiler = new Session();
profiler.connect();
app.post('/bench/profile/start', async () => {
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
  await profiler.post('Profiler.start');
  return { ok: true };
});
app.post<{ Querystring: { name?: string } }>('/bench/profile/stop', async (req) => {
  const { profile } = await profiler.post('Profiler.stop');
  const dir = process.env.BENCH_CPU_PROF;
  const file = dir ? path.join(dir, `${req.query.name ?? 'phase'}.cpuprofile`) : null;
  if (file) writeFileSync(file, JSON.stringify(profile));
  return { file };
});
// The pool's queue, sampled every 10 ms: how often a query had to wait for a connection.
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
const pool = { samples: 0, waitingSum: 0, waitingMax: 0, busySum: 0, busyFullSamples: 0 };
const sampler = setInterval(() => {
  const s = database.poolStats?.();
  if (!s) return;
  const busy = s.total - s.idle;
  pool.samples += 1;
  pool.waitingSum += s.waiting;
  pool.waitingMax = Math.max(pool.waitingMax, s.waiting);
  pool.busySum += busy;
  if (busy >= POOL_SIZE) pool.busyFullSamples += 1;
}, 10);
sampler.unref();
app.post('/bench/pool/reset', () => {
  Object.assign(pool, { samples: 0, waitingSum: 0, waitingMax: 0, busySum: 0, busyFullSamples: 0 });
  return { ok: true };
});
app.get('/bench/pool', () => ({
  size: POOL_SIZE,
  meanWaiting: pool.samples ? pool.waitingSum / pool.samples : 0,
  maxWaiting: pool.waitingMax,
  meanBusy: pool.samples ? pool.busySum / pool.samples : 0,
  fullShare: pool.samples ? pool.busyFullSamples / pool.samples : 0,
}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
// A normal exit on SIGTERM, so a CPU profile (BENCH_CPU_PROF) is written.
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});

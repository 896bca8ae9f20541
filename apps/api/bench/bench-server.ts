/**
 * The benchmark's server: the real app on the given database, plus two bench-only routes: a
 * baseline that answers a precomputed JSON body (the catalogue's yardstick) and a bare one-row
 * insert (the orders' yardstick); and the bench's probes (statements, CPU, event-loop lag, GC,
 * pool, cache counters, CPU profiles) under /bench/. With BENCH_WORKERS=N (N > 1) it runs N app
 * processes on one port with node's cluster module, as `npm run serve` does with WEB_CONCURRENCY;
 * a probe asked of any of them answers for all (bench-cluster.ts).
 */
import cluster from 'node:cluster';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, users } from '@shop/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { SEARCH_INDEX_BUILD } from '../src/modules/catalogue/search-indexes.ts';
import { BENCH_WEBHOOK_SECRET } from './bench-gateway.ts';
import { BENCH_METRICS_TOKEN } from './bench-targets.ts';
import {
  answerProbes,
  benchWorkers,
  gatherFromWorkers,
  runBenchPrimary,
  type Probes,
} from './bench-cluster.ts';

if (benchWorkers() > 1 && cluster.isPrimary) {
  runBenchPrimary(benchWorkers());
} else {
  await serve();
}

async function serve() {
  let queries = 0;
  /** Statements by their text (the first 160 characters), so a phase can say which dominate. */
  let byStatement = new Map<string, number>();
  /** BENCH_QUERY_ORIGINS=<file>: statements counted by the code that sent them, written there. */
  const originsFile = process.env.BENCH_QUERY_ORIGINS;
  const origins = originsFile ? new Map<string, number>() : null;
  if (originsFile && origins) {
    Error.stackTraceLimit = 60;
    setInterval(() => {
      const lines = [...origins].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`);
      writeFileSync(`${originsFile}.${process.pid}`, lines.join('\n'));
    }, 2000).unref();
  }
  const database = openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATABASE_URL ? undefined : process.env.BENCH_PGLITE_DIR,
    poolSize: Number(process.env.BENCH_POOL_SIZE ?? 20),
    // Counted so the benchmark can report statements per order (GET /bench/queries).
    onQuery: (query) => {
      queries += 1;
      const key = query.slice(0, 160);
      byStatement.set(key, (byStatement.get(key) ?? 0) + 1);
      if (origins) {
        // Which code sent it (the first frame of ours in the async stack), and whether its SQL
        // was built for this call or once (ReusableStatement).
        const stack = new Error().stack ?? '';
        const frame = /at (?:async )?([^\n]*?apps\/api\/src\/(?!lib\/reusable)[^\n]*)/.exec(
          stack,
        )?.[1];
        const where = (frame ?? '(unknown)')
          .replace(/\(?\/[^ ]*apps\/api\/src\//, '')
          .replace(/:\d+\)?$/, '');
        const k = `${stack.includes('reusable-statement') ? 'reused' : 'built '} ${where} | ${query.slice(0, 60)}`;
        origins.set(k, (origins.get(k) ?? 0) + 1);
      }
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const { app, services } = await buildApp({
    database,
    config: {
      ...loadConfig({}),
      STORE_ID: process.env.STORE_ID || 'bench',
      PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
      CATALOGUE_CACHE_CHECK_MS: 1000,
      // One set of secrets for every app process and every restart of the bench server (a
      // shopper's token from before BENCH_WORKERS changed still signs in): bench-only values.
      AUTH_SECRET: 'bench-only-auth-secret-of-at-least-32-characters',
      RAZORPAY_KEY_SECRET: 'bench-only-sandbox-key-secret',
      RAZORPAY_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
      // BENCH_GATEWAY=razorpay with the stand-in's address (bench-gateway.ts, the mix bench):
      // Razorpay at the bench's local stand-in; otherwise the sandbox (the orders bench).
      ...(process.env.BENCH_GATEWAY === 'razorpay' &&
        process.env.RAZORPAY_API_URL && {
          PAYMENT_GATEWAY: 'razorpay' as const,
          RAZORPAY_API_URL: process.env.RAZORPAY_API_URL,
          RAZORPAY_KEY_ID: process.env.RAZORPAY_KEY_ID,
          RAZORPAY_KEY_SECRET: process.env.RAZORPAY_KEY_SECRET,
        }),
      // BENCH_EMAIL=smtp, the default (bench-email.ts): the SMTP sender, to the local stand-in.
      ...(process.env.BENCH_SMTP_URL && { SMTP_URL: process.env.BENCH_SMTP_URL }),
      // Decision 0031: compare runs with and without the lazy stock refresh (the default: 5000).
      ...(process.env.CATALOGUE_STOCK_STALE_MS !== undefined && {
        CATALOGUE_STOCK_STALE_MS: Number(process.env.CATALOGUE_STOCK_STALE_MS),
      }),
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

  // Storefront sessions of many accounts at once, before a phase is timed (the orders bench's
  // first placings need thousands of signed-in shoppers; a login's argon2 verify would take
  // minutes of both cores): each begun by the server's own SessionsService, as a password
  // sign-in begins it once the password is checked (the refresh token's row, the signed access
  // token), so the tokens are the ones a login answers. Bench-only, as every /bench route.
  app.post<{ Body: { userIds: string[] } }>('/bench/sessions', async (req) => {
    const ids = req.body.userIds;
    const rows = new Map(
      (await database.db.select().from(users).where(inArray(users.id, ids))).map((u) => [u.id, u]),
    );
    const tokens: string[] = [];
    for (let i = 0; i < ids.length; i += 16) {
      const batch = ids.slice(i, i + 16).map((id) => {
        const user = rows.get(id);
        if (!user) throw new Error(`no account ${id}`);
        return services.sessions.start(user, 'storefront');
      });
      tokens.push(...(await Promise.all(batch)).map((t) => t.accessToken));
    }
    return { tokens };
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

  // A CPU profile of one phase (BENCH_CPU_PROF=<dir>): started and stopped by the bench around it.
  const profiler = new Session();
  profiler.connect();

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
  // What this process measured, asked for by the probes' routes (each process's, then summed).
  const worker = process.env.BENCH_WORKER_INDEX;
  const probes: Probes = {
    queries: () => queries,
    statements: () => {
      const all = [...byStatement];
      byStatement = new Map();
      return all;
    },
    cpuMs: () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    },
    lagReset: () => {
      worstLagBySecond = [];
      seconds = [];
      thisSecond = emptySecond();
      loopDelay.reset();
    },
    lag: () => ({ worstMsBySecond: worstLagBySecond, bySecond: seconds }),
    profileStart: async () => {
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
      await profiler.post('Profiler.start');
    },
    profileStop: async (name) => {
      const { profile } = await profiler.post('Profiler.stop');
      const dir = process.env.BENCH_CPU_PROF;
      const suffix = worker === undefined ? '' : `-worker-${worker}`;
      const file = dir ? path.join(dir, `${name}${suffix}.cpuprofile`) : null;
      if (file) writeFileSync(file, JSON.stringify(profile));
      return file;
    },
    poolReset: () => {
      Object.assign(pool, {
        samples: 0,
        waitingSum: 0,
        waitingMax: 0,
        busySum: 0,
        busyFullSamples: 0,
      });
    },
    pool: () => ({
      size: POOL_SIZE,
      meanWaiting: pool.samples ? pool.waitingSum / pool.samples : 0,
      maxWaiting: pool.waitingMax,
      meanBusy: pool.samples ? pool.busySum / pool.samples : 0,
      fullShare: pool.samples ? pool.busyFullSamples / pool.samples : 0,
    }),
    // The catalogue cache's counters, as /api/metrics gives them.
    cache: async () => {
      const res = await app.inject({
        url: '/api/metrics',
        headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
      });
      const read = (name: string) =>
        Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1] ?? NaN);
      return {
        hits: read('shop_catalogue_cache_hits_total'),
        misses: read('shop_catalogue_cache_misses_total'),
      };
    },
  };
  answerProbes(probes);
  const all = <K extends keyof Probes>(probe: K, arg?: string) =>
    gatherFromWorkers(probes, probe, arg);
  const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);
  const maxBySecond = (lists: number[][]) =>
    Array.from({ length: Math.max(0, ...lists.map((l) => l.length)) }, (_, i) =>
      Math.max(...lists.map((l) => l[i] ?? 0)),
    );
  app.get('/bench/queries', async () => ({ queries: sum(await all('queries')) }));
  // The statements since the last call, most frequent first (the mix's open loop prints them).
  app.post('/bench/statements', async () => {
    const counts = new Map<string, number>();
    for (const [text, n] of (await all('statements')).flat()) {
      counts.set(text, (counts.get(text) ?? 0) + n);
    }
    return { top: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12) };
  });
  app.get('/bench/cpu', async () => ({ cpuMs: sum(await all('cpuMs')) }));
  app.post('/bench/lag/reset', async () => {
    await all('lagReset');
    return { ok: true };
  });
  // Each second's worst lag and GC pause over the processes.
  app.get('/bench/lag', async () => {
    const lags = await all('lag');
    const longest = Math.max(0, ...lags.map((l) => l.bySecond.length));
    return {
      worstMsBySecond: maxBySecond(lags.map((l) => l.worstMsBySecond)),
      bySecond: Array.from({ length: longest }, (_, i) => ({
        gcWorstMs: Math.max(...lags.map((l) => l.bySecond[i]?.gcWorstMs ?? 0)),
        gcMajor: lags.some((l) => l.bySecond[i]?.gcMajor),
        indexBuildMs: sum(lags.map((l) => l.bySecond[i]?.indexBuildMs ?? 0)),
      })),
    };
  });
  app.post('/bench/profile/start', async () => {
    await all('profileStart');
    return { ok: true };
  });
  app.post<{ Querystring: { name?: string } }>('/bench/profile/stop', async (req) => ({
    file: (await all('profileStop', req.query.name ?? 'phase')).filter(Boolean).join(', ') || null,
  }));
  app.post('/bench/pool/reset', async () => {
    await all('poolReset');
    return { ok: true };
  });
  // The pools together: their sizes, busy connections and waiting queries added up.
  app.get('/bench/pool', async () => {
    const pools = await all('pool');
    return {
      size: sum(pools.map((p) => p.size)),
      meanWaiting: sum(pools.map((p) => p.meanWaiting)),
      maxWaiting: sum(pools.map((p) => p.maxWaiting)),
      meanBusy: sum(pools.map((p) => p.meanBusy)),
      fullShare: sum(pools.map((p) => p.fullShare)) / pools.length,
    };
  });
  app.get('/bench/cache', async () => {
    const counters = await all('cache');
    return {
      hits: sum(counters.map((c) => c.hits)),
      misses: sum(counters.map((c) => c.misses)),
    };
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.send?.('ready');
  // A normal exit on SIGTERM, so a CPU profile (BENCH_CPU_PROF) is written.
  process.once('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

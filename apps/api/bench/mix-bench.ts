/**
 * The load mix (PostgreSQL): the demo stores plus BENCH_PRODUCTS (10,000) believable products, the
 * real server in its own process, and closed-loop virtual users over HTTP at 50 and then 200 at
 * once: browse 80% (home reads, listings with filters, sorts and pages, searches from the
 * catalogue's words, product pages: thousands of distinct URLs), cart 15% (signed-in users add,
 * change, remove and read lines) and checkout 5% (summary, place, pay, verify: BENCH_GATEWAY);
 * the users are in mix-users.ts. Beside it, at the same concurrency and with the same client: the
 * plain baseline route, and browse alone. Then the open loops, requests arriving at a fixed rate
 * from the load generator's own process: browse alone at 30% of the first baseline, and the
 * whole mix at 15%, with the targets met or missed, on 1 and then 2 app processes
 * (BENCH_MIX_WORKERS) side by side. Reports req/s, p50, p99 and errors per part, CPU and
 * statements per request, and the catalogue cache's hit ratio.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { LoginResponse } from '@shop/contracts';
import { cartLines, openDatabase } from '@shop/db';
import pg from 'pg';
import { benchWorkers } from './bench-cluster.ts';
import { benchEmail, benchEmailName, startBenchSmtp } from './bench-email.ts';
import { benchGateway, startBenchGateway } from './bench-gateway.ts';
import { PORT, startServer, type Target } from './bench-targets.ts';
import { closedLoop, stats } from './load-loop.ts';
import type { OpenAction, OpenPhaseRequest, OpenPhaseResult } from './open-loop-client.ts';
import { watchMachine } from './machine-watch.ts';
import { seedMixCatalogue } from './mix-fixtures.ts';
import { browseKinds, runKindCosts } from './mix-kinds.ts';
import {
  answerOf,
  browser,
  cartUser,
  checkoutUser,
  httpClientName,
  PARTS,
  random,
  send,
  type CallOptions,
  type MixClient,
  type Part,
} from './mix-users.ts';
import { profiled, queryCount, serverCpuMs, watched, type Shopper } from './orders-bench.ts';
import {
  ORDERS_STORE_ID,
  SHOPPER_PASSWORD,
  seedDemo,
  seedShoppers,
  shopperEmail,
} from './orders-fixtures.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of open loop before the measured one (BENCH_OPEN_WARMUP, 0 for none). */
const WARMUP_S = Number(process.env.BENCH_OPEN_WARMUP ?? 10);
const LEVELS = (process.env.BENCH_MIX_USERS ?? '50,200').split(',').map(Number);
/** The app process counts whose open loops are reported side by side (BENCH_MIX_WORKERS). */
const WORKER_COUNTS = (process.env.BENCH_MIX_WORKERS ?? '1,2').split(',').map(Number);
const STORE = ORDERS_STORE_ID;
const BASE = `http://127.0.0.1:${PORT}`;

interface Tally {
  ms: Record<Part, number[]>;
  errors: Record<Part, number>;
  /** Bytes of the answers' bodies as sent (uncompressed, as asked for). */
  bytes: Record<Part, number>;
  /** The first few failures, to print. */
  failures: string[];
}

/** The virtual users' transport in the closed loops: every answer counted in `tally()`. */
const tallied = (tally: () => Tally): MixClient => ({
  call: (part, method, url, o) => call(tally(), part, method, url, o),
  fail(part, message) {
    const t = tally();
    t.errors[part] += 1;
    t.failures.push(message);
  },
});

const newTally = (): Tally => ({
  ms: { browse: [], cart: [], checkout: [] },
  errors: { browse: 0, cart: 0, checkout: 0 },
  bytes: { browse: 0, cart: 0, checkout: 0 },
  failures: [],
});

/** One request, timed until its body is read; a non-2xx answer or a network error is counted. */
async function call<T = unknown>(
  tally: Tally,
  part: Part,
  method: string,
  url: string,
  o: CallOptions = {},
): Promise<T | undefined> {
  const started = performance.now();
  const { status, text } = await send(BASE, method, url, o);
  tally.ms[part].push(performance.now() - started);
  tally.bytes[part] += Buffer.byteLength(text);
  if (status >= 200 && status < 300) return answerOf<T>(part, text);
  tally.errors[part] += 1;
  if (tally.failures.length < 5)
    tally.failures.push(`${method} ${url} → ${status} ${text.slice(0, 200)}`);
  return undefined;
}

/** The server's catalogue cache counters (every app process's, added up). */
async function cacheCounters() {
  return (await (await fetch(`${BASE}/bench/cache`)).json()) as { hits: number; misses: number };
}

interface Row {
  what: string;
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  /** The server's CPU time (user + system) and statements over the phase, and answer bytes. */
  cpuMs?: number;
  statements?: number;
  bytes?: number;
  /**
   * The bench's own CPU time over the phase, on the same cores as the server: the load
   * generator (this process's closed loops, or the open loop's process) and, in the mix, the
   * Razorpay stand-in in this process.
   */
  benchCpuMs?: number;
}

/** The open loop's load generator in its own process (open-loop-client.ts), one phase at a time. */
async function startOpenLoopClient() {
  const child = fork(path.join(import.meta.dirname, 'open-loop-client.ts'), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`open-loop client exited with ${code}`)));
  });
  return {
    run(request: OpenPhaseRequest): Promise<OpenPhaseResult> {
      return new Promise((resolve, reject) => {
        const exited = (code: number | null) =>
          reject(new Error(`open-loop client exited with ${code}`));
        child.once('exit', exited);
        child.once('message', (result: OpenPhaseResult) => {
          child.off('exit', exited);
          resolve(result);
        });
        child.send(request);
      });
    },
    stop: () => child.kill(),
  };
}

/** The server's CPU time and statement count spent by `work` (a whole phase), and this process's. */
async function measured<T>(work: () => Promise<T>) {
  const [cpu0, q0] = [await serverCpuMs(), await queryCount()];
  const bench0 = process.cpuUsage();
  const result = await work();
  const bench = process.cpuUsage(bench0);
  const [cpu1, q1] = [await serverCpuMs(), await queryCount()];
  return {
    result,
    cpuMs: cpu1 - cpu0,
    statements: q1 - q0,
    benchCpuMs: (bench.user + bench.system) / 1000,
  };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

function printRows(rows: Row[], baselineRps: number) {
  console.log(
    `| what | req/s | p50 ms | p99 ms | errors | vs baseline | server CPU ms/req | statements/req | kB/req | bench CPU ms/req |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const row of rows) {
    const rps = row.requests / row.seconds;
    const { p50, p99 } = stats(row.latencies);
    const per = (n: number | undefined, digits: number, scale = 1) =>
      n === undefined || row.requests === 0 ? '' : (n / scale / row.requests).toFixed(digits);
    console.log(
      `| ${row.what} | ${rps.toFixed(0)} | ${fmt(p50)} | ${fmt(p99)} | ${row.errors} | ${((rps / baselineRps) * 100).toFixed(0)}% | ${per(row.cpuMs, 3)} | ${per(row.statements, 2)} | ${per(row.bytes, 1, 1000)} | ${per(row.benchCpuMs, 3)} |`,
    );
  }
}

async function signIn(i: number): Promise<string> {
  const res = await fetch(`${BASE}/api/loginuser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: shopperEmail(i), password: SHOPPER_PASSWORD, main_id: STORE }),
  });
  if (res.status !== 200) throw new Error(`login ${i}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as LoginResponse).accessToken;
}

export async function runMixBench(target: Target): Promise<void> {
  const users = Math.max(...LEVELS);
  console.log(
    `\n# Load mix (${target.name}): ${PRODUCTS} products; ${LEVELS.join(' then ')} virtual users x ${DURATION_S} s per phase; browse 80%, cart 15%, checkout 5%`,
  );
  const setupStarted = performance.now();
  const handle = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.pgliteDir });
  // The payment gateway's side, in this process (BENCH_GATEWAY, bench-gateway.ts).
  const gateway = benchGateway() === 'razorpay' ? await startBenchGateway(BASE) : null;
  const smtp = benchEmail() === 'smtp' ? await startBenchSmtp() : null;
  const serverEnv = { STORE_ID: STORE, ...gateway?.serverEnv, ...smtp?.serverEnv };
  console.log(
    `  payment gateway: ${gateway ? "Razorpay (the server's adapter) at a local stand-in in the bench's process" : 'the sandbox, inside the server'}`,
  );
  console.log(`  HTTP client: ${httpClientName}`);
  console.log(`  email: ${benchEmailName(benchEmail())}`);
  let server = startServer(target, serverEnv);
  server.ready.catch(() => undefined);
  // Samples PostgreSQL's backends during the mix (running a statement, waiting on a lock).
  const monitor = new pg.Client({ connectionString: target.databaseUrl });
  let failed = false;
  let client: Awaited<ReturnType<typeof startOpenLoopClient>> | undefined;
  try {
    await handle.migrate();
    await monitor.connect();
    await seedDemo(handle.db);
    const seeded = performance.now();
    const catalogue = await seedMixCatalogue(handle.db, PRODUCTS);
    const seedSeconds = (performance.now() - seeded) / 1000;
    // One account per virtual user for the cart, another for checkout (a paid order empties the
    // buyer's cart, which would pull lines from under the cart user).
    const accounts = await seedShoppers(handle.db, users * 2);
    await handle.db.execute(sql`ANALYZE`);
    await server.ready;
    const tokens: string[] = [];
    for (let i = 0; i < accounts.length; i += 8) {
      tokens.push(...(await Promise.all(accounts.slice(i, i + 8).map((a) => signIn(a.i)))));
    }
    const shoppers: Shopper[] = accounts.map((a, i) => ({ ...a, token: tokens[i]! }));
    console.log(
      `  set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s (${catalogue.productIds.length} active products of which ${PRODUCTS} made in ${seedSeconds.toFixed(1)} s, ${catalogue.buyable.length} buyable lines, ${catalogue.words.length} search words, ${shoppers.length} shoppers signed in)`,
    );

    let tally = newTally();
    const current = () => tally;
    const browse = Array.from({ length: users }, (_, w) => browser(catalogue, 1000 + w));
    const closedClient = tallied(current);
    const carts = Array.from({ length: users }, (_, w) =>
      cartUser(catalogue.buyable, shoppers[w]!, 2000 + w),
    );
    const checkouts = Array.from({ length: users }, (_, w) =>
      checkoutUser(catalogue.buyable, shoppers[users + w]!, 3000 + w),
    );
    const picks = Array.from({ length: users }, (_, w) => random(4000 + w));
    const listingBytes = (
      await (
        await fetch(
          `${BASE}/api/grouped-product/search-all-products/${STORE}?page=1&limit=10&sort=recommended&courses=include`,
        )
      ).text()
    ).length;

    // Warm-up, not counted: the JIT, the pool's connections, the home reads.
    await closedLoop(20, 2, async (w) => {
      await call(tally, 'browse', 'GET', browse[w]!());
    });

    if (process.env.BENCH_MIX_KINDS !== '0') {
      await runKindCosts({
        base: BASE,
        store: STORE,
        browseUrls: browseKinds(browser(catalogue, 9000)),
        shopper: shoppers[shoppers.length - 1]!,
        buyable: catalogue.buyable,
      });
      if (process.env.BENCH_MIX_KINDS === 'only') return;
    }

    let firstBaselineRps = 0;
    for (const level of LEVELS) {
      console.log(`\n## ${level} virtual users, ${DURATION_S} s per phase`);
      tally = newTally();
      const { result: baseline, ...baselineCost } = await measured(() =>
        closedLoop(level, DURATION_S, async () => {
          await call(tally, 'browse', 'GET', `/bench/baseline?bytes=${listingBytes}`);
        }),
      );
      const baselineRow: Row = {
        what: `baseline (${listingBytes} B precomputed)`,
        requests: tally.ms.browse.length,
        seconds: baseline.seconds,
        latencies: tally.ms.browse,
        errors: tally.errors.browse,
        ...baselineCost,
        bytes: tally.bytes.browse,
      };
      const baselineRps = baselineRow.requests / baselineRow.seconds;
      firstBaselineRps ||= baselineRps;

      tally = newTally();
      const beforeBrowse = await cacheCounters();
      const { result: browseOnly, ...browseCost } = await profiled(`browse-${level}`, () =>
        measured(() =>
          closedLoop(level, DURATION_S, async (w) => {
            await call(tally, 'browse', 'GET', browse[w]!());
          }),
        ),
      );
      const afterBrowse = await cacheCounters();
      const browseRow: Row = {
        what: 'browse alone',
        requests: tally.ms.browse.length,
        seconds: browseOnly.seconds,
        latencies: tally.ms.browse,
        errors: tally.errors.browse,
        ...browseCost,
        bytes: tally.bytes.browse,
      };
      const browseFailures = tally.failures;

      tally = newTally();
      const beforeMix = await cacheCounters();
      const {
        result: { result: mix, note },
        ...mixCost
      } = await measured(() =>
        watched(monitor, () =>
          closedLoop(level, DURATION_S, async (w) => {
            const x = picks[w]!.next();
            if (x < 0.8) await call(tally, 'browse', 'GET', browse[w]!());
            else if (x < 0.95) await carts[w]!(closedClient);
            else await checkouts[w]!(closedClient);
          }),
        ),
      );
      const afterMix = await cacheCounters();
      const mixRows: Row[] = PARTS.map((part) => ({
        what: `mix: ${part}`,
        requests: tally.ms[part].length,
        seconds: mix.seconds,
        latencies: tally.ms[part],
        errors: tally.errors[part],
      }));
      mixRows.push({
        what: 'mix: overall',
        requests: PARTS.reduce((n, p) => n + tally.ms[p].length, 0),
        seconds: mix.seconds,
        latencies: PARTS.flatMap((p) => tally.ms[p]),
        errors: PARTS.reduce((n, p) => n + tally.errors[p], 0),
        ...mixCost,
        bytes: PARTS.reduce((n, p) => n + tally.bytes[p], 0),
      });
      printRows([baselineRow, browseRow, ...mixRows], baselineRps);
      const ratio = (a: typeof beforeMix, b: typeof beforeMix) => {
        const hits = b.hits - a.hits;
        const all = hits + b.misses - a.misses;
        return `${((hits / all) * 100).toFixed(0)}% of ${all} catalogue reads`;
      };
      console.log(
        `  catalogue cache hits: browse alone ${ratio(beforeBrowse, afterBrowse)}; mix ${ratio(beforeMix, afterMix)}`,
      );
      console.log(`  mix: ${note}`);
      const failures = [
        ...(baselineRow.errors ? ['baseline failed'] : []),
        ...browseFailures,
        ...tally.failures,
      ];
      if (failures.length > 0) {
        failed = true;
        console.log(`  FAILURES (the first few):\n    ${failures.join('\n    ')}`);
      }
    }

    // The targets as a shop meets them: requests arriving at a steady rate, each sent on time
    // whatever the others are doing. First browse alone at 30% of the baseline's rate
    // (BENCH_OPEN_RATE), then the whole mix at 15% (BENCH_MIX_OPEN_RATE).
    client = await startOpenLoopClient();
    const openLoopClient = client;
    // Its connections opened and its code warm before the warm-up: a fresh process opening
    // hundreds of connections at once in the warm-up's first second stalled it for seconds.
    await openLoopClient.run({
      base: BASE,
      actions: ['/api/health/live'],
      rate: 100,
      seconds: 2,
    });
    const mixUsers = {
      cart: shoppers.slice(0, users),
      checkout: shoppers.slice(users, users * 2),
      buyable: catalogue.buyable,
    };
    let nextBrowser = 0;
    const browseAction = () => browse[nextBrowser++ % users]!();
    const mixPick = random(5000);
    let nextCart = 0;
    let nextCheckout = 0;
    const mixAction = (): OpenAction => {
      const x = mixPick.next();
      if (x < 0.8) return browseAction();
      if (x < 0.95) return { cart: nextCart++ % users };
      return { checkout: nextCheckout++ % users };
    };
    const openPhase = async (o: {
      rate: number;
      seconds: number;
      what: string;
      action: () => OpenAction;
      /** The CPU profile's name (BENCH_CPU_PROF), for a measured phase. */
      profile?: string;
      /** A warm-up: reported, and only its answered errors fail the run, not what it did not send. */
      warmUp?: boolean;
    }) => {
      // The arrivals made here, sent by the load generator's own process (open-loop-client.ts).
      const actions = Array.from({ length: Math.floor(o.rate * o.seconds) }, o.action);
      await fetch(`${BASE}/bench/lag/reset`, { method: 'POST' });
      const machine = await watchMachine(monitor);
      const before = await cacheCounters();
      await fetch(`${BASE}/bench/statements`, { method: 'POST' });
      const run = () =>
        measured(() =>
          openLoopClient.run({
            base: BASE,
            actions,
            rate: o.rate,
            seconds: o.seconds,
            users: mixUsers,
          }),
        );
      const { result: open, ...openCost } = o.profile
        ? await profiled(o.profile, run)
        : await run();
      const after = await cacheCounters();
      const statements = (await (
        await fetch(`${BASE}/bench/statements`, { method: 'POST' })
      ).json()) as { top: [string, number][] };
      const machineBySecond = await machine.stop();
      const row: Row = {
        what: o.what,
        requests: open.latencies.length,
        seconds: open.open.seconds,
        latencies: open.latencies,
        errors: open.errors,
        ...openCost,
        benchCpuMs: openCost.benchCpuMs + open.cpuMs,
        bytes: open.bytes,
      };
      const kindRows: Row[] = (['browse', 'cart', 'checkout', 'place'] as const)
        .filter((kind) => open.byKind[kind].length > 0)
        .map((kind) => ({
          what: `  ${kind === 'place' ? 'checkout: placing (POST /api/payment)' : kind}`,
          requests: open.byKind[kind].length,
          seconds: open.open.seconds,
          latencies: open.byKind[kind],
          errors: open.errorsByKind[kind],
        }));
      const bySecond: number[][] = [];
      open.dueSecond.forEach((second, i) => (bySecond[second] ??= []).push(open.latencies[i]!));
      const p99s = bySecond.map((l) => stats(l).p99.toFixed(0));
      const lag = (await (await fetch(`${BASE}/bench/lag`)).json()) as {
        worstMsBySecond: number[];
        bySecond: { gcWorstMs: number; gcMajor: boolean; indexBuildMs: number }[];
      };
      const hits = after.hits - before.hits;
      const reads = hits + after.misses - before.misses;
      // What each second looked like: the answers' p99, the server's worst event-loop lag and
      // longest GC pause ("M": a major one), the load generator's, and the machine's.
      const bySecondLines = [
        `catalogue cache hits: ${((hits / reads) * 100).toFixed(0)}% of ${reads} catalogue reads`,
        `p99 by second (ms): ${p99s.join(', ')}`,
        `the statements sent most (count: text):\n    ${statements.top.map(([text, n]) => `${n}: ${text.replace(/\s+/g, ' ')}`).join('\n    ')}`,
        `the server's worst event-loop lag by second (ms): ${lag.worstMsBySecond.map((ms) => ms.toFixed(0)).join(', ')}`,
        `its longest GC pause by second (ms; M: major): ${lag.bySecond.map((g) => `${g.gcWorstMs.toFixed(0)}${g.gcMajor ? 'M' : ''}${g.indexBuildMs ? ` (search index built: ${g.indexBuildMs.toFixed(0)} ms)` : ''}`).join(', ')}`,
        `the load generator's worst event-loop lag (and GC pause) by second (ms): ${open.lagBySecond.map((ms, i) => `${ms.toFixed(0)} (${open.gcBySecond[i]!.toFixed(0)})`).join(', ')}`,
        `the machine by second (CPU busy of all cores):\n    ${machineBySecond.join('\n    ')}`,
        `the slowest answers:\n    ${open.slowest.map((r) => `${r.ms.toFixed(0)} ms in second ${r.second}: ${r.url}`).join('\n    ')}`,
        `achieved ${(row.requests / open.open.seconds).toFixed(0)} req/s (${open.open.seconds.toFixed(1)} s with the last answers); at most ${open.open.maxInFlight} arrivals in flight; ${open.open.dropped} not sent (in-flight cap or every user of the kind busy, counted as errors)`,
      ];
      printRows([row, ...kindRows], firstBaselineRps);
      for (const line of bySecondLines) console.log(`  ${line}`);
      if (row.errors - (o.warmUp ? open.open.dropped : 0) > 0) {
        failed = true;
        console.log(`  FAILURES (the first few):\n    ${open.failures.join('\n    ')}`);
      }
      return { open, row, hitShare: hits / reads };
    };
    const openLoops = async (o: {
      title: string;
      rate: number;
      what: string;
      action: () => OpenAction;
      profile: string;
    }) => {
      console.log(`\n## Open loop: ${o.title} for ${DURATION_S} s`);
      // A warm-up at the same rate first, reported but not the target: the mix before it
      // changed stock on every order, so every cached answer is gone and the first seconds
      // measure recovering from the mix's overload (docs/benchmarks.md, 2026-11-25).
      if (WARMUP_S > 0) {
        await openPhase({
          ...o,
          seconds: WARMUP_S,
          what: `warm-up (not the target)`,
          profile: undefined,
          warmUp: true,
        });
      }
      return openPhase({ ...o, seconds: DURATION_S });
    };
    const browseRate = Number(process.env.BENCH_OPEN_RATE) || Math.round(firstBaselineRps * 0.3);
    const mixRate = Number(process.env.BENCH_MIX_OPEN_RATE) || Math.round(firstBaselineRps * 0.15);
    let openCartsEmptied = false;
    /** Both open loops against the server as it runs now (`workers` app processes). */
    const openLoopsOf = async (workers: number) => {
      const on = `${workers} app process${workers > 1 ? 'es' : ''}`;
      const browseOpen = await openLoops({
        title: `browse arriving at ${browseRate} req/s (30% of the first baseline's ${firstBaselineRps.toFixed(0)}), ${on}`,
        rate: browseRate,
        what: `browse, open loop at ${browseRate} req/s`,
        action: browseAction,
        profile: `open-browse-${workers}`,
      });
      // The open loop's cart users (in the load generator's process) start knowing no lines:
      // so do their carts, the first time (then the users remember theirs).
      if (!openCartsEmptied) {
        openCartsEmptied = true;
        await handle.db.delete(cartLines).where(
          inArray(
            cartLines.userId,
            mixUsers.cart.map((u) => u.userId),
          ),
        );
      }
      const mix = await openLoops({
        title: `the whole mix (browse 80%, cart 15%, checkout 5% of arrivals; a checkout is ${benchGateway() === 'sandbox' ? 'four requests' : 'three requests, the payment at the gateway'}) arriving at ${mixRate} a second (15% of the first baseline's ${firstBaselineRps.toFixed(0)}), ${on}`,
        rate: mixRate,
        what: `whole mix, open loop at ${mixRate} arrivals/s`,
        action: mixAction,
        profile: `open-mix-${workers}`,
      });
      const p99 = (kind: keyof typeof mix.open.byKind) => stats(mix.open.byKind[kind]).p99;
      const cpuPerRequest = (mix.row.cpuMs ?? NaN) / mix.row.requests;
      const targets: [string, boolean][] = [
        [`0 errors (${mix.row.errors})`, mix.row.errors === 0],
        [`browse p99 < 100 ms (${fmt(p99('browse'))})`, p99('browse') < 100],
        [`cart p99 < 200 ms (${fmt(p99('cart'))})`, p99('cart') < 200],
        [`checkout p99 < 200 ms (${fmt(p99('checkout'))})`, p99('checkout') < 200],
        [`placing p99 < 250 ms (${fmt(p99('place'))})`, p99('place') < 250],
        [`server CPU ≤ 1.0 ms a request (${cpuPerRequest.toFixed(2)})`, cpuPerRequest <= 1],
        [`catalogue cache hits ≥ 50% (${(mix.hitShare * 100).toFixed(0)}%)`, mix.hitShare >= 0.5],
      ];
      console.log(
        `\n  the whole mix's targets, ${on}: ${targets.map(([what, met]) => `${met ? 'met' : 'MISSED'}: ${what}`).join('; ')}`,
      );
      return [
        String(workers),
        fmt(stats(browseOpen.row.latencies).p99),
        fmt(p99('browse')),
        fmt(p99('cart')),
        fmt(p99('checkout')),
        fmt(p99('place')),
        String(mix.row.errors),
        cpuPerRequest.toFixed(2),
        `${(mix.hitShare * 100).toFixed(0)}%`,
      ];
    };
    const sideBySide = [await openLoopsOf(benchWorkers())];
    // The same open loops again on the next process counts (BENCH_MIX_WORKERS, default 1,2):
    // the server started again with BENCH_WORKERS=n on the same database.
    for (const workers of WORKER_COUNTS.filter((n) => n !== benchWorkers())) {
      await gateway?.settled();
      await server.stop();
      server = startServer(target, { ...serverEnv, BENCH_WORKERS: String(workers) });
      await server.ready;
      await closedLoop(20, 2, async (w) => {
        await call(tally, 'browse', 'GET', browse[w]!());
      });
      sideBySide.push(await openLoopsOf(workers));
    }
    console.log(`\n## Open loops side by side (p99 in ms; CPU of all app processes)`);
    console.log(
      `| app processes | browse alone | mix: browse | mix: cart | mix: checkout | mix: placing | mix errors | mix CPU ms/req | mix cache hits |`,
    );
    console.log(`|---:|---:|---:|---:|---:|---:|---:|---:|---:|`);
    for (const row of sideBySide) console.log(`| ${row.join(' | ')} |`);
    console.log(
      `\n  whole mix section: ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
    if (gateway) {
      await gateway.settled();
      console.log(
        `  the gateway's webhooks: ${gateway.webhooks.sent} delivered, ${gateway.webhooks.failed} refused or failed${gateway.webhooks.failed ? ` (last: ${gateway.webhooks.lastFailure})` : ''}`,
      );
      if (gateway.webhooks.failed > 0) failed = true;
    }
  } finally {
    client?.stop();
    await monitor.end().catch(() => undefined);
    await server.stop();
    await gateway?.close();
    // Counted once the server has stopped: its last order emails go out before it exits.
    if (smtp) console.log(`  SMTP stand-in: ${smtp.describe()}`);
    await smtp?.close();
    await handle.close();
    await target.cleanup();
  }
  if (failed) throw new Error('The load mix had errors (must be 0)');
}

/**
 * The load mix (PostgreSQL): the demo stores plus BENCH_PRODUCTS (10,000) believable
 * products, the real server in its own process, and closed-loop virtual users over HTTP at 50 and
 * then 200 at once: browse 80% (home reads, listings with filters, sorts and pages, searches from
 * the catalogue's words, product pages: thousands of distinct URLs), cart 15% (signed-in users
 * add, change, remove and read lines) and checkout 5% (summary, place, pay in the sandbox,
 * verify). Beside it, at the same concurrency and with the same client: the plain baseline route,
 * and browse alone. Reports req/s, p50, p99 and errors per part, and the catalogue cache's hit
 * ratio from the server's /api/metrics.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LoginResponse } from '@shop/contracts';
import { openDatabase } from '@shop/db';
import pg from 'pg';
import { BENCH_METRICS_TOKEN, PORT, startServer, type Target } from './bench-targets.ts';
import { closedLoop, stats } from './load-loop.ts';
import type { OpenPhaseRequest, OpenPhaseResult } from './open-loop-client.ts';
import { watchMachine } from './machine-watch.ts';
import { random, seedMixCatalogue, type MixCatalogue } from './mix-fixtures.ts';
import {
  orderBody,
  profiled,
  queryCount,
  serverCpuMs,
  watched,
  type Shopper,
} from './orders-bench.ts';
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
const STORE = ORDERS_STORE_ID;
const BASE = `http://127.0.0.1:${PORT}`;
const PARTS = ['browse', 'cart', 'checkout'] as const;
type Part = (typeof PARTS)[number];

interface Tally {
  ms: Record<Part, number[]>;
  errors: Record<Part, number>;
  /** Bytes of the answers' bodies as sent (uncompressed, as asked for). */
  bytes: Record<Part, number>;
  /** The first few failures, to print. */
  failures: string[];
}

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
  o: { token?: string; body?: unknown } = {},
): Promise<T | undefined> {
  const started = performance.now();
  let status = 0;
  let text: string;
  try {
    const res = await fetch(`${BASE}${url}`, {
      method,
      headers: {
        // Uncompressed, as the catalogue section's autocannon and the baseline: the load
        // generator shares the cores, and decompressing every answer would be its work, not the
        // server's. (The server still compresses each computed answer once, for the cache.)
        'accept-encoding': 'identity',
        ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    text = String(err);
  }
  tally.ms[part].push(performance.now() - started);
  tally.bytes[part] += Buffer.byteLength(text);
  // Browse answers are not read further (parsing them would be the load generator's work).
  if (status >= 200 && status < 300) return (part === 'browse' ? {} : JSON.parse(text)) as T;
  tally.errors[part] += 1;
  if (tally.failures.length < 5)
    tally.failures.push(`${method} ${url} → ${status} ${text.slice(0, 200)}`);
  return undefined;
}

/** Browsing: which URL a shopper asks for next, from a large space of distinct ones. */
function browser(catalogue: MixCatalogue, seed: number) {
  const r = random(seed);
  const api = `/api`;
  const list = (p: Record<string, string>) =>
    `${api}/grouped-product/search-all-products/${STORE}?${new URLSearchParams(p).toString()}`;
  const home = [
    `${api}/meta/${STORE}`,
    `${api}/slider/all/${STORE}`,
    `${api}/newarrival/all/${STORE}`,
    `${api}/offer/all/${STORE}`,
    `${api}/category/getdata/category/${STORE}`,
    `${api}/marquee/all/${STORE}`,
    `${api}/button/${STORE}`,
    list({ page: '1', limit: '20', sort: 'recommended', courses: 'include' }),
  ];
  const sorts = ['recommended', 'newest', 'popular', 'price_asc', 'price_desc'];
  const sort = () => (r.next() < 0.4 ? 'recommended' : r.pick(sorts));
  // Infinite scroll: page 1 most often, deep pages seldom (mean ~6, at most 150).
  const page = () => String(Math.min(150, 1 + Math.floor(-Math.log(1 - r.next()) * 5)));
  return (): string => {
    const x = r.next();
    if (x < 0.15) return r.pick(home);
    if (x < 0.5) {
      const p: Record<string, string> = { page: page(), limit: '10', sort: sort() };
      p.courses = 'include';
      if (r.next() < 0.85) p.category = r.pick(catalogue.categories);
      if (r.next() < 0.15) p.categorytype = r.pick(catalogue.tags);
      return list(p);
    }
    if (x < 0.7) {
      const word = r.pick(catalogue.words);
      if (r.next() < 0.2) {
        return `${api}/grouped-product/suggestions/${STORE}?q=${encodeURIComponent(word.slice(0, r.int(3, 5)))}`;
      }
      const search = r.next() < 0.6 ? word : `${word} ${r.pick(catalogue.words)}`;
      const p = r.next() < 0.8 ? '1' : String(r.int(2, 3));
      return list({
        page: p,
        limit: '10',
        sort: r.next() < 0.7 ? 'recommended' : r.pick(sorts),
        courses: 'include',
        search,
      });
    }
    return `${api}/grouped-product/single/${r.pick(catalogue.productIds)}`;
  };
}

/** A shopper's cart: adds while it is small, otherwise changes, removes or reads a line. */
function cartUser(tally: () => Tally, catalogue: MixCatalogue, s: Shopper, seed: number) {
  const r = random(seed);
  const lines = new Map<string, string>();
  return async () => {
    const t = tally();
    if (lines.size === 0 || (lines.size < 4 && r.next() < 0.4)) {
      let line = r.pick(catalogue.buyable);
      while (lines.has(line.sku)) line = r.pick(catalogue.buyable);
      const added = await call(t, 'cart', 'POST', '/api/cart', {
        token: s.token,
        body: {
          product_id: line.id,
          product_sku: line.sku,
          quantity: 1,
          user_id: s.userId,
          main_id: STORE,
        },
      });
      if (added) lines.set(line.sku, line.id);
      return;
    }
    const sku = r.pick([...lines.keys()]);
    const x = r.next();
    if (x < 0.35) {
      await call(t, 'cart', 'PATCH', `/api/cart/${encodeURIComponent(sku)}`, {
        token: s.token,
        body: { quantity: r.int(1, 3) },
      });
    } else if (x < 0.65) {
      await call(t, 'cart', 'DELETE', `/api/cart/${encodeURIComponent(sku)}`, { token: s.token });
      lines.delete(sku);
    } else {
      await call(t, 'cart', 'GET', `/api/cart/${s.userId}`, { token: s.token });
    }
  };
}

interface Placed {
  receipt_id: string;
  razorpay_order: { id: string; key_id: string };
}

/** Checkout: the summary of one or two lines, then place (pay now), pay in the sandbox, verify. */
function checkoutUser(tally: () => Tally, catalogue: MixCatalogue, s: Shopper, seed: number) {
  const r = random(seed);
  return async () => {
    const t = tally();
    const first = r.pick(catalogue.buyable);
    let second = r.pick(catalogue.buyable);
    while (second.sku === first.sku) second = r.pick(catalogue.buyable);
    const body = orderBody(s, r.next() < 0.5 ? [first] : [first, second]);
    const summary = await call<{ orderable: boolean; reason?: string }>(
      t,
      'checkout',
      'POST',
      '/api/payment/summary',
      {
        token: s.token,
        body: {
          main_id: STORE,
          cart_products: body.cart_products,
          shipping_address: s.addressId,
          payment_mode: 'Pay now',
        },
      },
    );
    if (!summary) return;
    if (!summary.orderable) {
      t.errors.checkout += 1;
      t.failures.push(`summary not orderable: ${summary.reason}`);
      return;
    }
    const placed = await call<Placed>(t, 'checkout', 'POST', '/api/payment', {
      token: s.token,
      body,
    });
    if (!placed) return;
    const paid = await call<{ ok: boolean; answer: Record<string, string> }>(
      t,
      'checkout',
      'POST',
      '/api/sandbox/pay',
      {
        token: s.token,
        body: { order_id: placed.razorpay_order.id, method: 'upi', outcome: 'success' },
      },
    );
    if (!paid) return;
    await call(t, 'checkout', 'POST', '/api/payment/verify', {
      token: s.token,
      body: {
        ...paid.answer,
        key_id: placed.razorpay_order.key_id,
        receipt_id: placed.receipt_id,
      },
    });
  };
}

/** The server's catalogue cache counters (this process's cache). */
async function cacheCounters() {
  const res = await fetch(`${BASE}/api/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
  });
  const text = await res.text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return {
    hits: read('shop_catalogue_cache_hits_total'),
    misses: read('shop_catalogue_cache_misses_total'),
  };
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

/** The server's CPU time and statement count spent by `work` (a whole phase). */
async function measured<T>(work: () => Promise<T>) {
  const [cpu0, q0] = [await serverCpuMs(), await queryCount()];
  const result = await work();
  const [cpu1, q1] = [await serverCpuMs(), await queryCount()];
  return { result, cpuMs: cpu1 - cpu0, statements: q1 - q0 };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

function printRows(rows: Row[], baselineRps: number) {
  console.log(
    `| what | req/s | p50 ms | p99 ms | errors | vs baseline | server CPU ms/req | statements/req | kB/req |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|`);
  for (const row of rows) {
    const rps = row.requests / row.seconds;
    const { p50, p99 } = stats(row.latencies);
    const per = (n: number | undefined, digits: number, scale = 1) =>
      n === undefined || row.requests === 0 ? '' : (n / scale / row.requests).toFixed(digits);
    console.log(
      `| ${row.what} | ${rps.toFixed(0)} | ${fmt(p50)} | ${fmt(p99)} | ${row.errors} | ${((rps / baselineRps) * 100).toFixed(0)}% | ${per(row.cpuMs, 3)} | ${per(row.statements, 2)} | ${per(row.bytes, 1, 1000)} |`,
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
  const server = startServer(target, { STORE_ID: STORE });
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
    const carts = Array.from({ length: users }, (_, w) =>
      cartUser(current, catalogue, shoppers[w]!, 2000 + w),
    );
    const checkouts = Array.from({ length: users }, (_, w) =>
      checkoutUser(current, catalogue, shoppers[users + w]!, 3000 + w),
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
            else if (x < 0.95) await carts[w]!();
            else await checkouts[w]!();
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

    // The target as a shop meets it: browse arriving at a steady 30% of the baseline's rate
    // (BENCH_OPEN_RATE to set it), each request sent on time whatever the others are doing.
    const rate = Number(process.env.BENCH_OPEN_RATE) || Math.round(firstBaselineRps * 0.3);
    console.log(
      `\n## Open loop: browse arriving at ${rate} req/s (30% of the first baseline's ${firstBaselineRps.toFixed(0)}) for ${DURATION_S} s`,
    );
    // A warm-up at the same rate first, reported but not the target: the mix before it
    // changed stock on every order, so every cached answer is gone and the first seconds
    // measure recovering from the mix's overload (docs/benchmarks.md, 2026-11-25).
    let next = 0;
    client = await startOpenLoopClient();
    const openLoopClient = client;
    // Its connections opened and its code warm before the warm-up: a fresh process opening
    // hundreds of connections at once in the warm-up's first second stalled it for seconds.
    await openLoopClient.run({ base: BASE, urls: ['/api/health/live'], rate, seconds: 2 });
    const openPhase = async (seconds: number, what: string) => {
      // The URLs made here, sent by the load generator's own process (open-loop-client.ts).
      const urls = Array.from({ length: Math.floor(rate * seconds) }, () =>
        browse[next++ % users]!(),
      );
      await fetch(`${BASE}/bench/lag/reset`, { method: 'POST' });
      const machine = await watchMachine(monitor);
      const { result: open, ...openCost } = await measured(() =>
        openLoopClient.run({ base: BASE, urls, rate, seconds }),
      );
      const machineBySecond = await machine.stop();
      const row: Row = {
        what,
        requests: open.latencies.length,
        seconds: open.open.seconds,
        latencies: open.latencies,
        errors: open.errors + open.open.dropped,
        ...openCost,
        bytes: open.bytes,
      };
      const bySecond: number[][] = [];
      open.dueSecond.forEach((second, i) => (bySecond[second] ??= []).push(open.latencies[i]!));
      const p99s = bySecond.map((l) => stats(l).p99.toFixed(0));
      const lag = (await (await fetch(`${BASE}/bench/lag`)).json()) as {
        worstMsBySecond: number[];
        bySecond: { gcWorstMs: number; gcMajor: boolean; indexBuildMs: number }[];
      };
      // What each second looked like: the answers' p99, the server's worst event-loop lag and
      // longest GC pause ("M": a major one), the load generator's, and the machine's.
      const bySecondLines = [
        `p99 by second (ms): ${p99s.join(', ')}`,
        `the server's worst event-loop lag by second (ms): ${lag.worstMsBySecond.map((ms) => ms.toFixed(0)).join(', ')}`,
        `its longest GC pause by second (ms; M: major): ${lag.bySecond.map((g) => `${g.gcWorstMs.toFixed(0)}${g.gcMajor ? 'M' : ''}${g.indexBuildMs ? ` (search index built: ${g.indexBuildMs.toFixed(0)} ms)` : ''}`).join(', ')}`,
        `the load generator's worst event-loop lag (and GC pause) by second (ms): ${open.lagBySecond.map((ms, i) => `${ms.toFixed(0)} (${open.gcBySecond[i]!.toFixed(0)})`).join(', ')}`,
        `the machine by second (CPU busy of all cores):\n    ${machineBySecond.join('\n    ')}`,
        `the slowest answers:\n    ${open.slowest.map((r) => `${r.ms.toFixed(0)} ms in second ${r.second}: ${r.url}`).join('\n    ')}`,
      ];
      printRows([row], firstBaselineRps);
      for (const line of bySecondLines) console.log(`  ${line}`);
      return { open: open.open, failures: open.failures, row };
    };
    if (WARMUP_S > 0) {
      await openPhase(WARMUP_S, `warm-up, open loop at ${rate} req/s (not the target)`);
    }
    const {
      open,
      row: openRow,
      failures: openFailures,
    } = await openPhase(DURATION_S, `browse, open loop at ${rate} req/s`);
    console.log(
      `  achieved ${(openRow.requests / open.seconds).toFixed(0)} req/s (${open.seconds.toFixed(1)} s with the last answers); at most ${open.maxInFlight} in flight; ${open.dropped} not sent (over the in-flight cap, counted as errors)`,
    );
    if (openRow.errors > 0) {
      failed = true;
      const failures = [
        ...openFailures,
        ...(open.dropped ? [`${open.dropped} requests not sent: the server fell behind`] : []),
      ];
      console.log(`  FAILURES (the first few):\n    ${failures.join('\n    ')}`);
    }
    console.log(
      `\n  whole mix section: ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
    );
  } finally {
    client?.stop();
    await monitor.end().catch(() => undefined);
    await server.stop();
    await handle.close();
    await target.cleanup();
  }
  if (failed) throw new Error('The load mix had errors (must be 0)');
}

